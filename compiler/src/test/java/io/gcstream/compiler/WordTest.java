package io.gcstream.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class WordTest {
    @Test
    void sliceConcatAndBits() {
        Word w = Word.of(5, 6, 7, 8);
        assertEquals(4, w.width());
        assertEquals(5, w.bit(0));
        assertEquals(8, w.bit(w.width() - 1));
        assertEquals(Word.of(6, 7), w.slice(1, 3));
        assertEquals(Word.of(5, 6, 9), w.slice(0, 2).concat(Word.of(9)));
        assertEquals(Word.of(1, 2, 3), Word.of(1).concat(Word.of()).concat(Word.of(2, 3)));
        assertNotEquals(Word.of(1, 2), Word.of(2, 1));
    }

    @Test
    void isImmutable() {
        int[] a = {2, 3};
        Word w = Word.of(a);
        a[0] = 9;
        w.wires()[1] = 9;
        assertArrayEquals(new int[] {2, 3}, w.wires());
    }
}
