package io.gcstream.benchmarks.apps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.lib.Library;
import io.gcstream.engine.SessionOptions;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TwoPartiesTest {
    private static boolean[] random(SplittableRandom r, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = r.nextBoolean();
        }
        return b;
    }

    @Test
    void executionsOfOneSessionAgreeWithTheSimulator() throws Exception {
        Circuit c = Library.get("hamming16").circuit();
        SplittableRandom rnd = new SplittableRandom(1);
        try (TwoParties p = TwoParties.open(SessionOptions.defaults())) {
            for (int i = 0; i < 3; i++) {
                boolean[] x = random(rnd, 16);
                boolean[] y = random(rnd, 16);
                TwoParties.Execution e = p.run(c, x, y);
                Simulator.Result s = Simulator.run(c, x, y);
                assertArrayEquals(s.creatorOutputs(), e.creatorOutputs());
                assertArrayEquals(s.evaluatorOutputs(), e.evaluatorOutputs());
                assertEquals(i == 0, e.creatorStats().setupNanos() > 0, "base OTs in the first run only");
                assertTrue(e.creatorStats().bytesSent() > 0 && e.evaluatorStats().bytesSent() > 0);
                assertTrue(e.creatorAllocatedBytes() >= 0 && e.evaluatorAllocatedBytes() >= 0);
            }
        }
    }

    @Test
    void aWrongInputLengthRunsNothingAndLeavesThePairUsable() throws Exception {
        Circuit c = Library.get("hamming8").circuit();
        try (TwoParties p = TwoParties.open(SessionOptions.defaults())) {
            assertThrows(IllegalArgumentException.class, () -> p.run(c, new boolean[7], new boolean[8]));
            assertThrows(IllegalArgumentException.class, () -> p.run(c, new boolean[8], new boolean[9]));
            assertEquals(4, p.run(c, new boolean[8], new boolean[8]).evaluatorOutputs().length, "a 4-bit distance");
        }
    }

    @Test
    void aClosedPairRefusesRunsAndClosesTwice() throws Exception {
        Circuit c = Library.get("hamming8").circuit();
        TwoParties p = TwoParties.open(SessionOptions.defaults());
        p.close();
        p.close();
        assertThrows(IllegalStateException.class, () -> p.run(c, new boolean[8], new boolean[8]));
    }
}
