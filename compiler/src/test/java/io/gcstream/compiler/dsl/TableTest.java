package io.gcstream.compiler.dsl;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Lookups of public tables, on every index through the simulator, with the AND counts of the
 * tables in docs/compiler.md pinned (a change of the search that makes one worse fails here).
 */
class TableTest {
    static final int[] PRESENT_SBOX = {0xC, 5, 6, 0xB, 9, 0, 0xA, 0xD, 3, 0xE, 0xF, 8, 4, 7, 1, 2};

    /** The AES S-box, computed from its definition (inverse in GF(2^8), then the affine map). */
    static int[] aesSbox() {
        int[] s = new int[256];
        for (int x = 0; x < 256; x++) {
            int inv = 0;
            for (int y = 1; y < 256 && x != 0; y++) {
                if (gmul(x, y) == 1) {
                    inv = y;
                }
            }
            int r = inv;
            for (int k = 1; k <= 4; k++) {
                r ^= ((inv << k) | (inv >>> (8 - k))) & 0xFF;
            }
            s[x] = r ^ 0x63;
        }
        return s;
    }

    private static int gmul(int a, int b) {
        int r = 0;
        for (int i = 0; i < 8; i++) {
            if (((b >> i) & 1) != 0) {
                r ^= a;
            }
            a = (a << 1) ^ ((a & 0x80) != 0 ? 0x11B : 0);
        }
        return r;
    }

    /** The table "random 6-to-4" of docs/compiler.md. */
    static int[] random(int inBits, int outBits, long seed) {
        Random rnd = new Random(seed);
        int[] t = new int[1 << inBits];
        for (int i = 0; i < t.length; i++) {
            t[i] = outBits == 32 ? rnd.nextInt() : rnd.nextInt(1 << outBits);
        }
        return t;
    }

    /** Looks up every index (or {@code samples} random ones) through a built circuit. */
    private static Circuit checkLookups(Table table, int samples) throws Exception {
        Computation c = new Computation();
        UInt x = c.evaluator().uint(table.inBits());
        Output y = c.evaluator().output(x.lookup(table));
        Circuit circuit = c.build();
        assertEquals(table.andCount(), circuit.nonLinearCount(), table + ": ANDs");
        Random rnd = new Random(9);
        int n = 1 << table.inBits();
        for (int k = 0; k < (samples > 0 ? samples : n); k++) {
            int i = samples > 0 ? rnd.nextInt(n) : k;
            boolean[] out = Simulator.run(circuit, new boolean[0], c.evaluator().encode(x, i)).evaluatorOutputs();
            assertEquals(Integer.toUnsignedLong(table.get(i)), y.decodeLong(out), table + " at " + i);
        }
        return circuit;
    }

    @Test
    void sBoxesAsTables() throws Exception {
        assertEquals(4, checkLookups(Table.of(PRESENT_SBOX, 4, 4), 0).nonLinearCount());
        assertEquals(82, checkLookups(Table.of(aesSbox(), 8, 8), 0).nonLinearCount());
        assertEquals(0x63, Table.of(aesSbox(), 8, 8).get(0));
        assertEquals(0xED, Table.of(aesSbox(), 8, 8).get(0x53)); // FIPS-197 §5.1.1
    }

    @Test
    void randomTables() throws Exception {
        assertEquals(24, checkLookups(Table.of(random(6, 4, 1), 6, 4), 0).nonLinearCount());
        assertEquals(5, checkLookups(Table.of(random(4, 4, 1), 4, 4), 0).nonLinearCount());
        assertEquals(180, checkLookups(Table.of(random(10, 8, 1), 10, 8), 200).nonLinearCount());
        // 32 outputs: every monomial of degree 2 or more of 5 inputs, 2^5 - 5 - 1
        assertEquals(26, checkLookups(Table.of(random(5, 32, 1), 5, 32), 0).nonLinearCount());
        checkLookups(Table.of(random(12, 3, 1), 12, 3), 100);
        checkLookups(Table.of(random(7, 1, 1), 7, 1), 0);
    }

    @Test
    void structuredTables() throws Exception {
        assertEquals(0, checkLookups(Table.of(i -> i ^ (i >> 1), 5, 5), 0).nonLinearCount()); // Gray code: linear
        assertEquals(0, checkLookups(Table.of(i -> 7, 3, 3), 0).nonLinearCount()); // constant
        assertEquals(1, checkLookups(Table.of(i -> i == 3 ? 1 : 0, 2, 1), 0).nonLinearCount()); // AND
        assertEquals(5, checkLookups(Table.of(i -> i == 63 ? 1 : 0, 6, 1), 0).nonLinearCount()); // 6-input AND
        checkLookups(Table.of(i -> ~i, 4, 32), 0); // 32-bit entries, read as unsigned
    }

    @Test
    void theSameTableGivesTheSameCircuit() {
        // both parties build the circuit: the search must be deterministic
        int[] t = random(8, 8, 3);
        assertEquals(HexFormat.of().formatHex(circuitOf(Table.of(t, 8, 8)).hash()), HexFormat.of().formatHex(circuitOf(Table.of(t.clone(), 8, 8)).hash()));
        assertEquals(HexFormat.of().formatHex(circuitOf(Table.of(PRESENT_SBOX, 4, 4)).hash()), HexFormat.of().formatHex(circuitOf(Table.of(PRESENT_SBOX, 4, 4)).hash()));
        assertNotEquals(HexFormat.of().formatHex(circuitOf(Table.of(t, 8, 8)).hash()), HexFormat.of().formatHex(circuitOf(Table.of(random(8, 8, 4), 8, 8)).hash()));
    }

    private static Circuit circuitOf(Table table) {
        Computation c = new Computation();
        c.evaluator().output(c.creator().uint(table.inBits()).lookup(table));
        return c.build();
    }

    @Test
    void badTablesAndLookupsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Table.of(new int[4], 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Table.of(new int[1 << 13], 13, 1));
        assertThrows(IllegalArgumentException.class, () -> Table.of(new int[4], 2, 0));
        assertThrows(IllegalArgumentException.class, () -> Table.of(new int[4], 2, 33));
        assertThrows(IllegalArgumentException.class, () -> Table.of(new int[5], 2, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Table.of(new int[] {0, 1, 2, 4}, 2, 2));
        assertTrue(e.getMessage().contains("entry 3 = 4 does not fit in 2"), e.getMessage());
        Computation c = new Computation();
        UInt x = c.creator().uint(5);
        assertThrows(IllegalArgumentException.class, () -> x.lookup(Table.of(PRESENT_SBOX, 4, 4)));
        assertThrows(IndexOutOfBoundsException.class, () -> Table.of(PRESENT_SBOX, 4, 4).get(16));
    }

    @Test
    void tablesAreValues() {
        assertEquals(Table.of(PRESENT_SBOX, 4, 4), Table.of(PRESENT_SBOX.clone(), 4, 4));
        assertEquals(Table.of(PRESENT_SBOX, 4, 4).hashCode(), Table.of(PRESENT_SBOX, 4, 4).hashCode());
        assertNotEquals(Table.of(PRESENT_SBOX, 4, 4), Table.of(PRESENT_SBOX, 4, 5));
    }
}
