package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.GateSink;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.StreamingEvaluator;
import io.gcstream.engine.internal.garble.StreamingGarbler;
import io.gcstream.engine.internal.garble.TweakableHash;

/**
 * One party's gate loop run once over the start of a circuit, on a background thread, on
 * throwaway labels and with nothing sent: the creator garbles into a sink that drops the
 * tables, the evaluator evaluates tables of zeros. Nothing of it reaches a session; its only
 * effect is that HotSpot compiles the code the first real run of that circuit executes (the
 * walker, the scheme's gate loop, the hash's passes) before that run, instead of running it
 * interpreted while the peer waits.
 *
 * <p>Measured on the 2-core machine, first AES-128 run of a fresh {@code gc run} pair, 8 pairs
 * each, alternated: the creator's online phase 36-50 ms instead of 56-100 ms, its protocol time
 * median 183 against 235 ms, the pair's wall time no longer (docs/results/2026-11-26-zen3-machine.md).
 *
 * <p>Bounded: at most {@link #MAX_GATES} walked gates, and skipped when the label array would
 * take more than a small share of the heap or the heap is small ({@link #worthIt}): a 4 MB
 * heap has no room for a second label array and hash buffers.
 */
public final class DryRun {
    /** Walked gates after which the dry run stops: a few times what AES-128 walks. */
    static final long MAX_GATES = 1 << 17;
    /** Heaps below this are left alone. */
    static final long MIN_HEAP = 64L << 20;

    /** Thrown by the counting sink to end the walk; carries no stack trace. */
    private static final class Enough extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Enough() {
            super(null, null, false, false);
        }
    }

    private DryRun() {
    }

    /**
     * Starts a dry run of {@code role}'s gate loop on {@code circuit} under {@code scheme} on a
     * daemon thread and returns at once; false if it was skipped (see {@link #worthIt}).
     */
    public static boolean start(Party role, Circuit circuit, Scheme scheme) {
        if (!worthIt(circuit.labelSlots(), Runtime.getRuntime().maxMemory())) {
            return false;
        }
        Thread t = new Thread(() -> run(role, circuit, scheme), "gc-dry-run");
        t.setDaemon(true);
        t.start();
        return true;
    }

    /**
     * Whether a dry run of a circuit of {@code labelSlots} fits beside the session: a heap of at
     * least {@link #MIN_HEAP} of which the label array (16 bytes per slot) takes at most 1/64.
     */
    static boolean worthIt(long labelSlots, long maxHeap) {
        return maxHeap >= MIN_HEAP && labelSlots <= maxHeap / 64 / 16;
    }

    /** The dry run itself, on the calling thread; returns the gates walked. */
    static long run(Party role, Circuit circuit, Scheme scheme) {
        long[] walked = {0};
        try {
            GarblingScheme s = GarblingScheme.of(scheme);
            StreamingGarbler garbler = null;
            GateSink sink;
            if (role == Party.CREATOR) {
                // Any Δ with its lowest bit set: the labels are all zero and thrown away.
                garbler = new StreamingGarbler(s, new TweakableHash(), circuit.labelSlots(), 1, 0, 0,
                        (a, off, len) -> { });
                sink = garbler;
            } else {
                sink = new StreamingEvaluator(s, new TweakableHash(), circuit.labelSlots(), 0,
                        (a, off, len) -> { });
            }
            try {
                new CircuitWalker(circuit).walk((ops, count) -> {
                    sink.gates(ops, count);
                    walked[0] += count;
                    if (walked[0] >= MAX_GATES) {
                        throw new Enough();
                    }
                });
                if (garbler != null) {
                    garbler.finish();
                }
            } catch (Enough e) {
                // far enough
            }
        } catch (Exception | OutOfMemoryError e) {
            // Only a warm-up: the run reads the same circuit and reports any problem itself,
            // and memory a failed warm-up held is free again.
        }
        return walked[0];
    }
}
