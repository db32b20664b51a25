package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.gcstream.circuits.internal.TruthTable;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FreeXorTest {
    @Test
    void everyLinearTableOnAllFourInputs() {
        Random r = new Random(3);
        for (int table = 0; table < 16; table++) {
            if (!TruthTable.isLinear(table)) {
                continue;
            }
            long dLo = r.nextLong() | 1;
            long dHi = r.nextLong();
            long[] g = {r.nextLong(), r.nextLong(), r.nextLong(), r.nextLong(), 0, 0};
            FreeXor.garble(table, g, 0, 1, 2, dLo, dHi);
            for (int a = 0; a < 2; a++) {
                for (int b = 0; b < 2; b++) {
                    long[] e = {g[0] ^ (a * dLo), g[1] ^ (a * dHi), g[2] ^ (b * dLo), g[3] ^ (b * dHi), 0, 0};
                    FreeXor.eval(table, e, 0, 1, 2);
                    int f = TruthTable.eval(table, a, b);
                    assertArrayEquals(new long[] {g[4] ^ (f * dLo), g[5] ^ (f * dHi)},
                            new long[] {e[4], e[5]}, "table " + table);
                }
            }
        }
    }

    @Test
    void constantZeroIsTheZeroLabelOnBothSides() {
        long[] g = {5, 6, 0, 0};
        FreeXor.garble(TruthTable.ZERO, g, 0, 0, 1, 7, 8);
        long[] e = {5 ^ 7, 6 ^ 8, 1, 1};
        FreeXor.eval(TruthTable.ZERO, e, 0, 0, 1);
        assertArrayEquals(new long[] {0, 0}, new long[] {g[2], g[3]});
        assertArrayEquals(new long[] {0, 0}, new long[] {e[2], e[3]});
    }
}
