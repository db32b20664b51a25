package io.gcstream.circuits.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TruthTableTest {
    @Test
    void namedTablesEvaluateAsTheirNamesSay() {
        for (int a = 0; a < 2; a++) {
            for (int b = 0; b < 2; b++) {
                assertEquals(a & b, TruthTable.eval(TruthTable.AND, a, b));
                assertEquals(a ^ b, TruthTable.eval(TruthTable.XOR, a, b));
                assertEquals(a | b, TruthTable.eval(TruthTable.OR, a, b));
                assertEquals(1 - (a | b), TruthTable.eval(TruthTable.NOR, a, b));
                assertEquals(1 - (a ^ b), TruthTable.eval(TruthTable.XNOR, a, b));
                assertEquals(1 - (a & b), TruthTable.eval(TruthTable.NAND, a, b));
                assertEquals(0, TruthTable.eval(TruthTable.ZERO, a, b));
                assertEquals(1, TruthTable.eval(TruthTable.ONE, a, b));
            }
            // One-input gates read the same slot twice.
            assertEquals(a, TruthTable.eval(TruthTable.COPY, a, a));
            assertEquals(1 - a, TruthTable.eval(TruthTable.NOT, a, a));
        }
    }

    @Test
    void msbIsF00AndLsbIsF11() {
        // 8 = 1000b: true only at (0,0)
        assertEquals(1, TruthTable.eval(8, 0, 0));
        assertEquals(0, TruthTable.eval(8, 1, 1));
        assertEquals(1, TruthTable.eval(1, 1, 1));
        assertEquals(1, TruthTable.eval(4, 0, 1));
        assertEquals(1, TruthTable.eval(2, 1, 0));
    }

    @Test
    void exactlyEightTablesAreLinearAndTheyAreAffine() {
        int linear = 0;
        for (int t = 0; t < 16; t++) {
            boolean affine = false;
            // f is affine iff f(a,b) = c0 ^ c1 a ^ c2 b for some c
            for (int c = 0; c < 8; c++) {
                boolean all = true;
                for (int a = 0; a < 2; a++) {
                    for (int b = 0; b < 2; b++) {
                        int want = (c & 1) ^ ((c >> 1) & a) ^ ((c >> 2) & b);
                        all &= TruthTable.eval(t, a, b) == want;
                    }
                }
                affine |= all;
            }
            assertEquals(affine, TruthTable.isLinear(t), "table " + t);
            linear += affine ? 1 : 0;
        }
        assertEquals(8, linear);
    }

    @Test
    void andFormIsExactForAllEightNonLinearTables() {
        int checked = 0;
        for (int t = 0; t < 16; t++) {
            if (TruthTable.isLinear(t)) {
                int table = t;
                assertThrows(IllegalArgumentException.class, () -> TruthTable.andForm(table));
                continue;
            }
            int f = TruthTable.andForm(t);
            int alpha = (f >> 2) & 1;
            int beta = (f >> 1) & 1;
            int gamma = f & 1;
            for (int a = 0; a < 2; a++) {
                for (int b = 0; b < 2; b++) {
                    assertEquals(TruthTable.eval(t, a, b), ((a ^ alpha) & (b ^ beta)) ^ gamma,
                            "table " + t + " at " + a + "," + b);
                }
            }
            checked++;
        }
        assertEquals(8, checked);
    }

    @Test
    void validity() {
        assertTrue(TruthTable.isValid(0));
        assertTrue(TruthTable.isValid(15));
        assertFalse(TruthTable.isValid(16));
        assertFalse(TruthTable.isValid(-1));
    }
}
