package io.gcstream.spark.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The aggregate's circuits, in the plaintext simulator, against a plain minimum and sum. */
class WorkloadsTest {
    private static final int V = Workloads.VALUE_BITS;

    @Test
    void aStepFoldsTheRunningValueAndBothPartiesRows() {
        Circuit c = Workloads.step();
        Random r = new Random(5);
        for (int trial = 0; trial < 4; trial++) {
            int n = 1 + 2 * Workloads.CHUNK;
            long[] min = new long[n];
            long[] sum = new long[n];
            for (int v = 0; v < n; v++) {
                // Small values as well, so that equal and neighbouring minima occur.
                min[v] = trial % 2 == 0 ? r.nextLong() & 0xFFFF_FFFFL : r.nextInt(8);
                sum[v] = r.nextLong();
            }
            boolean[] creator = new boolean[V * (1 + Workloads.CHUNK)];
            boolean[] evaluator = new boolean[V * Workloads.CHUNK];
            for (int v = 0; v < n; v++) {
                put(v <= Workloads.CHUNK ? creator : evaluator, V * (v <= Workloads.CHUNK ? v : v - 1 - Workloads.CHUNK),
                        min[v], sum[v]);
            }
            boolean[] out = Simulator.run(c, creator, evaluator).evaluatorOutputs();
            assertEquals(plainMin(min), bits(out, 0, 32), "minimum, trial " + trial);
            assertEquals(plainSum(sum), bits(out, 32, 64), "sum, trial " + trial);
        }
    }

    @Test
    void theCombiningRunFoldsKKeptValuesForBothParties() {
        Random r = new Random(6);
        for (int k = 1; k <= 5; k++) {
            Circuit c = Workloads.combineCircuit(k);
            long[] min = new long[k];
            long[] sum = new long[k];
            boolean[] evaluator = new boolean[V * k];
            for (int v = 0; v < k; v++) {
                min[v] = r.nextLong() & 0xFFFF_FFFFL;
                sum[v] = r.nextLong();
                put(evaluator, V * v, min[v], sum[v]);
            }
            Simulator.Result out = Simulator.run(c, new boolean[0], evaluator);
            for (boolean[] o : new boolean[][] {out.creatorOutputs(), out.evaluatorOutputs()}) {
                assertEquals(plainMin(min), bits(o, 0, 32), "minimum, k = " + k);
                assertEquals(plainSum(sum), bits(o, 32, 64), "sum, k = " + k);
            }
        }
    }

    private static long plainMin(long[] v) {
        long m = Workloads.NO_MIN;
        for (long x : v) {
            m = Math.min(m, x);
        }
        return m;
    }

    private static long plainSum(long[] v) {
        long s = 0;
        for (long x : v) {
            s += x;
        }
        return s;
    }

    private static void put(boolean[] bits, int at, long min, long sum) {
        for (int i = 0; i < 32; i++) {
            bits[at + i] = ((min >>> i) & 1) == 1;
        }
        for (int i = 0; i < 64; i++) {
            bits[at + 32 + i] = ((sum >>> i) & 1) == 1;
        }
    }

    private static long bits(boolean[] b, int from, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (b[from + i] ? 1L : 0) << i;
        }
        return v;
    }
}
