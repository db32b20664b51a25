package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SmallTableSearchTest {
    /** Inversion in GF(2^4) with x^4 + x + 1 (0 maps to 0). */
    static int[] gf16Inverse() {
        int[] inv = new int[16];
        for (int x = 1; x < 16; x++) {
            for (int y = 1; y < 16; y++) {
                int a = x;
                int r = 0;
                for (int i = 0; i < 4; i++) {
                    if (((y >> i) & 1) != 0) {
                        r ^= a;
                    }
                    a = (a << 1) ^ ((a & 8) != 0 ? 0x13 : 0);
                }
                if (r == 1) {
                    inv[x] = y;
                }
            }
        }
        return inv;
    }

    private static TableNetwork found(int[] t, int m, int n, int maxAnds) {
        TableNetwork net = SmallTableSearch.find(t, m, n, maxAnds);
        if (net != null) {
            TableSynthesis.verify(net, t, m, n);
        }
        return net;
    }

    @Test
    void findsTheKnownMinimalCircuits() {
        assertEquals(4, found(TableTest.PRESENT_SBOX, 4, 4, 8).andCount());
        assertEquals(5, found(gf16Inverse(), 4, 4, 8).andCount());
        assertEquals(1, found(new int[] {0, 0, 0, 1}, 2, 1, 3).andCount());
        assertEquals(0, found(new int[] {1, 0, 0, 1}, 2, 1, 3).andCount()); // XNOR
    }

    @Test
    void nothingBelowWhatExists() {
        assertNull(found(new int[] {0, 0, 0, 1}, 2, 1, 0));
        assertNull(found(new int[] {0, 0, 0, 0, 0, 0, 0, 1}, 3, 1, 1)); // a 3-input AND needs 2
    }

    @Test
    void onlySmallTables() {
        assertThrows(IllegalArgumentException.class, () -> SmallTableSearch.find(new int[32], 5, 1, 3));
    }
}
