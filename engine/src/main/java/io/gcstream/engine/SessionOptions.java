package io.gcstream.engine;

import io.gcstream.engine.internal.session.Protocol;
import io.gcstream.ot.OtOptions;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Immutable settings of a {@link GcSession}, made by {@link #builder()} (or {@link #toBuilder()}
 * of other settings) and shown by {@link #toString()}. Both parties must use the same
 * {@code scheme} and {@code otBlockSize} (the handshakes check them); the other settings are
 * local.
 * Channel settings (buffers, the channel's own read and write timeouts, TLS) belong to the
 * channel: see {@code io.gcstream.ot.channel.ChannelOptions} and {@code Transport}.
 *
 * <ul>
 *   <li>{@code scheme}: the garbling scheme, default {@link Scheme#HALF_GATES}.</li>
 *   <li>{@code timeout}: how long the peer may take for each step before this party gives up
 *       (default 60 s): every short phase (handshakes, run headers, output messages) as a
 *       whole, and each chunk of a long one (a chunk of input labels, a batch of garbled
 *       tables). So a stalled peer, or one that trickles bytes, ends a run within about this
 *       long, while a long computation that keeps going is never cut off. The session sets
 *       these deadlines on its channel.</li>
 *   <li>{@code otBlockSize}: OTs per block of the OT extension (a multiple of 128, default
 *       16,384). Memory of the extension is proportional to it (about 48 bytes per OT for the
 *       creator, 112 for the evaluator), so a session whose runs have few evaluator inputs can
 *       use a small block (the smallest multiple of 128 at least its evaluator inputs).</li>
 *   <li>{@code plannedRuns}: how many runs the caller means to make in this session, or 0 (the
 *       default) for not said. The hello compares the two: parties that both say a number must
 *       say the same, else the handshake fails on both sides naming both (so that a party
 *       planning fewer runs does not leave while its peer still runs ahead, {@link
 *       GcSession#runMany}). When both parties plan one run,
 *       a first run with at most 128 fresh evaluator input bits takes them by base OTs alone,
 *       and the OT extension is set up only by a later run that needs it (the one run is
 *       shorter, docs/performance.md; a second run, if there is one, pays for the extension's
 *       set-up). Otherwise the session sets the extension up before its first run. The session
 *       does not count its runs against the plan: the plan is what the two parties agree on.</li>
 *   <li>{@code stateOverPlainTcp}: allow saving or resuming a state ({@link GcSession#saveState},
 *       {@link GcSession#resume}) over plain TCP to a peer that is not on this machine (default
 *       false: refused on both sides). A saved creator's Δ lives for the whole chain of sessions,
 *       and a man in the middle of plain TCP learns one bit of Δ per run it makes fail
 *       (docs/security.md, "What plain TCP does not protect"): use TLS.</li>
 *   <li>{@code reuseState}: allow resuming a saved state that a session has used before (default
 *       false). A state resumes once ({@link SessionState}); a used one resumes again only when
 *       both parties set this, each with its own reason (a run to repeat after a failure).</li>
 *   <li>{@code threads}: how many threads this party computes on: its garbling or evaluation
 *       and its part of the OT extension. 1..{@value #MAX_THREADS}, or 0 (automatic, the
 *       default): the cores the JVM sees, halved when the peer runs on the same machine (a
 *       loopback connection or an in-memory channel), since the two parties then share those
 *       cores; the default gives a run's garbling or evaluation more than one thread only from
 *       4 (on 2 cores its hand-offs cost what the second thread gives), but from 2 computes the
 *       runs of {@link GcSession#runMany} beside each other, and the OT extension's larger jobs
 *       gain too (docs/performance.md). A number set
 *       here is used for both. The bytes on the wire do not depend on it, so the parties may
 *       use different numbers. A session with more than one keeps worker threads while it runs (its gate
 *       loop's team and its OT extension's, each threads − 1, a thread that writes a long
 *       stream, a thread that reads a long walk ahead; at most as many compute at once as the
 *       setting says, but for the stream writer); they stop after two idle seconds, at
 *       {@link GcSession#close()}, or when the session fails (docs/scale.md says what threads
 *       buy).</li>
 *   <li>{@code runsAtOnce}: how many runs of {@link GcSession#runMany} may be in flight at once,
 *       1..{@value #MAX_THREADS} (default 4): the evaluator
 *       sends the header and input OTs of a run that many runs minus one ahead, so each party
 *       with threads to spare computes up to that many runs beside each other, on at most
 *       {@code threads} threads (its own among them, taking a run whose inputs are all in while
 *       it waits for an earlier one). Each run in flight holds its own labels and tables
 *       (docs/memory.md). Both parties state theirs in the hello and the smaller is used, so
 *       they may differ; the bytes on the wire depend on it, never on {@code threads}. 1: no
 *       run goes ahead (each run is a round trip of its own). With fewer than {@code threads} + 2
 *       in flight a thread waits between runs (docs/scale.md).</li>
 *   <li>{@code progress}: a {@link ProgressListener} for long runs (default none).</li>
 *   <li>{@code insecureTestSeed}: <b>tests only</b>. Derives Δ, the labels and the OT randomness
 *       from a fixed seed so that a run is reproducible byte for byte. A seeded session is
 *       insecure. Unset by default (randomness from {@code SecureRandom}).</li>
 * </ul>
 *
 * <p>Example: {@code SessionOptions.builder().scheme(Scheme.GRR3).timeout(Duration.ofSeconds(5)).build()}.
 */
public final class SessionOptions {
    /**
     * {@link #runsAtOnce()} unless set: on 2 threads one run on each, one whose tables are in
     * and one more, so that neither waits for the other's run to end.
     */
    static final int DEFAULT_RUNS_AT_ONCE = Protocol.DEFAULT_RUNS_AHEAD + 1;
    /** {@link #threads()} chosen per session from the cores and where the peer is (the default). */
    static final int AUTO_THREADS = 0;
    /** Most threads a party computes on. */
    public static final int MAX_THREADS = 64;
    private static final SessionOptions DEFAULTS = builder().build();

    private final Scheme scheme;
    private final Duration timeout;
    private final Long seed;
    private final ProgressListener progress;
    private final int otBlockSize;
    private final int plannedRuns;
    private final boolean reuseState;
    private final boolean stateOverPlainTcp;
    private final int threads;
    private final int runsAtOnce;

    private SessionOptions(Builder b) {
        this.scheme = b.scheme;
        this.timeout = b.timeout;
        this.seed = b.seed;
        this.progress = b.progress;
        this.otBlockSize = b.otBlockSize;
        this.plannedRuns = b.plannedRuns;
        this.reuseState = b.reuseState;
        this.stateOverPlainTcp = b.stateOverPlainTcp;
        this.threads = b.threads;
        this.runsAtOnce = b.runsAtOnce;
    }

    /** Half-gates, 60 s timeout, OT blocks of 16,384, threads chosen per session, secure randomness. */
    public static SessionOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder pre-filled with these settings. */
    public Builder toBuilder() {
        Builder b = new Builder().scheme(scheme).timeout(timeout).otBlockSize(otBlockSize).plannedRuns(plannedRuns)
                .reuseState(reuseState).stateOverPlainTcp(stateOverPlainTcp).threads(threads)
                .runsAtOnce(runsAtOnce);
        b.seed = seed;
        b.progress = progress;
        return b;
    }

    Scheme scheme() {
        return scheme;
    }

    /** How long the peer may take for each step (see the class comment). */
    public Duration timeout() {
        return timeout;
    }

    /** The insecure test seed, if set. */
    OptionalLong insecureTestSeed() {
        return seed == null ? OptionalLong.empty() : OptionalLong.of(seed);
    }

    /** OTs per block of the OT extension. */
    int otBlockSize() {
        return otBlockSize;
    }


    /** Runs the caller means to make in this session, or 0 for not said (see the class comment). */
    int plannedRuns() {
        return plannedRuns;
    }

    /**
     * Whether this party allows saving or resuming a state over plain TCP to a peer off this
     * machine (see the class comment).
     */
    boolean stateOverPlainTcp() {
        return stateOverPlainTcp;
    }

    /** Whether this party allows resuming a state used before (see the class comment). */
    boolean reuseState() {
        return reuseState;
    }

    /** Threads this party computes on, or {@link #AUTO_THREADS} to choose per session (see the class comment). */
    int threads() {
        return threads;
    }

    /** Runs of {@link GcSession#runMany} this party takes in flight at once (see the class comment). */
    int runsAtOnce() {
        return runsAtOnce;
    }

    /** The progress listener, or null. */
    ProgressListener progress() {
        return progress;
    }


    @Override
    public String toString() {
        return "SessionOptions{scheme=" + scheme + ", timeout=" + timeout + ", otBlockSize=" + otBlockSize
                + (plannedRuns == 0 ? "" : ", plannedRuns=" + plannedRuns) + (reuseState ? ", reuseState" : "")
                + (stateOverPlainTcp ? ", stateOverPlainTcp" : "")
                + ", threads=" + (threads == AUTO_THREADS ? "auto" : threads)
                + (runsAtOnce == DEFAULT_RUNS_AT_ONCE ? "" : ", runsAtOnce=" + runsAtOnce)
                + (seed == null ? "" : ", seeded (insecure)") + "}";
    }

    /** Validating builder of {@link SessionOptions}. */
    public static final class Builder {
        private Scheme scheme = Scheme.HALF_GATES;
        private Duration timeout = Duration.ofSeconds(60);
        private Long seed;
        private ProgressListener progress;
        private int otBlockSize = OtOptions.DEFAULT_BLOCK_SIZE;
        private int plannedRuns;
        private boolean reuseState;
        private boolean stateOverPlainTcp;
        private int threads = AUTO_THREADS;
        private int runsAtOnce = DEFAULT_RUNS_AT_ONCE;

        private Builder() {
        }

        /** This party allows resuming a state used before; the peer must allow it too (see the class comment). */
        public Builder reuseState(boolean allow) {
            this.reuseState = allow;
            return this;
        }

        /**
         * Threads this party computes on, 1..{@value SessionOptions#MAX_THREADS}, or 0 to choose
         * them per session (see the class comment).
         */
        public Builder threads(int n) {
            if (n < 0 || n > MAX_THREADS) {
                throw new IllegalArgumentException("threads must be in 1.." + MAX_THREADS + ", or "
                        + AUTO_THREADS + " for automatic, got " + n);
            }
            this.threads = n;
            return this;
        }


        /**
         * Runs of {@link GcSession#runMany} this party takes in flight at once,
         * 1..{@value SessionOptions#MAX_THREADS} (see the class comment).
         */
        public Builder runsAtOnce(int n) {
            if (n < 1 || n > MAX_THREADS) {
                throw new IllegalArgumentException("runsAtOnce must be in 1.." + MAX_THREADS + ", got " + n);
            }
            this.runsAtOnce = n;
            return this;
        }

        /**
         * The caller means to make {@code runs} runs in this session, or does not say (0); both
         * parties that say must say the same (see the class comment).
         */
        public Builder plannedRuns(int runs) {
            if (runs < 0) {
                throw new IllegalArgumentException("plannedRuns must be at least 0 (0: not said), got " + runs);
            }
            this.plannedRuns = runs;
            return this;
        }

        /**
         * This party allows saving or resuming a state over plain TCP to a peer off this machine
         * (see the class comment).
         */
        public Builder stateOverPlainTcp(boolean allow) {
            this.stateOverPlainTcp = allow;
            return this;
        }

        public Builder scheme(Scheme s) {
            this.scheme = Objects.requireNonNull(s, "scheme");
            return this;
        }

        /** At least 1 ms. */
        public Builder timeout(Duration t) {
            Objects.requireNonNull(t, "timeout");
            if (t.isNegative() || t.toMillis() < 1) {
                throw new IllegalArgumentException("timeout must be at least 1 ms, got " + t);
            }
            this.timeout = t;
            return this;
        }

        /** Reports stream progress of every run (null: none). */
        public Builder progress(ProgressListener p) {
            this.progress = p;
            return this;
        }

        /** OTs per extension block: a multiple of 128 in 128..2^22; both parties the same. */
        public Builder otBlockSize(int ots) {
            OtOptions.builder().blockSize(ots); // validates
            this.otBlockSize = ots;
            return this;
        }

        /**
         * <b>Tests only</b>: derives all of this party's randomness (Δ, labels, OT secrets) from
         * {@code seed}, so that a run is reproducible byte for byte; the session is insecure.
         */
        public Builder insecureTestSeed(long seed) {
            this.seed = seed;
            return this;
        }

        public SessionOptions build() {
            return new SessionOptions(this);
        }
    }
}
