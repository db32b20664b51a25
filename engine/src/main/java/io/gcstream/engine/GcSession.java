package io.gcstream.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.internal.session.Connector;
import io.gcstream.engine.internal.session.CorrelatedOt;
import io.gcstream.engine.internal.session.CreatorProtocol;
import io.gcstream.engine.internal.session.EvaluatorProtocol;
import io.gcstream.engine.internal.session.Handshake;
import io.gcstream.engine.internal.session.OtExtensionCot;
import io.gcstream.engine.internal.session.PartyThreads;
import io.gcstream.engine.internal.session.Protocol;
import io.gcstream.engine.internal.session.RunPlan;
import io.gcstream.engine.internal.session.Runs;
import io.gcstream.engine.internal.session.SavedState;
import io.gcstream.engine.internal.state.Half;
import io.gcstream.engine.internal.state.StateFormat;
import io.gcstream.engine.internal.state.ValueOrigin;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.PeerClosedException;
import io.gcstream.ot.channel.PeerTimeoutException;
import io.gcstream.ot.channel.Transport;
import io.gcstream.ot.internal.Logs;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.slf4j.Logger;

/**
 * One party of a semi-honest two-party computation with streamed garbled circuits (Yao's
 * protocol with free-XOR and half-gates or GRR3), over one {@link Channel} to the peer.
 *
 * <pre>{@code
 * // creator (garbler)                                  // evaluator
 * GcSession s = GcSession.creator(ch, options);         GcSession s = GcSession.evaluator(ch, options);
 * boolean[] mine = s.run(circuit, creatorBits);         boolean[] mine = s.run(circuit, evaluatorBits);
 * }</pre>
 *
 * <p>Each party learns only its own outputs. The first call that communicates performs the
 * session handshake and sets up the OT extension (its base OTs) by which the evaluator's
 * inputs are transferred; later runs (of the same or other circuits) reuse it. When both
 * parties plan a single run ({@link SessionOptions.Builder#plannedRuns}), a first run with at most
 * 128 fresh evaluator input bits takes them by base OTs alone instead, and the extension is
 * set up by a later run that needs it.
 * The session has one garbling offset Δ for its whole life, so a run may also keep outputs
 * garbled as {@link GarbledValue}s and feed them into later runs ({@link #run(RunSpec, boolean[])}),
 * or save them for a later session ({@link #saveState}, {@link #resume}). Both parties must
 * make the same calls in the same order with matching specs; any disagreement (roles, scheme,
 * circuit, sizes, kept values) is a {@link HandshakeMismatchException} on both sides.
 *
 * <p>A session owns its channel: {@link #close()} closes it. {@link #listen listen} and
 * {@link #connect connect} open the connection with a {@link Transport} (TLS, or plain TCP for
 * loopback and tests) and return a session that has done its handshake; {@link #creator},
 * {@link #evaluator} and {@link #resume} take a channel the caller opened (with a
 * {@code Transport} and its own {@code ChannelOptions}, a {@link PeerListener}, or in memory).
 * <pre>{@code
 * try (GcSession s = GcSession.connect("peer.example", 7766, Party.EVALUATOR, transport, SessionOptions.defaults())) {
 *     boolean[] mine = s.run(circuit, evaluatorBits);
 * }
 * }</pre>
 *
 * <p>Calls block until done; a peer that disconnects or stalls beyond the options' timeout ends
 * the session with a {@link SessionException} (unchecked, like every failure once the session
 * exists). After any failure other than a run mismatch the session closes its channel (so the
 * peer fails promptly as well) and refuses further calls. Runs are serialised; one session per
 * channel.
 */
public final class GcSession implements AutoCloseable {
    /** The logger, made on first use: a process that never logs never sets logging up. */
    private static final class Log {
        static final Logger LOG = Logs.get(GcSession.class);
    }

    private final Channel channel;
    private final SessionOptions options;
    private final Protocol protocol;
    private final CorrelatedOt ot;
    private final Prg prg;
    /** Threads this party computes on ({@link SessionOptions#threads()} resolved). */
    private final int threads;
    /** The runs: their count, statistics and the runs-ahead loop. */
    private final Runs runs;
    /** The state this session resumes (if any) and saves. */
    private final SavedState saved;
    private final List<GarbledValue> resumed = new ArrayList<>();
    /** Where a test makes a save fail or stop; nothing by default. */
    private SaveHook saveHook = step -> {
    };
    private boolean setUp;
    private long nextValueId;
    /** Δ of a creator session (low, high); unused by the evaluator. */
    private final long[] delta = new long[2];
    /** A creator's given Δ (low, high) until set-up takes it, or null for one of its own (or a resumed state's). */
    private final long[] givenDelta;
    private RuntimeException failure;
    private volatile boolean closed;

