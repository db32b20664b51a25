package io.gcstream.ot.channel;

import java.time.Duration;
import java.util.Objects;

/**
 * Immutable settings of a channel: user-space buffer size (each direction), read timeout (how
 * long a read may wait for the peer before {@link PeerTimeoutException}), write timeout (how
 * long a write may stay blocked on a peer that does not read; the read timeout unless set) and
 * connect timeout (how long {@link Transport#connect} keeps retrying, and how long an accept
 * waits, TLS handshakes included) and read polling (how long a read that finds no data polls
 * for it before it sleeps).
 *
 * <p>Build with {@link #builder()}; {@link #defaults()} is 64 KiB, 60 s read and write
 * timeout, 30 s connect timeout, 100 µs read polling ({@link #DEFAULT_READ_POLL}).
 */
public final class ChannelOptions {
    /** Smallest accepted buffer: must hold at least a few 128-bit blocks. */
    public static final int MIN_BUFFER_SIZE = 64;
    /** Largest accepted buffer (64 MiB). */
    public static final int MAX_BUFFER_SIZE = 64 << 20;
    /** Longest accepted read polling: a poll burns a core for its whole length. */
    public static final Duration MAX_READ_POLL = Duration.ofMillis(10);
    /**
     * The default read polling: 100 µs, or none on a single-core machine, where a polling
     * reader would only keep its peer (or anything else) from running.
     */
    public static final Duration DEFAULT_READ_POLL =
            Runtime.getRuntime().availableProcessors() > 1 ? Duration.ofNanos(100_000) : Duration.ZERO;

    private static final ChannelOptions DEFAULTS = builder().build();

    private final int bufferSize;
    private final Duration readTimeout;
    /** Null: follows the read timeout. */
    private final Duration writeTimeout;
    private final Duration connectTimeout;
    private final Duration readPoll;

    private ChannelOptions(int bufferSize, Duration readTimeout, Duration writeTimeout,
            Duration connectTimeout, Duration readPoll) {
        this.bufferSize = bufferSize;
        this.readTimeout = readTimeout;
        this.writeTimeout = writeTimeout;
        this.connectTimeout = connectTimeout;
        this.readPoll = readPoll;
    }

    /**
     * 64 KiB buffers, 60 s read and write timeout, 30 s connect timeout, 100 µs read polling
     * (none on a single-core machine).
     */
    public static ChannelOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder pre-filled with these settings. */
    public Builder toBuilder() {
        Builder b = new Builder().bufferSize(bufferSize).readTimeout(readTimeout)
                .connectTimeout(connectTimeout).readPoll(readPoll);
        b.writeTimeout = writeTimeout;
        return b;
    }

    public int bufferSize() {
        return bufferSize;
    }

    public Duration readTimeout() {
        return readTimeout;
    }

    /**
     * How long one write may stay blocked because the peer does not read (each chunk of at most
     * {@link #bufferSize()} bytes gets this long); the read timeout unless set explicitly.
     */
    public Duration writeTimeout() {
        return writeTimeout == null ? readTimeout : writeTimeout;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    /**
     * How long a TCP read that finds no data polls for it before it sleeps in the kernel (zero:
     * never polls). Waking a sleeping reader costs the sender a system call that signals the
     * reader's core, and the reader the wake-up latency; the next message of a two-party
     * protocol usually arrives sooner than that, so a short poll makes each exchange cheaper for
     * both sides, at the price of the reader's core while it polls. Turn it off where threads
     * outnumber cores.
     */
    public Duration readPoll() {
        return readPoll;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ChannelOptions)) {
            return false;
        }
        ChannelOptions c = (ChannelOptions) o;
        return bufferSize == c.bufferSize && readTimeout.equals(c.readTimeout)
                && Objects.equals(writeTimeout, c.writeTimeout)
                && connectTimeout.equals(c.connectTimeout) && readPoll.equals(c.readPoll);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bufferSize, readTimeout, writeTimeout, connectTimeout, readPoll);
    }

    @Override
    public String toString() {
        return "ChannelOptions{bufferSize=" + bufferSize + ", readTimeout=" + readTimeout
                + ", writeTimeout=" + writeTimeout() + (writeTimeout == null ? " (read timeout)" : "")
                + ", connectTimeout=" + connectTimeout + ", readPoll=" + readPoll + "}";
    }

    /** Validating builder for {@link ChannelOptions}. */
    public static final class Builder {
        private int bufferSize = 64 * 1024;
        private Duration readTimeout = Duration.ofSeconds(60);
        private Duration writeTimeout;
        private Duration connectTimeout = Duration.ofSeconds(30);
        private Duration readPoll = DEFAULT_READ_POLL;

        private Builder() {
        }

        /** Buffer size in bytes, {@value #MIN_BUFFER_SIZE}..64 MiB. */
        public Builder bufferSize(int bytes) {
            if (bytes < MIN_BUFFER_SIZE || bytes > MAX_BUFFER_SIZE) {
                throw new IllegalArgumentException("bufferSize must be in [" + MIN_BUFFER_SIZE
                        + ", " + MAX_BUFFER_SIZE + "] bytes, got " + bytes);
            }
            this.bufferSize = bytes;
            return this;
        }

        /** Positive read timeout (at least 1 ms). */
        public Builder readTimeout(Duration t) {
            this.readTimeout = positive("readTimeout", t);
            return this;
        }

        /**
         * Positive write timeout (at least 1 ms); without this call the write timeout is the
         * read timeout, whatever it is set to.
         */
        public Builder writeTimeout(Duration t) {
            this.writeTimeout = positive("writeTimeout", t);
            return this;
        }

        /** Positive connect timeout (at least 1 ms). */
        public Builder connectTimeout(Duration t) {
            this.connectTimeout = positive("connectTimeout", t);
            return this;
        }

        /** Read polling, 0..{@link #MAX_READ_POLL}; see {@link ChannelOptions#readPoll()}. */
        public Builder readPoll(Duration t) {
            Objects.requireNonNull(t, "readPoll");
            if (t.isNegative() || t.compareTo(MAX_READ_POLL) > 0) {
                throw new IllegalArgumentException("readPoll must be in [0, " + MAX_READ_POLL.toMillis()
                        + " ms], got " + t);
            }
            this.readPoll = t;
            return this;
        }

        public ChannelOptions build() {
            return new ChannelOptions(bufferSize, readTimeout, writeTimeout, connectTimeout, readPoll);
        }

        private static Duration positive(String what, Duration t) {
            Objects.requireNonNull(t, what);
            if (t.isNegative() || t.toMillis() < 1) {
                throw new IllegalArgumentException(what + " must be at least 1 ms, got " + t);
            }
            return t;
        }
    }
}
