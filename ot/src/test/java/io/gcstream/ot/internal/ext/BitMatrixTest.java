package io.gcstream.ot.internal.ext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BitMatrixTest {
    private static boolean bit(long w, int i) {
        return ((w >>> i) & 1) != 0;
    }

    @Test
    void transpose128MatchesNaive() {
        assertTransposeMatchesNaive(5, 3, BitMatrix.scratch(5));
    }

    @Test
    void groupedTransposeMatchesNaiveWithRemainingWords() {
        // Two groups of 16 words through the vectorised path, then 5 words through registers.
        long[] tmp = BitMatrix.scratch(37);
        assertTrue(tmp.length > 64, "scratch for 37 words enables the grouped path");
        assertTransposeMatchesNaive(37, 8, tmp);
    }

    @Test
    void smallScratchTakesTheRegisterPathForAllWords() {
        assertTransposeMatchesNaive(32, 8, new long[64]);
    }

    private static void assertTransposeMatchesNaive(int words, int pad, long[] tmp) {
        Random rnd = new Random(2 + words);
        int stride = words + pad;
        byte[] rows = new byte[8 * (127 * stride + words)];
        rnd.nextBytes(rows);
        long[] out = new long[2 * (64 * words + 1)];
        BitMatrix.transpose128(rows, words, stride, out, 1, tmp);
        for (int i = 0; i < 64 * words; i++) {
            for (int j = 0; j < 128; j++) {
                // Row j's bit i: bit i % 8 of byte i / 8 of the row (little-endian longs).
                boolean want = ((rows[8 * j * stride + i / 8] >>> (i % 8)) & 1) != 0;
                boolean got = bit(out[2 * (1 + i) + j / 64], j % 64);
                assertEquals(want, got, "column " + i + " row " + j);
            }
        }
    }

    @Test
    void transpose128RejectsRowsTooShortForTheStride() {
        byte[] rows = new byte[8 * (127 * 3 + 2) - 1];
        assertThrows(IndexOutOfBoundsException.class,
                () -> BitMatrix.transpose128(rows, 2, 3, new long[2 * 128], 0, new long[64]));
    }
}
