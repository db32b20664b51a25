package io.gcstream.benchmarks.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.testing.ScheduleCheck;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class LevelCircuitTest {
    /** The body is the pieces in order, for any team, with independent pieces and the counts they state. */
    @Test
    void theScheduleIsTheBodyInIndependentPieces() throws IOException {
        for (int lanes : new int[] {1, 3, 64}) {
            for (long ands : new long[] {1, 5, 1000, 3 * lanes}) {
                Circuit c = LevelCircuit.create(lanes, ands);
                assertEquals(2 * ands, c.gateCount());
                assertEquals(ands, c.nonLinearCount());
                for (int pieces : new int[] {1, 2, 3, 7}) {
                    ScheduleCheck.check(c, pieces);
                }
            }
        }
    }

    /** Each step: an AND level, then an XOR level reading the next lane's new value. */
    @Test
    void aStepIsAnAndLevelThenAnXorLevel() throws IOException {
        Circuit c = LevelCircuit.create(3, 4);
        boolean[] x = {true, true, false};
        boolean[] y = {true, false, true};
        // Step 1: s = (1,0,0); e = (1^0, 0^0, 1^1) = (1,0,0). Step 2 (lane 0 only): s0 = 1&1 = 1; e0 = 1^s1 = 1.
        Simulator.Result r = Simulator.run(c, x, y);
        assertArrayEquals(new boolean[] {true, false, false}, r.creatorOutputs());
        assertArrayEquals(new boolean[] {true, false, false}, r.evaluatorOutputs());
    }

    @Test
    void sizesOutOfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> LevelCircuit.create(0, 10));
        assertThrows(IllegalArgumentException.class, () -> LevelCircuit.create(4, 0));
    }
}
