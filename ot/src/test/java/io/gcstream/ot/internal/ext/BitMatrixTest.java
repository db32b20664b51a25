package io.gcstream.ot.internal.ext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BitMatrixTest {
    private static boolean bit(long w, int i) {
        return ((w >>> i) & 1) != 0;
    }

    @Test
    void transpose64MatchesNaive() {
        Random rnd = new Random(1);
        long[] x = new long[64];
        for (int i = 0; i < 64; i++) {
            x[i] = rnd.nextLong();
        }
        long[] y = x.clone();
        BitMatrix.transpose64(y);
        for (int r = 0; r < 64; r++) {
            for (int c = 0; c < 64; c++) {
                assertEquals(bit(x[r], c), bit(y[c], r), "r=" + r + " c=" + c);
            }
        }
    }

    @Test
    void transpose128MatchesNaive() {
        Random rnd = new Random(2);
        int words = 5;
        int stride = words + 3;
        byte[] rows = new byte[8 * 128 * stride];
        rnd.nextBytes(rows);
        long[] out = new long[2 * (64 * words + 1)];
        BitMatrix.transpose128(rows, words, stride, out, 1, new long[64]);
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
