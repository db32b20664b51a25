package io.gcstream.engine;

import io.gcstream.ot.OtOptions;
import io.gcstream.ot.channel.ChannelOptions;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Immutable settings of a {@link GcSession}. Both parties must use the same {@link #scheme()}
 * (the handshake checks it); the other settings are local.
 *
 * <ul>
 *   <li>{@code scheme}: the garbling scheme, default {@link Scheme#DEFAULT} (half-gates).</li>
 *   <li>{@code readTimeout}: how long a party waits for its peer before giving up (default 60
 *       s). A {@code Channel} carries its own read timeout, fixed when it is created, so this
 *       setting takes effect through {@link #channelOptions()}: use it when you create the
 *       channel (as {@link LocalPair} and the CLI do).</li>
 *   <li>{@code seed}: <b>tests only</b>. Derives Δ, the labels and the OT randomness from a
 *       fixed seed so that a run is reproducible byte for byte. A seeded session is insecure.
 *       Unset by default (randomness from {@code SecureRandom}).</li>
 *   <li>{@code bufferSize}: channel buffer for channels made from {@link #channelOptions()}.</li>
 *   <li>{@code progress}: a {@link ProgressListener} for long runs (default none).</li>
 *   <li>{@code otBlockSize}: OTs per block of the OT extension (a multiple of 128, default
 *       16,384). Both parties must use the same. Memory of the extension is proportional to it
 *       (about 64 bytes per OT for the creator, 112 for the evaluator), so a session whose runs
 *       have few evaluator inputs can use a small block: {@link Builder#otBlockSizeFor}.</li>
 * </ul>
 *
 * <p>Example: {@code SessionOptions.builder().scheme(Scheme.GRR3).readTimeout(Duration.ofSeconds(5)).build()}.
 */
public final class SessionOptions {
    private static final SessionOptions DEFAULTS = builder().build();

    private final Scheme scheme;
    private final Duration readTimeout;
    private final Long seed;
    private final int bufferSize;
    private final ProgressListener progress;
    private final int otBlockSize;

    private SessionOptions(Builder b) {
        this.otBlockSize = b.otBlockSize;
        this.progress = b.progress;
        this.scheme = b.scheme;
        this.readTimeout = b.readTimeout;
        this.seed = b.seed;
        this.bufferSize = b.bufferSize;
    }

    /** Half-gates, 60 s read timeout, 64 KiB channel buffers, secure randomness. */
    public static SessionOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder pre-filled with these settings. */
    public Builder toBuilder() {
        Builder b = new Builder().scheme(scheme).readTimeout(readTimeout).bufferSize(bufferSize);
        b.seed = seed;
        b.progress = progress;
        b.otBlockSize = otBlockSize;
        return b;
    }

    public Scheme scheme() {
        return scheme;
    }

    public Duration readTimeout() {
        return readTimeout;
    }

    /** The test seed, if set. */
    public OptionalLong seed() {
        return seed == null ? OptionalLong.empty() : OptionalLong.of(seed);
    }

    /** Channel buffer size in bytes for channels made from {@link #channelOptions()}. */
    public int bufferSize() {
        return bufferSize;
    }

    /** OTs per block of the OT extension. */
    public int otBlockSize() {
        return otBlockSize;
    }

    /** The progress listener, or null. */
    public ProgressListener progress() {
        return progress;
    }

    /** Channel settings matching these options (read timeout, buffer size). */
    public ChannelOptions channelOptions() {
        return ChannelOptions.builder().readTimeout(readTimeout).bufferSize(bufferSize).build();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SessionOptions)) {
            return false;
        }
        SessionOptions s = (SessionOptions) o;
        return scheme == s.scheme && readTimeout.equals(s.readTimeout)
                && Objects.equals(seed, s.seed) && bufferSize == s.bufferSize
                && progress == s.progress && otBlockSize == s.otBlockSize;
    }

    @Override
    public int hashCode() {
        return Objects.hash(scheme, readTimeout, seed, bufferSize, otBlockSize);
    }

    @Override
    public String toString() {
        return "SessionOptions{scheme=" + scheme + ", readTimeout=" + readTimeout
                + ", bufferSize=" + bufferSize + ", otBlockSize=" + otBlockSize + (seed == null ? "" : ", seeded (insecure)") + "}";
    }

    /** Validating builder of {@link SessionOptions}. */
    public static final class Builder {
        private Scheme scheme = Scheme.DEFAULT;
        private Duration readTimeout = Duration.ofSeconds(60);
        private Long seed;
        private int bufferSize = 64 * 1024;
        private ProgressListener progress;
        private int otBlockSize = io.gcstream.ot.OtOptions.DEFAULT_BLOCK_SIZE;

        private Builder() {
        }

        /** OTs per extension block: a multiple of 128 in 128..2^22; both parties the same. */
        public Builder otBlockSize(int ots) {
            io.gcstream.ot.OtOptions.builder().blockSize(ots); // validates
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
            long rounded = Math.max(128, (evaluatorInputs + 127) / 128 * 128);
            return otBlockSize((int) Math.min(io.gcstream.ot.OtOptions.DEFAULT_BLOCK_SIZE, rounded));
        }

        /** Reports stream progress of every run (null: none). */
        public Builder progress(ProgressListener p) {
            this.progress = p;
            return this;
        }

        public Builder scheme(Scheme s) {
            this.scheme = Objects.requireNonNull(s, "scheme");
            return this;
        }

        /** At least 1 ms. */
        public Builder readTimeout(Duration t) {
            Objects.requireNonNull(t, "readTimeout");
            if (t.isNegative() || t.toMillis() < 1) {
                throw new IllegalArgumentException("readTimeout must be at least 1 ms, got " + t);
            }
            this.readTimeout = t;
            return this;
        }

        /** Tests only: makes the session deterministic and therefore insecure. */
        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        /** Channel buffer, bytes, within the limits of {@link ChannelOptions}. */
        public Builder bufferSize(int bytes) {
            if (bytes < ChannelOptions.MIN_BUFFER_SIZE || bytes > ChannelOptions.MAX_BUFFER_SIZE) {
                throw new IllegalArgumentException("bufferSize must be in ["
                        + ChannelOptions.MIN_BUFFER_SIZE + ", " + ChannelOptions.MAX_BUFFER_SIZE
                        + "] bytes, got " + bytes);
            }
            this.bufferSize = bytes;
            return this;
        }

        public SessionOptions build() {
            return new SessionOptions(this);
        }
    }
}
