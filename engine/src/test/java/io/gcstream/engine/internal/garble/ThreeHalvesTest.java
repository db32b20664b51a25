package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.engine.Scheme;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Three-halves beyond the checks every scheme gets ({@code GarblingSchemeTest}): many random
 * gates under random Δ (both values of Δ_R's lowest bit), each evaluated in all four rows; every
 * half-ciphertext and control bit is needed; sizes and tweaks.
 */
class ThreeHalvesTest {
    private final GarblingScheme scheme = ThreeHalves.INSTANCE;
    private final TweakableHash hash = new TweakableHash();

    @Test
    void registeredWithItsSizes() {
        assertEquals(scheme, Scheme.THREE_HALVES.implementation());
        assertEquals(Scheme.THREE_HALVES, Scheme.parse("three-halves"));
        assertEquals(24, scheme.tableBytes());
        assertEquals(5, scheme.controlBits());
        // 8 gates: 8 * 24 bytes of half-ciphertexts and 40 control bits in 5 bytes.
        assertEquals(197, scheme.batchBytes(8));
        assertEquals(24 * 1024 + 640, scheme.batchBytes(1024));
        assertEquals(25, scheme.batchBytes(1));
    }

    @Test
    void randomGatesUnderRandomDeltaInAllFourRows() {
        Random r = new Random(31);
        byte[] tables = new byte[24];
        for (int trial = 0; trial < 20_000; trial++) {
            int table = nonLinearTable(r);
            long dLo = r.nextLong() | 1;
            long dHi = r.nextLong();
            long gate = r.nextLong() >>> 3;
            long[] g = {r.nextLong(), r.nextLong(), r.nextLong(), r.nextLong(), 0, 0};
            int control = scheme.garbleGate(hash, table, g, 0, 1, 2, dLo, dHi, gate, tables, 0);
            for (int a = 0; a < 2; a++) {
                for (int b = 0; b < 2; b++) {
                    long[] e = active(g, a, b, dLo, dHi);
                    scheme.evalGate(hash, e, 0, 1, 2, gate, control, tables, 0);
                    int f = TruthTable.eval(table, a, b);
                    assertArrayEquals(new long[] {g[4] ^ (f * dLo), g[5] ^ (f * dHi)},
                            new long[] {e[4], e[5]}, "trial " + trial + ", table " + table);
                }
            }
        }
    }

    /**
     * Flipping any bit of any table half or control bit breaks the output in some row: a bug
     * that left a half or a bit unused (and so leaked or wasted it) would show here.
     */
    @Test
    void everyTableHalfAndControlBitIsUsed() {
        Random r = new Random(5);
        for (int part = 0; part < 3 + 5; part++) {
            boolean broken = false;
            for (int trial = 0; trial < 16 && !broken; trial++) {
                long dLo = r.nextLong() | 1;
                long dHi = r.nextLong();
                long[] g = {r.nextLong(), r.nextLong(), r.nextLong(), r.nextLong(), 0, 0};
                byte[] tables = new byte[24];
                int control = scheme.garbleGate(hash, TruthTable.AND, g, 0, 1, 2, dLo, dHi, 9, tables, 0);
                if (part < 3) {
                    tables[8 * part + r.nextInt(8)] ^= (byte) (1 << r.nextInt(8));
                } else {
                    control ^= 1 << (part - 3);
                }
                for (int row = 0; row < 4; row++) {
                    long[] e = active(g, row >>> 1, row & 1, dLo, dHi);
                    scheme.evalGate(hash, e, 0, 1, 2, 9, control, tables, 0);
                    int f = (row >>> 1) & row & 1;
                    broken |= e[4] != (g[4] ^ (f * dLo)) || e[5] != (g[5] ^ (f * dHi));
                }
            }
            assertTrue(broken, part < 3 ? "table half G" + part + " unused" : "control bit z" + (part - 3) + " unused");
        }
    }

    @Test
    void evaluatingUnderAnotherGateNumberFails() {
        long dLo = 0x0123_4567_89ab_cdefL;
        long dHi = 0x7edc_ba98_7654_3210L;
        long[] g = {11, 22, 33, 44, 0, 0};
        byte[] tables = new byte[24];
        int control = scheme.garbleGate(hash, TruthTable.AND, g, 0, 1, 2, dLo, dHi, 100, tables, 0);
        long[] e = active(g, 1, 1, dLo, dHi);
        scheme.evalGate(hash, e, 0, 1, 2, 101, control, tables, 0);
        assertFalse(e[4] == (g[4] ^ dLo) && e[5] == (g[5] ^ dHi));
    }

    /** The hash inputs and tweaks: colour-0 labels under 3g, 3g+1, 3g+2, as documented. */
    @Test
    void hashesTheColourZeroLabelsUnderThreeTweaksPerGate() {
        TweakableHash h = new TweakableHash(6);
        long dLo = 0x55L | 1;
        long dHi = 0x66L;
        // Slot 0's label has colour 1, so X = label ^ D; slot 1's has colour 0, so Y = label.
        long[] g = {0x1001L, 0x2002L, 0x3000L, 0x4004L};
        scheme.garblePrepare(TruthTable.AND, g, 0, 2, dLo, dHi, 7, h, 0);
        long[][] expect = {
            {0x1001L ^ dLo, 0x2002L ^ dHi, 21}, {0x1001L, 0x2002L, 21},
            {0x3000L, 0x4004L, 22}, {0x3000L ^ dLo, 0x4004L ^ dHi, 22},
            {0x1001L ^ dLo ^ 0x3000L, 0x2002L ^ dHi ^ 0x4004L, 23},
            {0x1001L ^ 0x3000L, 0x2002L ^ 0x4004L, 23},
        };
        h.run(6);
        TweakableHash ref = new TweakableHash(1);
        for (int j = 0; j < 6; j++) {
            assertEquals(expect[j][0], h.inputLo(j), "block " + j);
            assertEquals(expect[j][1], h.inputHi(j), "block " + j);
            ref.input(0, expect[j][0], expect[j][1], expect[j][2]);
            ref.run(1);
            assertEquals(ref.lo(0), h.lo(j), "tweak of block " + j);
        }
    }

    private static long[] active(long[] g, int a, int b, long dLo, long dHi) {
        return new long[] {g[0] ^ (a * dLo), g[1] ^ (a * dHi), g[2] ^ (b * dLo), g[3] ^ (b * dHi), 0, 0};
    }

    private static int nonLinearTable(Random r) {
        while (true) {
            int t = r.nextInt(16);
            if (!TruthTable.isLinear(t)) {
                return t;
            }
        }
    }
}
