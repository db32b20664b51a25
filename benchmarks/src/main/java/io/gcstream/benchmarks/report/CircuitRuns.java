package io.gcstream.benchmarks.report;

import io.gcstream.benchmarks.apps.TwoParties;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.lib.LibraryCircuit;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionOptions;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Measures one circuit the way the paper did: both parties on this machine over a loopback
 * socket ({@link TwoParties}), one session (handshake and base OTs in the first execution), then
 * executions not counted while the JIT compiles — at least {@code warmup} of them and for at
 * least {@code warmupSeconds} — then {@code runs} counted ones, each on fresh random inputs. Every figure of the {@link Row} is the median over the counted
 * runs, taken figure by figure.
 *
 * <p>Before each counted run a full collection ({@code System.gc()}, outside the timed region)
 * empties the heap of earlier garbage; then {@link HeapPeak} records the run's peak heap, and the
 * two party threads' allocation counters give the bytes they allocated during the run
 * ({@code allocatedBytes}, both parties together). The first execution's outputs are checked
 * against the plaintext {@link Simulator} for circuits of at most {@value #CHECK_LIMIT} gates.
 */
public final class CircuitRuns {
    /** Larger circuits are not simulated (a 10^8-gate check would take longer than the run). */
    static final long CHECK_LIMIT = 10_000_000L;

    private CircuitRuns() {
    }

    /** What a row is compared with: the paper's figures and ME-SFE's, or nulls. */
    public record Reference(Long paperNonLinear, Double paperMs, Double mesfeMs) {
        /** No published figure. */
        public static final Reference NONE = new Reference(null, null, null);
    }

    /**
     * Runs {@code lc} in a new session.
     *
     * @throws IOException           if a party fails
     * @throws IllegalStateException if the first execution disagrees with the simulator
     */
    public static Row measure(String kind, LibraryCircuit lc, Scheme scheme, int warmup, double warmupSeconds,
            int runs, Reference ref) throws IOException {
        if (warmup < 0 || runs < 1 || !(warmupSeconds >= 0)) {
            throw new IllegalArgumentException("need warmup >= 0, warmupSeconds >= 0 and runs >= 1, got " + warmup
                    + ", " + warmupSeconds + " and " + runs);
        }
        Circuit c = lc.circuit();
        SplittableRandom rnd = new SplittableRandom();
        HeapPeak heap = new HeapPeak();
        double[] ot = new double[runs];
        double[] online = new double[runs];
        double[] total = new double[runs];
        long[] sentC = new long[runs];
        long[] sentE = new long[runs];
        long[] before = new long[runs];
        long[] peak = new long[runs];
        long[] alloc = new long[runs];
        long gates = 0;
        int warmed = 0;
        double first;
        try (TwoParties p = TwoParties.open(SessionOptions.builder().scheme(scheme).build())) {
            boolean[] x = lc.encode(Party.CREATOR, random(rnd, lc.valueWidth(Party.CREATOR)));
            boolean[] y = lc.encode(Party.EVALUATOR, random(rnd, lc.valueWidth(Party.EVALUATOR)));
            TwoParties.Execution e = p.run(c, x, y);
            first = e.creatorStats().totalNanos() / 1e6;
            if (c.gateCount() <= CHECK_LIMIT) {
                check(lc, x, y, e);
            }
            long warmUntil = System.nanoTime() + (long) (warmupSeconds * 1e9);
            while (warmed < warmup || System.nanoTime() - warmUntil < 0) {
                p.run(c, lc.encode(Party.CREATOR, random(rnd, lc.valueWidth(Party.CREATOR))),
                        lc.encode(Party.EVALUATOR, random(rnd, lc.valueWidth(Party.EVALUATOR))));
                warmed++;
            }
            for (int k = 0; k < runs; k++) {
                x = lc.encode(Party.CREATOR, random(rnd, lc.valueWidth(Party.CREATOR)));
                y = lc.encode(Party.EVALUATOR, random(rnd, lc.valueWidth(Party.EVALUATOR)));
                System.gc();
                before[k] = heap.used();
                heap.reset();
                e = p.run(c, x, y);
                peak[k] = heap.read();
                alloc[k] = e.creatorAllocatedBytes() + e.evaluatorAllocatedBytes();
                ot[k] = e.creatorStats().otNanos() / 1e6;
                online[k] = e.creatorStats().onlineNanos() / 1e6;
                total[k] = e.creatorStats().totalNanos() / 1e6;
                sentC[k] = e.creatorStats().bytesSent();
                sentE[k] = e.evaluatorStats().bytesSent();
                gates = e.creatorStats().gates();
            }
        }
        return new Row(kind, lc.name(), scheme.toString(), c.nonLinearCount(), gates, c.numSlots(),
                c.labelSlots(), warmed, runs, first, median(ot), median(online), median(total), median(sentC),
                median(sentE), median(before), median(peak), median(alloc), ref.paperNonLinear(), ref.paperMs(),
                ref.mesfeMs());
    }

    private static void check(LibraryCircuit lc, boolean[] x, boolean[] y, TwoParties.Execution e) throws IOException {
        Simulator.Result s = Simulator.run(lc.circuit(), x, y);
        if (!Arrays.equals(s.creatorOutputs(), e.creatorOutputs())
                || !Arrays.equals(s.evaluatorOutputs(), e.evaluatorOutputs())) {
            throw new IllegalStateException(lc.name() + ": the garbled outputs differ from the simulator's");
        }
    }

    /** The median of {@code a} (the mean of the middle two for an even length); {@code a} is not changed. */
    public static double median(double[] a) {
        double[] s = a.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    static long median(long[] a) {
        long[] s = a.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    static boolean[] random(SplittableRandom r, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = r.nextBoolean();
        }
        return b;
    }
}
