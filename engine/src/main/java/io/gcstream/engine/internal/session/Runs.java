package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.Logs;
import java.io.IOException;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import org.slf4j.Logger;

/**
 * The runs of one session: their count, the statistics of the last one (with the time and
 * traffic of a set-up done before it), and the loop of many runs of one spec, in which an
 * evaluator runs ahead where it may (docs/protocol.md, "Runs ahead"). Internal; used by
 * {@code GcSession}, which owns the session's values and its failure.
 */
public final class Runs {
    /** The session's logger, made on first use: a process that never logs never sets logging up. */
    private static final class Log {
        static final Logger LOG = Logs.get(GcSession.class);
    }

    /** What a run needs of its session around the protocol's run. */
    public interface Session {
        /** Sets the session up (hello, base OTs) if it is not yet; true if it did so now. */
        boolean setUpIfNeeded() throws IOException;

        /** Before a run that decodes an output (a resumed state's file is marked used). */
        void beforeDecoding() throws IOException;
    }

    /** One run of {@link #runMany}: {@code bits} are its fresh bits, {@code next} as for {@link #run}. */
    public interface One<R> {
        R run(boolean[] bits, Protocol.Sequence next);
    }

    /** What a run gave: the protocol's outcome and the run's statistics. */
    public record Done(Protocol.Outcome outcome, Stats stats) {
    }

    /** What one run cost this party, as {@code RunStats} reports it (times in nanoseconds). */
    public record Stats(long setupNanos, long otNanos, long onlineNanos, long totalNanos, long bytesSent,
            long bytesReceived, long gates, long nonLinearGates, long labelSlots) {
    }

    private final Protocol protocol;
    private final Channel channel;
    private long index;
    private Stats last;
    /** Time and traffic of a set-up not yet reported with a run. */
    private long setupNanosPending;
    private long setupSent;
    private long setupReceived;

    public Runs(Protocol protocol, Channel channel) {
        this.protocol = protocol;
        this.channel = channel;
    }

    /** Runs completed so far (a run whose headers disagreed counts: both sides exchanged one). */
    public long completed() {
        return index;
    }

    /** Statistics of the last successful run, or null before the first. */
    public Stats last() {
        return last;
    }

    /** A set-up done before any run, reported with the first run as if that run had done it. */
    public void setUpBeforeRuns(long nanos, long sent, long received) {
        setupNanosPending = nanos;
        setupSent = sent;
        setupReceived = received;
    }

    /**
     * One run of {@code spec} with the labels of its kept inputs ({@code kept[party][segment]},
     * null for a fresh segment) and this party's fresh bits; {@code next} as for
     * {@link Protocol#run(RunPlan, long, byte[], long[][][], boolean[], Protocol.Sequence)}. A
     * mismatch of the run's headers leaves the session in step and usable.
     */
    public Done run(RunPlan spec, long[][][] kept, boolean[] freshBits, Protocol.Sequence next, Session session)
            throws IOException {
        Circuit circuit = spec.circuit();
        long sent0 = channel.bytesSent() - setupSent;
        long recv0 = channel.bytesReceived() - setupReceived;
        long t0 = System.nanoTime() - setupNanosPending;
        long setupNanos = setupNanosPending;
        setupNanosPending = 0;
        setupSent = 0;
        setupReceived = 0;
        byte[] fingerprint = circuit.hash();
        if (session.setUpIfNeeded()) {
            setupNanos = System.nanoTime() - t0;
        }
        if (spec.decodedBits(Party.CREATOR) + spec.decodedBits(Party.EVALUATOR) > 0) {
            session.beforeDecoding();
        }
        long tRun = System.nanoTime();
        Protocol.Outcome o;
        try {
            o = protocol.run(spec, index, fingerprint, kept, freshBits, next);
        } catch (HandshakeMismatchException e) {
            index++; // both sides exchanged a header: stay in step, stay usable
            protocol.idle();
            throw e;
        }
        long end = System.nanoTime();
        index++;
        last = new Stats(setupNanos, protocol.inputsDoneNanos() - tRun,
                end - protocol.inputsDoneNanos(), end - t0, channel.bytesSent() - sent0,
                channel.bytesReceived() - recv0, protocol.lastGates(),
                protocol.lastNonLinear(), circuit.labelSlots());
        if (Log.LOG.isTraceEnabled()) { // one line per run: detail, never on by default
            Log.LOG.trace("{} run {} with {}: {}", protocol.role().name().toLowerCase(Locale.ROOT), index - 1,
                    channel.peer(), last);
        }
        return new Done(o, last);
    }