    /**
     * @param ot how the evaluator's inputs are transferred, or null for the OT extension on the
     *     session's threads
     */
    private GcSession(Party role, Channel channel, SessionOptions options, CorrelatedOt ot,
            SessionState state) {
        this(role, channel, options, ot, state, null);
    }

    private GcSession(Party role, Channel channel, SessionOptions options, CorrelatedOt ot,
            SessionState state, long[] givenDelta) {
        this.channel = Objects.requireNonNull(channel, "channel");
        this.options = Objects.requireNonNull(options, "options");
        this.threads = PartyThreads.resolve(options.threads(), channel, SessionOptions.MAX_THREADS);
        this.ot = ot != null ? ot : OtExtensionCot.forSession(options.insecureTestSeed(), options.otBlockSize(),
                threads);
        this.prg = options.insecureTestSeed().isPresent()
                ? new Prg(options.insecureTestSeed().getAsLong(), role == Party.CREATOR ? 0x43L : 0x45L)
                : Prg.fromSecureRandom();
        this.protocol = role == Party.CREATOR
                ? new CreatorProtocol(channel, prg, options.scheme(), threads)
                : new EvaluatorProtocol(channel, prg, options.scheme(), threads);
        this.protocol.gateLoopThreads(PartyThreads.gateLoop(options.threads(), threads));
        this.protocol.runThreads(PartyThreads.runs(options.threads(), threads));
        this.protocol.progress(options.progress());
        this.runs = new Runs(protocol, channel);
        this.saved = new SavedState(role, channel, protocol, prg, options.reuseState(), options.stateOverPlainTcp(),
                state == null ? null : resumed(state));
        this.givenDelta = givenDelta;
    }

    /** What the saved-state side of the session needs of {@code state}. */
    private static SavedState.Resumed resumed(SessionState state) {
        List<Half> candidates = state.candidates();
        Half pending = !candidates.isEmpty() && state.isPending(candidates.get(0)) ? candidates.get(0) : null;
        return new SavedState.Resumed(state.problem(), state.file(), candidates, pending, state.hasBlockedPending(),
                state.file() == null ? state.inMemory() : null);
    }

    /**
     * Listens on {@code port} of every interface of this machine with {@code transport}
     * ({@link Transport#tls}, or {@link Transport#plain()} for loopback and tests: plain TCP has
     * no authentication or encryption, docs/security.md), accepts the peer and does the session
     * handshake ({@link #handshake()}) as {@code role}, with {@link ChannelOptions#defaults()}. A
     * connection that turns out not to be a gcstream party (it closes or stays silent before its
     * hello, sends other bytes, or fails the TLS handshake) is closed, logged as a warning, and
     * the listener keeps waiting, for at most 10 such
     * connections and the connect timeout in all ({@link PeerListener#accept}, for other
     * channel options or another report). Returns the session, which owns the channel.
     *
     * @throws IOException                if the port cannot be bound, no peer connected in time
     *                                    ({@link io.gcstream.ot.channel.PeerTimeoutException}) or
     *                                    too many connections failed
     * @throws HandshakeMismatchException if the peer is a gcstream party that disagrees (role,
     *                                    version, scheme)
     * @throws SessionException           if the peer fails during the handshake
     */
    public static GcSession listen(int port, Party role, Transport transport, SessionOptions options)
            throws IOException {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(options, "options");
        return Connector.listen(port, transport, server -> PeerListener.accept(server, transport,
                ChannelOptions.defaults(), reason -> Log.LOG.warn("rejected a connection: {}", reason), ch -> {
                    GcSession s = open(role, ch, options);
                    s.handshake();
                    return s;
                }));
    }

