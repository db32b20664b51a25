package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.engine.Scheme;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Pure one-gate garble/eval of every scheme on all four input combinations, no network. */
class GarblingSchemeTest {
    private final TweakableHash hash = new TweakableHash();

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void everyNonLinearTableOnAllFourInputs(Scheme s) {
        GarblingScheme scheme = GarblingScheme.of(s);
        Random r = new Random(7);
        for (int trial = 0; trial < 50; trial++) {
            for (int table = 0; table < 16; table++) {
                if (TruthTable.isLinear(table)) {
                    continue;
                }
                long dLo = r.nextLong() | 1;
                long dHi = r.nextLong();
                long gate = r.nextInt(1 << 20);
                long[] g = new long[6];
                g[0] = r.nextLong();
                g[1] = r.nextLong();
                g[2] = r.nextLong();
                g[3] = r.nextLong();
                byte[] tables = new byte[scheme.tableBytes()];
                int control = scheme.garbleGate(hash, table, g, 0, 1, 2, dLo, dHi, gate, tables, 0);
                assertEquals(0, control >>> scheme.controlBits(), "control bits beyond the scheme's");
                for (int a = 0; a < 2; a++) {
                    for (int b = 0; b < 2; b++) {
                        long[] e = {g[0] ^ (a * dLo), g[1] ^ (a * dHi), g[2] ^ (b * dLo),
                            g[3] ^ (b * dHi), 0, 0};
                        scheme.evalGate(hash, e, 0, 1, 2, gate, control, tables, 0);
                        int f = TruthTable.eval(table, a, b);
                        long[] expect = {g[4] ^ (f * dLo), g[5] ^ (f * dHi)};
                        assertArrayEquals(expect, new long[] {e[4], e[5]},
                                s + " table " + table + " on (" + a + "," + b + ")");
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void sameSlotInputsAndOutputOverwritingInput(Scheme s) {
        GarblingScheme scheme = GarblingScheme.of(s);
        long dLo = 0x1234_5678_9abc_def1L;
        long dHi = 0x0fed_cba9_8765_4321L;
        long[] g = {0x1111L, 0x2222L};
        long a0lo = g[0];
        long a0hi = g[1];
        byte[] tables = new byte[scheme.tableBytes()];
        int control = scheme.garbleGate(hash, TruthTable.AND, g, 0, 0, 0, dLo, dHi, 5, tables, 0);
        for (int a = 0; a < 2; a++) {
            long[] e = {a0lo ^ (a * dLo), a0hi ^ (a * dHi)};
            scheme.evalGate(hash, e, 0, 0, 0, 5, control, tables, 0);
            assertArrayEquals(new long[] {g[0] ^ (a * dLo), g[1] ^ (a * dHi)}, e);
        }
    }

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void tweakChangesTheTable(Scheme s) {
        GarblingScheme scheme = GarblingScheme.of(s);
        long[] g1 = {3, 4, 5, 6, 0, 0};
        long[] g2 = g1.clone();
        byte[] t1 = new byte[scheme.tableBytes()];
        byte[] t2 = new byte[scheme.tableBytes()];
        scheme.garbleGate(hash, TruthTable.AND, g1, 0, 1, 2, 1, 0, 0, t1, 0);
        scheme.garbleGate(hash, TruthTable.AND, g2, 0, 1, 2, 1, 0, 1, t2, 0);
        assertEquals(false, java.util.Arrays.equals(t1, t2));
    }
}
