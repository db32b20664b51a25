package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.compiler.Word;
import org.junit.jupiter.api.Test;

class InteropTest {
    @Test
    void wordsAndValuesConvertBothWays() {
        Computation c = new Computation();
        UInt x = c.creator().uint(8);
        Word w = Interop.word(x);
        assertEquals(8, w.width());
        assertEquals(Type.uint(8), Interop.uint(c, w).type());
        assertEquals(Type.sint(8), Interop.sint(c, w).type());
        assertEquals(Type.bit(), Interop.bit(c, w.slice(0, 1)).type());
        assertThrows(IllegalArgumentException.class, () -> Interop.bit(c, w));
        assertThrows(IllegalArgumentException.class, () -> Interop.uint(c, w.slice(0, 0)));
    }
}