    /**
     * {@code count} runs of {@code spec} (at least 1), as {@code GcSession.runMany} states: run i
     * takes {@code freshBits.apply(i)} (checked by the caller's function), asked once a run and
     * in run order, and its result goes to {@code results}, in run order. An evaluator whose spec
     * may run ahead ({@link Protocol#canRunAhead}) asks for a run's bits when it sends that run
     * ahead: run i + d's as run i begins (d the runs ahead the hello agreed), before the results
     * of up to 2d − 1 runs are handed over; every other party asks for run i's bits after run i−1's
     * result. A creator is told of the runs that follow, so that it may garble them beside this
     * one. Where runs go
     * on threads of their own ({@link Protocol#parallelRuns}), the evaluator's runs after the
     * first are evaluated beside each other ({@link EvaluatorProtocol#begin}), their results made
     * by {@code beside}. If a run went ahead that will not be run, the two sides are out of
     * step: the failure goes through {@code failed}, which fails the session.
     */
    public <R> void runMany(RunPlan spec, int count, IntFunction<boolean[]> freshBits, One<R> one,
            Consumer<R> results, Function<Exception, RuntimeException> failed, Function<Done, R> beside) {
        boolean ahead = protocol.role() == Party.EVALUATOR && Protocol.canRunAhead(spec);
        boolean creator = protocol.role() == Party.CREATOR;
        byte[] fingerprint = ahead || creator ? spec.circuit().hash() : null;
        long first = index;
        Bits bits = new Bits(freshBits, first, () -> protocol.runsAhead + 2);
        Protocol.Sequence seq = ahead || creator
                ? new Protocol.Sequence(spec, fingerprint, first + count - 1, ahead ? bits::of : null)
                : null;
        try {
            for (int i = 0; i < count; i++) {
                if (ahead && i > 0 && protocol instanceof EvaluatorProtocol e && e.canBegin(spec)) {
                    try {
                        runBeside(e, spec, first + i, first + count, fingerprint, seq, results, beside);
                    } catch (HandshakeMismatchException m) {
                        throw m;
                    } catch (IOException | RuntimeException x) {
                        // A run beside another failed: nothing keeps the two sides in step.
                        throw failed.apply(x);
                    }
                    return;
                }
                results.accept(one.run(bits.of(first + i), i + 1 < count ? seq : null));
            }
        } catch (RuntimeException e) {
            if (protocol.inRunAhead()) {
                // A run went ahead that will not be run: the two sides are out of step.
                throw failed.apply(e);
            }
            throw e;
        }
    }

    /**
     * The fresh bits of the runs of one {@link #runMany}, asked once a run, in run order, as
     * late as the run or a run sent ahead needs them; those of the last runs ahead + 2 runs
     * kept (the runs ahead are known once the hello is done, after the first run's bits are
     * asked: the ring grows then).
     */
    private static final class Bits {
        private final IntFunction<boolean[]> source;
        private final long first;
        private final IntSupplier keep;
        private boolean[][] kept = new boolean[0][];
        /** Runs (from {@code first}) whose bits were asked. */
        private long asked;

        Bits(IntFunction<boolean[]> source, long first, IntSupplier keep) {
            this.source = source;
            this.first = first;
            this.keep = keep;
        }

        boolean[] of(long run) {
            int n = keep.getAsInt();
            if (n > kept.length) {
                boolean[][] grown = new boolean[n][];
                for (long k = Math.max(0, asked - kept.length); k < asked; k++) {
                    grown[(int) (k % n)] = kept[(int) (k % kept.length)];
                }
                kept = grown;
            }
            long i = run - first;
            if (i < asked - kept.length) {
                throw new IllegalStateException("the bits of run " + run + " are asked again, too late");
            }
            while (asked <= i) {
                kept[(int) (asked % kept.length)] = source.apply((int) asked);
                asked++;
            }
            return kept[(int) (i % kept.length)];
        }
    }

    /**
     * The evaluator's runs {@code from} .. {@code end-1}, each sent ahead and evaluated on a
     * thread of the session's run pool beside the runs before it ({@link EvaluatorProtocol#begin});
     * their statistics count each run from its beginning to its end, which overlap.
     */
    private <R> void runBeside(EvaluatorProtocol e, RunPlan spec, long from, long end, byte[] fingerprint,
            Protocol.Sequence seq, Consumer<R> results, Function<Done, R> beside) throws IOException {
        Consumer<EvaluatorProtocol.Ended> ended = x -> {
            index = x.runIndex() + 1;
            last = new Stats(0, 0, x.nanos(), x.nanos(), x.sent(), x.received(), x.gates(), x.nonLinear(),
                    x.labelSlots());
            results.accept(beside.apply(new Done(x.outcome(), last)));
        };
        for (long run = from; run < end; run++) {
            try {
                e.begin(spec, run, fingerprint, seq, ended);
            } catch (HandshakeMismatchException m) {
                index = run + 1; // both sides exchanged a header: stay in step, stay usable
                protocol.idle();
                throw m;
            }
        }
        e.endPending(ended);
    }
}
