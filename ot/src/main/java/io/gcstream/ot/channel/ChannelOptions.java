package io.gcstream.ot.channel;

import java.time.Duration;
import java.util.Objects;

/**
 * Immutable settings of a channel: user-space buffer size (each direction), read timeout (how
 * long a read may wait for the peer before {@link PeerTimeoutException}), write timeout (how
 * long a write may stay blocked on a peer that does not read; the read timeout unless set) and
 * connect timeout (how long {@link Transport#connect} keeps retrying, and how long an accept
 * waits, TLS handshakes included).
 *
 * <p>Build with {@link #builder()}; {@link #defaults()} is 64 KiB, 60 s read and write
 * timeout, 30 s connect timeout.
 */
public final class ChannelOptions {
    /** Smallest accepted buffer: must hold at least a few 128-bit blocks. */
    public static final int MIN_BUFFER_SIZE = 64;
    /** Largest accepted buffer (64 MiB). */
    public static final int MAX_BUFFER_SIZE = 64 << 20;

    private static final ChannelOptions DEFAULTS = builder().build();

    private final int bufferSize;
    private final Duration readTimeout;
    /** Null: follows the read timeout. */
    private final Duration writeTimeout;
    private final Duration connectTimeout;

    private ChannelOptions(int bufferSize, Duration readTimeout, Duration writeTimeout,
            Duration connectTimeout) {
        this.bufferSize = bufferSize;
        this.readTimeout = readTimeout;
        this.writeTimeout = writeTimeout;
        this.connectTimeout = connectTimeout;
    }

    /** 64 KiB buffers, 60 s read and write timeout, 30 s connect timeout. */
    public static ChannelOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder pre-filled with these settings. */
    public Builder toBuilder() {
        Builder b = new Builder().bufferSize(bufferSize).readTimeout(readTimeout)
                .connectTimeout(connectTimeout);
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

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ChannelOptions)) {
            return false;
        }
        ChannelOptions c = (ChannelOptions) o;
        return bufferSize == c.bufferSize && readTimeout.equals(c.readTimeout)
                && Objects.equals(writeTimeout, c.writeTimeout)
                && connectTimeout.equals(c.connectTimeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bufferSize, readTimeout, writeTimeout, connectTimeout);
    }

    @Override
    public String toString() {
        return "ChannelOptions{bufferSize=" + bufferSize + ", readTimeout=" + readTimeout
                + ", writeTimeout=" + writeTimeout() + (writeTimeout == null ? " (read timeout)" : "")
                + ", connectTimeout=" + connectTimeout + "}";
    }

    /** Validating builder for {@link ChannelOptions}. */
    public static final class Builder {
        private int bufferSize = 64 * 1024;
        private Duration readTimeout = Duration.ofSeconds(60);
        private Duration writeTimeout;
        private Duration connectTimeout = Duration.ofSeconds(30);

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

        public ChannelOptions build() {
            return new ChannelOptions(bufferSize, readTimeout, writeTimeout, connectTimeout);
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
