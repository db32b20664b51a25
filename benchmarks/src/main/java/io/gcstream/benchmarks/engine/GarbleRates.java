package io.gcstream.benchmarks.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.StreamingEvaluator;
import io.gcstream.engine.internal.garble.StreamingGarbler;
import io.gcstream.engine.internal.garble.TweakableHash;
import java.io.IOException;
import java.util.Random;

/**
 * Garble-only and evaluate-only rates on one core (thread CPU time), no network: the garbler's tables go
 * nowhere, the evaluator reads fixed random tables (its cost does not depend on their values).
 */
public final class GarbleRates {
    private GarbleRates() {
    }

    /** AND gates per second garbling {@code circuit} once. */
    public static double garble(Circuit circuit, Scheme s) throws IOException {
        long[] sink = {0};
        StreamingGarbler g = new StreamingGarbler(GarblingScheme.of(s), new TweakableHash(),
                circuit.labelSlots(), 0x1234567L | 1, 0x89abcdefL, 0, (a, off, len) -> sink[0] += a[off]);
        long t0 = cpuNanos();
        new CircuitWalker(circuit).walk(g);
        long t1 = cpuNanos();
        return circuit.nonLinearCount() / ((t1 - t0) / 1e9);
    }

    /** AND gates per second evaluating {@code circuit} once on random tables. */
    public static double evaluate(Circuit circuit, Scheme s) throws IOException {
        byte[] random = new byte[GarblingScheme.of(s).tableBytes() * CircuitWalker.BATCH];
        new Random(1).nextBytes(random);
        StreamingEvaluator e = new StreamingEvaluator(GarblingScheme.of(s), new TweakableHash(),
                circuit.labelSlots(), 0, (a, off, len) -> System.arraycopy(random, 0, a, off, len));
        long t0 = cpuNanos();
        new CircuitWalker(circuit).walk(e);
        long t1 = cpuNanos();
        return circuit.nonLinearCount() / ((t1 - t0) / 1e9);
    }

    /**
     * CPU time of this thread: on a shared, loaded machine it measures the work per core,
     * where wall time would measure the scheduler.
     */
    static long cpuNanos() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /** Prints rates: args [ands] [lanes]. */
    public static void main(String[] args) throws IOException {
        long ands = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        int lanes = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        Circuit c = LaneCircuit.create(lanes, ands);
        for (Scheme s : Scheme.values()) {
            for (int rep = 0; rep < 5; rep++) {
                System.out.printf("%-10s garble %6.2f M AND/s   evaluate %6.2f M AND/s%n", s,
                        garble(c, s) / 1e6, evaluate(c, s) / 1e6);
            }
        }
    }
}
