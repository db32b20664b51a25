package io.gcstream.engine;

import io.gcstream.ot.OtOptions;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Immutable settings of a {@link GcSession}. Both parties must use the same {@link #scheme()}
 * and {@link #otBlockSize()} (the handshakes check them); the other settings are local.
 * Channel settings (buffers, the channel's own read and write timeouts, TLS) belong to the
 * channel: see {@code io.gcstream.ot.channel.ChannelOptions} and {@code Transport}.
 *
 * <ul>
 *   <li>{@code scheme}: the garbling scheme, default {@link Scheme#DEFAULT} (half-gates).</li>
 *   <li>{@code timeout}: how long the peer may take for each step before this party gives up
 *       (default 60 s): every short phase (handshakes, run headers, output messages) as a
 *       whole, and each chunk of a long one (a chunk of input labels, a batch of garbled
 *       tables). So a stalled peer, or one that trickles bytes, ends a run within about this
 *       long, while a long computation that keeps going is never cut off. The session sets
 *       these deadlines on its channel.</li>
 *   <li>{@code otBlockSize}: OTs per block of the OT extension (a multiple of 128, default
 *       16,384). Memory of the extension is proportional to it (about 64 bytes per OT for the
 *       creator, 112 for the evaluator), so a session whose runs have few evaluator inputs can
 *       use a small block: {@link Builder#otBlockSizeFor}.</li>
 *   <li>{@code singleRun}: a hint that the caller means to run this session once (default
 *       false). When both parties set it, a first run with at most 128 fresh evaluator input bits
 *       takes them by base OTs alone, and the OT extension is set up only by a later run that
 *       needs it: the one run is shorter (by ~35 ms from a cold start here, docs/performance.md),
 *       but a second run, if there is one, pays for the extension's set-up, and from a cold
 *       start more than the first run saved. Without it (or if only one party sets it) the
 *       session sets the extension up before its first run. A hint only: either way every run
 *       is correct.</li>
 *   <li>{@code reuseState}: allow resuming a saved state that a session has used before (default
 *       false). A state resumes once ({@link SessionState}); a used one resumes again only when
 *       both parties set this, each with its own reason (a run to repeat after a failure).</li>
 *   <li>{@code progress}: a {@link ProgressListener} for long runs (default none).</li>
 *   <li>{@code seed}: <b>tests only</b>. Derives Δ, the labels and the OT randomness from a
 *       fixed seed so that a run is reproducible byte for byte. A seeded session is insecure.
 *       Unset by default (randomness from {@code SecureRandom}).</li>
 * </ul>
 *
 * <p>Example: {@code SessionOptions.builder().scheme(Scheme.GRR3).timeout(Duration.ofSeconds(5)).build()}.
 */
public final class SessionOptions {
    private static final SessionOptions DEFAULTS = builder().build();

    private final Scheme scheme;
    private final Duration timeout;
    private final Long seed;
    private final ProgressListener progress;
    private final int otBlockSize;
    private final boolean singleRun;
    private final boolean reuseState;

    private SessionOptions(Builder b) {
        this.scheme = b.scheme;
        this.timeout = b.timeout;
        this.seed = b.seed;
        this.progress = b.progress;
        this.otBlockSize = b.otBlockSize;
        this.singleRun = b.singleRun;
        this.reuseState = b.reuseState;
    }

    /** Half-gates, 60 s timeout, OT blocks of 16,384, secure randomness. */
    public static SessionOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder pre-filled with these settings. */
    public Builder toBuilder() {
        Builder b = new Builder().scheme(scheme).timeout(timeout).otBlockSize(otBlockSize).singleRun(singleRun)
                .reuseState(reuseState);
        b.seed = seed;
        b.progress = progress;
        return b;
    }

    public Scheme scheme() {
        return scheme;
    }

    /** How long the peer may take for each step (see the class comment). */
    public Duration timeout() {
        return timeout;
    }

    /** The test seed, if set. */
    public OptionalLong seed() {
        return seed == null ? OptionalLong.empty() : OptionalLong.of(seed);
    }

    /** OTs per block of the OT extension. */
    public int otBlockSize() {
        return otBlockSize;
    }

    /** Whether the caller means to run the session once (see the class comment). */
    public boolean singleRun() {
        return singleRun;
    }

    /** Whether this party allows resuming a state used before (see the class comment). */
    public boolean reuseState() {
        return reuseState;
    }

    /** The progress listener, or null. */
    public ProgressListener progress() {
        return progress;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SessionOptions)) {
            return false;
        }
        SessionOptions s = (SessionOptions) o;
        return scheme == s.scheme && timeout.equals(s.timeout) && Objects.equals(seed, s.seed)
                && progress == s.progress && otBlockSize == s.otBlockSize && singleRun == s.singleRun
                && reuseState == s.reuseState;
    }

    @Override
    public int hashCode() {
        return Objects.hash(scheme, timeout, seed, otBlockSize, singleRun, reuseState);
    }

    @Override
    public String toString() {
        return "SessionOptions{scheme=" + scheme + ", timeout=" + timeout + ", otBlockSize=" + otBlockSize
                + (singleRun ? ", singleRun" : "") + (reuseState ? ", reuseState" : "") + (seed == null ? "" : ", seeded (insecure)") + "}";
    }

    /** Validating builder of {@link SessionOptions}. */
    public static final class Builder {
        private Scheme scheme = Scheme.DEFAULT;
        private Duration timeout = Duration.ofSeconds(60);
        private Long seed;
        private ProgressListener progress;
        private int otBlockSize = OtOptions.DEFAULT_BLOCK_SIZE;
        private boolean singleRun;
        private boolean reuseState;

        private Builder() {
        }

        /** This party allows resuming a state used before; the peer must allow it too (see the class comment). */
        public Builder reuseState(boolean allow) {
            this.reuseState = allow;
            return this;
        }

        /** The caller means to run the session once: a hint (see the class comment). */
        public Builder singleRun(boolean once) {
            this.singleRun = once;
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
         * The smallest block that serves runs of up to {@code evaluatorInputs} fresh evaluator
         * input bits in one block, at most the default 16,384: for sessions of small circuits,
         * whose OT extension then needs little memory. Both parties must call it with the same
         * number (e.g. the circuit's evaluator input count).
         */
        public Builder otBlockSizeFor(long evaluatorInputs) {
            long rounded = Math.max(128, (Math.min(evaluatorInputs, OtOptions.DEFAULT_BLOCK_SIZE) + 127) / 128 * 128);
            return otBlockSize((int) rounded);
        }

        /** Tests only: makes the session deterministic and therefore insecure. */
        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        public SessionOptions build() {
            return new SessionOptions(this);
        }
    }
}