    /**
     * Connects to {@code host:port} with {@code transport} and {@link ChannelOptions#defaults()}
     * (retrying a refused connection until the connect timeout, as {@link Transport#connect}
     * does), and does the session handshake ({@link #handshake()}) as {@code role}. Returns the
     * session, which owns the channel.
     *
     * @throws IOException                if no connection could be made within the connect
     *                                    timeout, or the TLS handshake failed
     * @throws HandshakeMismatchException if the peer disagrees (role, version, scheme)
     * @throws SessionException           if the peer fails during the handshake
     */
    public static GcSession connect(String host, int port, Party role, Transport transport,
            SessionOptions options) throws IOException {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(options, "options");
        return Connector.connect(host, port, transport, ChannelOptions.defaults(), ch -> {
            GcSession s = open(role, ch, options);
            s.handshake(); // on failure the session has closed the channel
            return s;
        });
    }

    /** A new session of {@code role} over {@code channel}. */
    private static GcSession open(Party role, Channel channel, SessionOptions options) {
        return role == Party.CREATOR ? creator(channel, options) : evaluator(channel, options);
    }

    /** The creator (garbler) side over {@code channel}. Does not communicate yet. */
    public static GcSession creator(Channel channel, SessionOptions options) {
        return new GcSession(Party.CREATOR, channel, options, null, null);
    }

    /**
     * The creator side over {@code channel}, garbling under {@code delta} instead of a Δ of its
     * own, so that values it keeps can later be combined with those of other sessions under the
     * same Δ ({@link #resume(Channel, SessionOptions, List)}). The session hashes under a fresh
     * random 128-bit salt, sent in its hello, so no two sessions under one Δ share a hash
     * permutation (docs/protocol.md, "One Δ per session"). Over plain TCP to a peer off its
     * machine it refuses, as for saved state ({@link SessionOptions#stateOverPlainTcp()}). The
     * evaluator needs nothing different. The session keeps its own copy of Δ. Does not
     * communicate yet.
     *
     * @throws IllegalStateException if {@code delta} was destroyed
     */
    public static GcSession creator(Channel channel, SessionOptions options, SharedDelta delta) {
        Objects.requireNonNull(delta, "delta");
        return new GcSession(Party.CREATOR, channel, options, null, null, delta.words());
    }

    /** The evaluator side over {@code channel}. Does not communicate yet. */
    public static GcSession evaluator(Channel channel, SessionOptions options) {
        return new GcSession(Party.EVALUATOR, channel, options, null, null);
    }

    /**
     * A session of {@code state}'s party that resumes the garbled values saved in it, offered by
     * {@link #resumedValues()}. The peer must resume its half of the same state; the handshake
     * checks that on both sides (without revealing either half) and fails on both if the halves
     * do not belong together, were altered, one was used before (unless both parties allow it,
     * {@link SessionOptions#reuseState()}), or one side's state is
     * {@linkplain SessionState#unusable unusable}, or a side's channel is plain TCP to a peer off
     * its machine and its options do not allow that ({@link SessionOptions#stateOverPlainTcp()}).
     * If the state's file holds an unfinished save, the handshake settles it with the peer (the
     * new halves if both hold them, else the previous ones) and completes or removes it. The
     * session marks the file used before its first run that decodes an output, and when it saves
     * the state that continues it: atomically, failing if another session used or continued the
     * state since this one read it (unless both allow reuse). Does not communicate yet.
     */
    public static GcSession resume(Channel channel, SessionOptions options, SessionState state) {
        Objects.requireNonNull(state, "state");
        return new GcSession(state.role(), channel, options, null, state);
    }

    /**
     * A session of this party that resumes the values of all of {@code states} at once, offered
     * by {@link #resumedValues()} in order (the first state's values, then the second's, ...):
     * how values kept by several sessions, each a state of its own, are combined in one. The
     * peer resumes its halves of the same states in the same order. Each state is checked with
     * the peer as {@link #resume(Channel, SessionOptions, SessionState)} checks one (the two
     * halves belong together, are unaltered, and were not used before unless both parties allow
     * it), on both sides, and each is marked used as one resumed state is. A creator's states
     * must hold one Δ (sessions made with one {@link SharedDelta}); the session hashes under a
     * fresh salt. Does not communicate yet.
     *
     * @throws IllegalArgumentException if {@code states} is empty or longer than 4,096, mixes
     *     the parties' halves, holds a state with an unfinished save (resume that one alone to
     *     settle it), or, for the creator, states under different Δs (nothing is sent)
     */
    public static GcSession resume(Channel channel, SessionOptions options, List<SessionState> states) {
        SessionState all = SessionState.merge(states);
        return new GcSession(all.role(), channel, options, null, all);
    }

