package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MinimumTest {
    @Test
    void minimumOnRandomValuesWith2bNMinus1Ands() throws Exception {
        Random rnd = new Random(3);
        for (int[] p : new int[][] {{1, 1}, {1, 8}, {2, 1}, {3, 4}, {7, 3}, {20, 8}, {101, 20}}) {
            int n = p[0];
            int w = p[1];
            Circuit c = Minimum.circuit(n, w);
            assertEquals(2L * w * (n - 1), c.nonLinearCount(), "N = " + n + ", b = " + w);
            assertEquals((n + 1) / 2 * w, c.creatorInputCount());
            assertEquals(n / 2 * w, c.evaluatorInputCount());
            for (int r = 0; r < 10; r++) {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    // Few distinct values in some runs, so ties are common.
                    v[i] = r % 3 == 0 ? rnd.nextInt(Math.min(3, 1 << w)) : rnd.nextLong() & ((1L << w) - 1);
                }
                long min = Long.MAX_VALUE;
                for (long x : v) {
                    min = Math.min(min, x);
                }
                Simulator.Result res = Simulator.run(c, pack(v, 0, (n + 1) / 2, w), pack(v, (n + 1) / 2, n, w));
                assertEquals(min, value(res.creatorOutputs()).longValue());
                assertEquals(min, value(res.evaluatorOutputs()).longValue());
            }
        }
    }

    @Test
    void minimum1000x20() {
        Circuit c = Minimum.circuit(1000, 20);
        assertEquals(39_960, c.nonLinearCount());
        System.out.println("library minimum1000x20: ANDs = " + c.nonLinearCount() + ", gates = " + c.gateCount()
                + ", S = " + c.numSlots() + ", label slots = " + c.labelSlots());
    }

    @Test
    void parametersAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> Minimum.circuit(0, 20));
        assertThrows(IllegalArgumentException.class, () -> Minimum.circuit(10, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Minimum.circuit(100_000_000, 20));
        assertTrue(e.getMessage().contains("memory"), e.getMessage());
    }

    private static boolean[] pack(long[] v, int from, int to, int w) {
        boolean[] bits = new boolean[(to - from) * w];
        for (int i = from; i < to; i++) {
            for (int j = 0; j < w; j++) {
                bits[(i - from) * w + j] = ((v[i] >>> j) & 1) == 1;
            }
        }
        return bits;
    }
}
