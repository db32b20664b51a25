package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.RunSpec;
import io.gcstream.engine.RunStats;
import io.gcstream.engine.Scheme;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.Logs;
import java.io.IOException;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.slf4j.Logger;

/**
 * The runs of one session: their count, the statistics of the last one (with the time and
 * traffic of a set-up done before it), and the loop of many runs of one spec, in which an
 * evaluator runs one ahead where it may (docs/protocol.md, "Runs ahead"). Internal; used by
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
        R run(boolean[] bits, Protocol.Ahead next);
    }

    /** What a run gave: the protocol's outcome and the run's statistics. */
    public record Done(Protocol.Outcome outcome, RunStats stats) {
    }

    private final Protocol protocol;
    private final Channel channel;
    private final Scheme scheme;
    private long index;
    private RunStats last;
    /** Time and traffic of a set-up not yet reported with a run. */
    private long setupNanosPending;
    private long setupSent;
    private long setupReceived;

    public Runs(Protocol protocol, Channel channel, Scheme scheme) {
        this.protocol = protocol;
        this.channel = channel;
        this.scheme = scheme;
    }

    /** Runs completed so far (a run whose headers disagreed counts: both sides exchanged one). */
    public long completed() {
        return index;
    }

    /** Statistics of the last successful run, or null before the first. */
    public RunStats last() {
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
     * {@link Protocol#run(RunSpec, long, byte[], long[][][], boolean[], Protocol.Ahead)}. A
     * mismatch of the run's headers leaves the session in step and usable.
     */
    public Done run(RunSpec spec, long[][][] kept, boolean[] freshBits, Protocol.Ahead next, Session session)
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
        last = new RunStats(protocol.role(), scheme, setupNanos, protocol.inputsDoneNanos() - tRun,
                end - protocol.inputsDoneNanos(), end - t0, channel.bytesSent() - sent0,
                channel.bytesReceived() - recv0, protocol.lastGates(),
                protocol.lastNonLinear(), circuit.labelSlots());
        if (Log.LOG.isTraceEnabled()) { // one line per run: detail, never on by default
            Log.LOG.trace("{} run {} with {}: {}", protocol.role().name().toLowerCase(Locale.ROOT), index - 1,
                    channel.peer(), last.toJson());
        }
        return new Done(o, last);
    }

    /**
     * {@code count} runs of {@code spec} (at least 1), as {@code GcSession.runMany} states: run i
     * takes {@code freshBits.apply(i)} (checked by the caller's function) and its result goes to
     * {@code results}. An evaluator whose spec may run ahead ({@link Protocol#canRunAhead}) asks
     * for run i+1's bits before it hands over run i's result and sends them with run i; every
     * other party asks after. A creator is told of the next run, so that it may garble it
     * beside this one. Where runs go on threads of their own ({@link Protocol#parallelRuns}),
     * the evaluator's runs after the first are evaluated beside each other
     * ({@link EvaluatorProtocol#begin}), their results made by {@code beside}. If a run went
     * ahead that will not be run, the two sides are out of step: the failure goes through
     * {@code failed}, which fails the session.
     */
    public <R> void runMany(RunSpec spec, int count, IntFunction<boolean[]> freshBits, One<R> one,
            Consumer<R> results, Function<Exception, RuntimeException> failed, Function<Done, R> beside) {
        boolean ahead = protocol.role() == Party.EVALUATOR && Protocol.canRunAhead(spec);
        boolean creator = protocol.role() == Party.CREATOR;
        byte[] fingerprint = ahead || creator ? spec.circuit().hash() : null;
        try {
            boolean[] bits = freshBits.apply(0);
            for (int i = 0; i < count; i++) {
                if (ahead && i > 0 && protocol instanceof EvaluatorProtocol e && e.canBegin(spec)) {
                    try {
                        runBeside(e, spec, i, count, fingerprint, freshBits, results, beside);
                    } catch (HandshakeMismatchException m) {
                        throw m;
                    } catch (IOException | RuntimeException x) {
                        // A run beside another failed: nothing keeps the two sides in step.
                        throw failed.apply(x);
                    }
                    return;
                }
                // Asked before this run's result only where they may go ahead with it.
                boolean[] nextBits = ahead && i + 1 < count ? freshBits.apply(i + 1) : null;
                Protocol.Ahead next = nextBits != null
                        ? new Protocol.Ahead(spec, index + 1, fingerprint, nextBits, i + 2 < count)
                        : creator && i + 1 < count ? new Protocol.Ahead(spec, index + 1, fingerprint, null, i + 2 < count)
                        : null;
                results.accept(one.run(bits, next));
                if (i + 1 < count) {
                    bits = ahead ? nextBits : freshBits.apply(i + 1);
                }
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
     * The evaluator's runs {@code from} .. {@code count-1}, each sent ahead by the one before and
     * evaluated on a thread of its own beside it ({@link EvaluatorProtocol#begin}); their
     * statistics count each run from its beginning to its end, which overlap.
     */
    private <R> void runBeside(EvaluatorProtocol e, RunSpec spec, int from, int count, byte[] fingerprint,
            IntFunction<boolean[]> freshBits, Consumer<R> results, Function<Done, R> beside) throws IOException {
        long first = index;
        Consumer<EvaluatorProtocol.Ended> ended = x -> {
            index = x.runIndex() + 1;
            last = new RunStats(protocol.role(), scheme, 0, 0, x.nanos(), x.nanos(), x.sent(), x.received(),
                    x.gates(), x.nonLinear(), x.labelSlots());
            results.accept(beside.apply(new Done(x.outcome(), last)));
        };
        for (int j = from; j < count; j++) {
            int k = j;
            long run = first + (j - from);
            try {
                e.begin(spec, run, fingerprint, () -> new Protocol.Ahead(spec, run + 1, fingerprint,
                        freshBits.apply(k + 1), k + 2 < count), ended);
            } catch (HandshakeMismatchException m) {
                index = run + 1; // both sides exchanged a header: stay in step, stay usable
                protocol.idle();
                throw m;
            }
        }
        e.endPending(ended, null);
    }
}