    /**
     * A session with another way of doing the evaluator's input OTs (tests), or (null) the OT
     * extension.
     */
    static GcSession create(Party role, Channel channel, SessionOptions options, CorrelatedOt ot) {
        return new GcSession(role, channel, options, ot, null);
    }

    /** This side's role. */
    public Party role() {
        return protocol.role();
    }

    /**
     * The threads this party computes on: {@link SessionOptions#threads()}, or the number it
     * chose automatically for this channel's peer (its OT extension uses them all; an automatic
     * choice below 4 garbles or evaluates on one, see {@link SessionOptions}).
     */
    public int threads() {
        return threads;
    }

    /** Statistics of the last successful run, or null before the first. */
    public synchronized RunStats lastStats() {
        return stats(runs.last());
    }

    /** {@code s} as this party's {@link RunStats}, or null. */
    private RunStats stats(Runs.Stats s) {
        return s == null ? null : new RunStats(role(), options.scheme(), s.setupNanos(), s.otNanos(), s.onlineNanos(),
                s.totalNanos(), s.bytesSent(), s.bytesReceived(), s.gates(), s.nonLinearGates(), s.labelSlots());
    }

    /**
     * The values resumed from the saved state, in the state's order (empty for a session not
     * made by {@link #resume}). Each is consumed when used, like any kept value. Which half of
     * the file is resumed is settled with the peer in the handshake, so this performs the
     * handshake ({@link #handshake()}) first if it has not been done.
     *
     * @throws HandshakeMismatchException if the hellos disagree, as for {@link #handshake()}
     * @throws SessionException           if the peer fails during the handshake
     */
    public synchronized List<GarbledValue> resumedValues() {
        if (saved.resumes() && !setUp) {
            handshake();
        }
        return List.copyOf(resumed);
    }

    /**
     * Runs {@code circuit} with this party's input bits (bit i to the i-th input slot of this
     * party) and returns this party's output bits: {@code run(RunSpec.of(circuit), inputBits)}.
     *
     * @throws IllegalArgumentException   if {@code inputBits} does not have the circuit's number
     *                                    of input bits for this party (nothing is sent)
     * @throws HandshakeMismatchException if the parties disagree on the session or the circuit
     * @throws SessionException           if the peer fails, stalls, disconnects or sends garbage,
     *                                    a garbled output fails its check, or the circuit body
     *                                    cannot be read
     * @throws IllegalStateException      if the session was closed or failed earlier
     */
    public boolean[] run(Circuit circuit, boolean[] inputBits) {
        Objects.requireNonNull(inputBits, "inputBits");
        int expected = role() == Party.CREATOR ? circuit.creatorInputCount() : circuit.evaluatorInputCount();
        if (inputBits.length != expected) {
            throw new IllegalArgumentException(name() + " input has " + inputBits.length
                    + " bits but the circuit takes " + expected);
        }
        return run(RunSpec.of(circuit), inputBits).outputs();
    }

    /**
     * Runs {@code spec}: this party supplies {@code freshBits}, the bits of its fresh input
     * segments in order (its circuit's inputs less the values it feeds); its kept values feed the other segments
     * and are consumed. Returns this party's decoded outputs and the newly kept values.
     *
     * <p>This call never runs ahead: an evaluator sends a run's inputs only when it is called
     * for that run, so calling it in a loop on both sides serves inputs that depend on earlier
     * outputs. A creator follows its peer, though: if the evaluator runs ahead
     * ({@link #runMany}), the creator's call returns once its side of the run is done, before
     * the evaluator's verdict on it, which the creator reads during a later run (a failure
     * then fails that run). Without a later run the verdict is never read.
     *
     * @throws IllegalArgumentException if {@code freshBits} has the wrong length or a value of
     *     the spec belongs to another session (nothing is sent)
     * @throws IllegalStateException    if a value of the spec is gone (nothing is sent)
     * @throws HandshakeMismatchException if the peer's spec differs; the session stays usable
     *     and no value is consumed
     * @throws SessionException         as for {@link #run(Circuit, boolean[])}
     */
    public synchronized RunResult run(RunSpec spec, boolean[] freshBits) {
        Objects.requireNonNull(spec, "spec");
        checkFresh(spec, freshBits);
        checkUsable();
        return runOne(spec.plan(), freshBits, null);
    }

