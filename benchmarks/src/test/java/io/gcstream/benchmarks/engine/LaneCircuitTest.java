package io.gcstream.benchmarks.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.TruthTable;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LaneCircuitTest {
    @Test
    void bulkGatesAreTheGatesOfNextWhateverTheChunkSizes() throws IOException {
        for (int lanes : new int[] {1, 3, 64}) {
            Circuit c = LaneCircuit.create(lanes, 1000);
            assertEquals(2 * lanes, c.labelSlots());
            Random r = new Random(lanes);
            try (InstructionReader one = Circuits.openBody(c); InstructionReader bulk = Circuits.openBody(c)) {
                int[] ops = new int[4 * 64];
                int read = 0;
                while (true) {
                    int max = 1 + r.nextInt(64);
                    int n = bulk.nextGates(ops, 0, max);
                    if (n < 0) {
                        break;
                    }
                    assertTrue(n >= 1 && n <= max, "n = " + n);
                    for (int k = 0; k < n; k++) {
                        assertTrue(one.next());
                        String at = "lanes " + lanes + ", gate " + (read + k);
                        assertEquals(one.out(), ops[4 * k], at);
                        assertEquals(one.in1(), ops[4 * k + 1], at);
                        assertEquals(one.in2(), ops[4 * k + 2], at);
                        assertEquals(one.table(), ops[4 * k + 3], at);
                    }
                    // The last gate written is the bulk reader's current instruction.
                    assertFalse(bulk.isCall());
                    assertEquals(one.out(), bulk.out());
                    assertEquals(one.in1(), bulk.in1());
                    assertEquals(one.in2(), bulk.in2());
                    assertEquals(one.table(), bulk.table());
                    read += n;
                }
                assertEquals(2000, read);
                assertFalse(one.next());
                assertEquals(-1, bulk.nextGates(ops, 0, 1));
            }
        }
    }

    @Test
    void halfTheGatesAreAndsOnTheLanesAndTheOtherHalfXors() throws IOException {
        int lanes = 4;
        Circuit c = LaneCircuit.create(lanes, 10);
        assertEquals(20, c.gateCount());
        assertEquals(10, c.nonLinearCount());
        try (InstructionReader r = Circuits.openBody(c)) {
            for (int g = 0; g < 20; g++) {
                assertTrue(r.next());
                int lane = (g / 2) % lanes;
                if (g % 2 == 0) {
                    assertEquals(TruthTable.AND, r.table());
                    assertEquals(lane, r.out());
                    assertEquals(lane, r.in1());
                    assertEquals(lanes + lane, r.in2());
                } else {
                    assertEquals(TruthTable.XOR, r.table());
                    assertEquals(lanes + lane, r.out());
                    assertEquals(lanes + lane, r.in1());
                    assertEquals((lane + 1) % lanes, r.in2());
                }
            }
            assertFalse(r.next());
        }
    }
}