    /**
     * Runs {@code spec} {@code count} times, as {@code count} calls of
     * {@link #run(RunSpec, boolean[])} would, taking this party's fresh bits of run i from
     * {@code freshBits.apply(i)} and handing each run's result to {@code results} as it
     * completes; memory does not grow with {@code count}.
     *
     * <p>Both parties call it with the same spec and count (a creator may instead call
     * {@link #run(RunSpec, boolean[])} {@code count} times; {@link SessionOptions#plannedRuns()}
     * lets the hello check the count). Where the spec keeps no values, the creator decodes no
     * outputs and the evaluator has at most 1,024 fresh input bits, the evaluator <b>runs d
     * ahead</b>, d being one less than the smaller of the two parties'
     * {@link SessionOptions.Builder#runsAtOnce(int)} (3 by default), if its channel can take d runs'
     * messages unread (TCP and in-memory channels tell whether they can): once it has the
     * creator's header of run i, it sends run i+d's header and input OTs, so the creator
     * garbles runs i+1 .. i+d while run i is evaluated instead of waiting a round trip for each
     * run's inputs, and with 2 threads or more each party computes up to d+1 runs beside each
     * other (docs/protocol.md, "Runs ahead"). Otherwise the runs go one after another.
     *
     * <p>Two consequences. An evaluator with such a spec is asked for a run's bits when it sends
     * that run ahead: for run i+d as soon as run i begins, so up to 2d−1 runs before their
     * result; each run's bits once, in run order. Every other caller is asked for run i+1's bits
     * after run i's result, so its inputs may depend on earlier outputs. And the creator's
     * result of run i is handed over before the evaluator's verdict on it, which comes during
     * run i+d (the last run never goes ahead, so {@code runMany} returns with every verdict
     * read). For inputs of both parties that depend on earlier outputs, call
     * {@link #run(RunSpec, boolean[])} in a loop on both sides: it never runs ahead.
     *
     * @throws IllegalArgumentException if {@code count} is negative or a run's bits have the
     *     wrong length (nothing of that run is sent), unless a run had gone ahead: the session
     *     then fails with a {@link SessionException}
     * @throws HandshakeMismatchException if the peer's spec differs (at the first run)
     * @throws SessionException as for {@link #run(Circuit, boolean[])}; a failure of the
     *     {@code freshBits} or {@code results} callbacks after a run went ahead fails the session
     * @throws IllegalStateException if the session was closed or failed earlier
     */
    public synchronized void runMany(RunSpec spec, int count, IntFunction<boolean[]> freshBits,
            Consumer<RunResult> results) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(freshBits, "freshBits");
        Objects.requireNonNull(results, "results");
        if (count < 0) {
            throw new IllegalArgumentException("count must be at least 0, got " + count);
        }
        checkUsable();
        if (count == 0) {
            return;
        }
        runs.runMany(spec.plan(), count, i -> checkFresh(spec, freshBits.apply(i)), (bits, next) -> {
            checkUsable();
            return runOne(spec.plan(), bits, next);
        }, results, this::failed, done -> new RunResult(done.outcome().decoded(), List.of(), stats(done.stats())));
    }

    /**
     * Tests: whether a run went ahead and is not finished (the evaluator sent its next run's
     * header; the creator owes a read of the last run's status).
     */
    synchronized boolean inRunAhead() {
        return protocol.inRunAhead();
    }

    /** Tests: runs this side computed on a thread of their own beside the run before (runMany). */
    synchronized long runsBesideForTests() {
        return protocol.runsBeside();
    }

    /** {@code freshBits}, checked against what {@code spec} takes of this party. */
    private boolean[] checkFresh(RunSpec spec, boolean[] freshBits) {
        Objects.requireNonNull(freshBits, "freshBits");
        int expected = spec.freshBits(role());
        if (freshBits.length != expected) {
            throw new IllegalArgumentException(name() + " input has " + freshBits.length
                    + " bits but the run takes " + expected + " fresh bits of this party");
        }
        return freshBits;
    }

    /** One run; {@code next} as for {@link Protocol#run(RunPlan, long, byte[], long[][][], boolean[], Protocol.Sequence)}. */
    private RunResult runOne(RunPlan spec, boolean[] freshBits, Protocol.Sequence next) {
        long[][][] kept = new long[2][][];
        List<GarbledValue> used = new ArrayList<>();
        for (Party p : Party.values()) {
            List<RunPlan.Segment> segs = spec.inputs(p);
            kept[p.ordinal()] = new long[segs.size()][];
            for (int i = 0; i < segs.size(); i++) {
                GarbledValue v = segs.get(i).value();
                if (v != null) {
                    kept[p.ordinal()][i] = v.labels(this);
                    used.add(v);
                }
            }
        }
        try {
            // Inside the try: if the circuit cannot be read, the channel is closed and the
            // peer fails at once instead of waiting for its read timeout.
            Runs.Done done = runs.run(spec, kept, freshBits, next, new Runs.Session() {
                @Override
                public boolean setUpIfNeeded() throws IOException {
                    if (setUp) {
                        return false;
                    }
                    setUp();
                    return true;
                }

                @Override
                public void beforeDecoding() {
                    saved.markUsedBeforeDecoding();
                }
            });
            long run = runs.completed() - 1;
            for (GarbledValue v : used) {
                v.consume(this, "run " + run);
            }
            long[][] keptOut = done.outcome().kept();
            List<GarbledValue> out = new ArrayList<>(keptOut.length);
            byte[] h = spec.circuit().hash();
            for (int r = 0; r < keptOut.length; r++) {
                RunPlan.Kept k = spec.kept().get(r);
                out.add(newValue(keptOut[r], new ValueOrigin(h, k.party(), k.from(), k.width())));
            }
            return new RunResult(done.outcome().decoded(), out, stats(done.stats()));
        } catch (HandshakeMismatchException e) {
            if (!setUp) {
                fail(e);
            }
            throw e;
        } catch (IOException | RuntimeException e) {
            throw failed(e);
        }
    }

    /**
     * Saves {@code values} for a later session in {@code file}, as one transaction of both
     * parties: both call this with their handles of the same values, in the same order, each
     * with its own file. Each writes its new half beside its file ({@code .NAME.pending}) and
     * tells the peer; only when both have written does either make it current (marking the
     * state this session resumed as used, then renaming the new half over {@code file}). If
     * either fails or is killed at any point, afterwards either both new halves resume or both
     * previous ones do (docs/protocol.md, "Saving state"). The values stay usable in this
     * session.
     *
     * @param file     where this party's half goes: a regular file or none, not a link (see
     *                 {@link SessionState#checkTarget}, which a caller uses before the session's work)
     * @param password encrypts the half: required for the creator's, whose half holds Δ; optional
     *                 for the evaluator's (null: not encrypted)
     * @throws IllegalArgumentException   for no values or too many, or a creator without a password
     *                                    (nothing is sent)
     * @throws HandshakeMismatchException if the peer saves other values; the session stays usable
     * @throws SessionException           if either party cannot write its half, or the state it
     *                                    resumed was used or continued by another session since it
     *                                    read it, or either refuses plain TCP to a peer off its machine
     *                                    ({@link SessionOptions#stateOverPlainTcp()}): both then keep
     *                                    their previous state; or as for {@link #run(Circuit, boolean[])}
     */
    public synchronized void saveState(List<GarbledValue> values, Path file, char[] password) {
        Objects.requireNonNull(file, "file");
        List<SavedState.Value> saving = valuesToSave(values);
        if (role() == Party.CREATOR && (password == null || password.length == 0)) {
            throw new IllegalArgumentException("the creator's state holds Δ and is written encrypted: a password is"
                    + " needed");
        }
        try {
            if (!setUp) {
                setUp();
            }
            saved.save(saving, file, password, delta[0], delta[1], saveHook, this::failed);
        } catch (HandshakeMismatchException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw failed(e);
        }
    }

    /**
     * {@code values} as a state in memory ({@link SessionState}), as {@link #saveState} saves
     * them to a file: both parties call one or the other with their handles of the same values in
     * the same order, and the two halves are checked together when a later session resumes them.
     * Nothing is written; carry the half to another process with {@link SessionState#toBytes}.
     * The values stay usable in this session. A state this session resumed counts as continued,
     * so it is marked used.
     *
     * @throws IllegalArgumentException   for no values or too many (nothing is sent)
     * @throws HandshakeMismatchException if the peer saves other values; the session stays usable
     * @throws SessionException           if the peer could not save its half, or either refuses
     *                                    plain TCP to a peer off its machine; or as for
     *                                    {@link #run(Circuit, boolean[])}
     */
    public synchronized SessionState exportState(List<GarbledValue> values) {
        List<SavedState.Value> saving = valuesToSave(values);
        try {
            if (!setUp) {
                setUp();
            }
            return new SessionState(saved.export(saving, delta[0], delta[1]));
        } catch (HandshakeMismatchException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw failed(e);
        }
    }

    /** {@code values} checked for a save (nothing sent yet), with copies of their labels. */
    private List<SavedState.Value> valuesToSave(List<GarbledValue> values) {
        Objects.requireNonNull(values, "values");
        checkUsable();
        if (protocol.inRunAhead()) {
            throw new IllegalStateException(name() + ": a run went ahead (runMany) and is not finished");
        }
        if (values.isEmpty() || values.size() > StateFormat.MAX_VALUES) {
            throw new IllegalArgumentException("a state holds 1 to " + StateFormat.MAX_VALUES
                    + " values, not " + values.size());
        }
        List<SavedState.Value> saving = new ArrayList<>(values.size());
        for (GarbledValue v : values) {
            saving.add(new SavedState.Value(v.id(), v.width(), v.labels(this).clone(), v.origin()));
        }
        return saving;
    }

    /** Tests: where a save fails or stops. */
    void saveHook(SaveHook hook) {
        this.saveHook = Objects.requireNonNull(hook, "hook");
    }

    /** Most time the peer's hello may take (or the timeout, if shorter). */
    static final java.time.Duration HELLO_BUDGET = java.time.Duration.ofSeconds(10);

    /**
     * Performs the session handshake (hello and saved-state check) and the set-up of the OT
     * extension (or, for a single run, the creator's key of its base OTs) now; without
     * this call the first run or export does it. A listener calls it right after accepting, to
     * tell its real peer from a probe: a {@link HandshakeMismatchException} with
     * {@link HandshakeMismatchException#isNotAPeer()}, or the peer closing or staying silent
     * before it sent anything, means the connection was not a gcstream party. Does nothing if
     * the session is already set up.
     *
     * @throws HandshakeMismatchException if the hellos disagree (the session is then closed)
     * @throws SessionException           if the peer fails, stalls or disconnects
     */
    public synchronized void handshake() {
        checkUsable();
        if (setUp) {
            return;
        }
        long t0 = System.nanoTime();
        long sent0 = channel.bytesSent();
        long recv0 = channel.bytesReceived();
        try {
            setUp();
            runs.setUpBeforeRuns(System.nanoTime() - t0, channel.bytesSent() - sent0,
                    channel.bytesReceived() - recv0);
        } catch (HandshakeMismatchException e) {
            throw fail(e);
        } catch (IOException | RuntimeException e) {
            throw failed(e);
        }
    }

    /** Hello (with the saved-state check), then the protocol's set-up with the session's Δ. */
    private void setUp() throws IOException {
        // The hello is small and comes at once from a real peer: a short budget lets a listener
        // tell a silent probe from its peer quickly.
        long t0 = System.nanoTime();
        protocol.budget(HELLO_BUDGET.compareTo(options.timeout()) < 0 ? HELLO_BUDGET : options.timeout());
        protocol.enter("session handshake");
        SavedState.Offer offer = saved.offer(givenDelta != null);
        Handshake.Agreed agreed = Handshake.hello(channel, role(), options.scheme(), options.plannedRuns(),
                options.runsAtOnce() - 1, offer.check(), offer.saltLo(), offer.saltHi());
        protocol.runsAhead(agreed.runsAhead());
        long tHello = System.nanoTime();
        protocol.budget(options.timeout());
        Half resumedHalf = null;
        if (saved.resumes()) {
            resumedHalf = saved.agreed(agreed);
            protocol.resume(resumedHalf.counter(), agreed.saltLo(), agreed.saltHi());
            for (int i = 0; i < resumedHalf.size(); i++) {
                resumed.add(newValue(resumedHalf.labels(i), resumedHalf.origins().get(i)));
            }
        } else if (agreed.saltLo() != 0 || agreed.saltHi() != 0) {
            // The creator garbles under a shared Δ: its salt keys the hash on both sides.
            protocol.resume(0, agreed.saltLo(), agreed.saltHi());
        }
        protocol.enter("base OTs");
        if (role() == Party.CREATOR) {
            if (resumedHalf != null) {
                delta[0] = resumedHalf.deltaLo();
                delta[1] = resumedHalf.deltaHi();
            } else if (givenDelta != null) {
                delta[0] = givenDelta[0];
                delta[1] = givenDelta[1];
                Arrays.fill(givenDelta, 0);
            } else {
                delta[0] = prg.nextLong() | 1;
                delta[1] = prg.nextLong();
            }
        }
        protocol.setup(ot, delta[0], delta[1], agreed.singleRun());
        protocol.idle();
        setUp = true;
        if (Log.LOG.isDebugEnabled()) {
            long end = System.nanoTime();
            Log.LOG.debug("{} session with {} set up in {} ms: hello {} ms ({}, {}{}), then {} ms for {}",
                    name(), channel.peer(), millis(end - t0), millis(tHello - t0),
                    options.scheme().wireName(),
                    agreed.singleRun() ? "single run"
                            : "runs planned: " + (options.plannedRuns() == 0 ? "not said" : options.plannedRuns()),
                    saved.resumes() ? ", resumed from a saved state" : "", millis(end - tHello),
                    agreed.singleRun() ? "the base OTs' first message"
                            : "the base OTs and the OT extension's set-up");
        }
    }

    /** Nanoseconds as milliseconds with one decimal, for log lines. */
    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }

    private GarbledValue newValue(long[] labels, ValueOrigin origin) {
        return new GarbledValue(this, nextValueId++, labels, origin);
    }

    /**
     * Ends the session and closes its channel; the peer's next read fails. A run in progress on
     * another thread fails with a {@link SessionException}. Stops the session's worker threads
     * (a session computing on more than one thread keeps them while it is in use) and waits
     * for them, at most a second each. Later calls throw {@link IllegalStateException}.
     * Idempotent; never throws.
     */
    @Override
    public void close() {
        closed = true;
        try {
            channel.close();
        } catch (IOException | RuntimeException ignored) {
            // Closing only releases the connection; there is nothing left to report it to.
        }
        protocol.close();
    }

    private void checkUsable() {
        if (closed && failure == null) {
            throw new IllegalStateException("this " + name() + " session is closed");
        }
        if (failure != null) {
            throw new IllegalStateException("this " + name() + " session failed earlier and cannot"
                    + " be used again: " + failure.getMessage(), failure);
        }
    }

    /** The session exception for {@code e}, after failing the session. */
    private SessionException failed(Exception e) {
        if (e instanceof SessionException s) {
            return fail(s);
        }
        if (closed) {
            return fail(new SessionException(name() + ": the session was closed during " + protocol.phase(), e));
        }
        if (e instanceof PeerClosedException) {
            return fail(new SessionException(name() + ": the peer " + channel.peer()
                    + " closed the connection during " + protocol.phase() + ": " + e.getMessage(), e));
        }
        if (e instanceof PeerTimeoutException) {
            // A read timeout, a write timeout or the phase deadline: the channel's message says
            // which (a trickling peer does send, so "sent nothing" would be wrong).
            return fail(new SessionException(name() + ": timed out waiting for the peer " + channel.peer()
                    + " during " + protocol.phase() + ": " + e.getMessage(), e));
        }
        // Its message, not its toString(): the line is for a user, not a Java class name.
        String what = e.getMessage() == null || e.getMessage().isBlank() ? "an internal error" : e.getMessage();
        return fail(new SessionException(name() + ": " + protocol.phase() + " failed: " + what, e));
    }

    private SessionException fail(SessionException e) {
        failure = e;
        try {
            channel.close();
        } catch (IOException | RuntimeException ignored) {
            // The session has failed already; closing is only to release the peer.
        }
        // No thread outlives a failed session.
        protocol.close();
        return e;
    }

    private String name() {
        return role().name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return "GcSession{" + name() + ", peer=" + channel.peer() + ", " + options.scheme()
                + ", runs=" + runs.completed() + "}";
    }
}
