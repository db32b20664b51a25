package io.gcstream.ot.channel;

import java.time.Duration;
import java.util.Objects;

/**
 * Immutable settings of a channel: user-space buffer size (each direction), read timeout (how
 * long a read may wait for the peer before {@link PeerTimeoutException}) and connect timeout
 * (how long {@link TcpChannel#connect} keeps retrying, and how long an accept waits).
 *
 * <p>Build with {@link #builder()}; {@link #defaults()} is 64 KiB, 60 s read timeout, 30 s
 * connect timeout.
 */
public final class ChannelOptions {
    /** Smallest accepted buffer: must hold at least a few 128-bit blocks. */
    public static final int MIN_BUFFER_SIZE = 64;
    /** Largest accepted buffer (64 MiB). */
    public static final int MAX_BUFFER_SIZE = 64 << 20;

    private static final ChannelOptions DEFAULTS = builder().build();

    private final int bufferSize;
    private final Duration readTimeout;
    private final Duration connectTimeout;

    private ChannelOptions(int bufferSize, Duration readTimeout, Duration connectTimeout) {
        this.bufferSize = bufferSize;
        this.readTimeout = readTimeout;
        this.connectTimeout = connectTimeout;
    }

    /** 64 KiB buffers, 60 s read timeout, 30 s connect timeout. */
    public static ChannelOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder pre-filled with these settings. */
    public Builder toBuilder() {
        return new Builder().bufferSize(bufferSize).readTimeout(readTimeout)
                .connectTimeout(connectTimeout);
    }

    public int bufferSize() {
        return bufferSize;
    }

    public Duration readTimeout() {
        return readTimeout;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** Read timeout in milliseconds, at least 1, at most Integer.MAX_VALUE. */
    int readTimeoutMillis() {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, readTimeout.toMillis()));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ChannelOptions)) {
            return false;
        }
        ChannelOptions c = (ChannelOptions) o;
        return bufferSize == c.bufferSize && readTimeout.equals(c.readTimeout)
                && connectTimeout.equals(c.connectTimeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bufferSize, readTimeout, connectTimeout);
    }

    @Override
    public String toString() {
        return "ChannelOptions{bufferSize=" + bufferSize + ", readTimeout=" + readTimeout
                + ", connectTimeout=" + connectTimeout + "}";
    }

    /** Validating builder for {@link ChannelOptions}. */
    public static final class Builder {
        private int bufferSize = 64 * 1024;
        private Duration readTimeout = Duration.ofSeconds(60);
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

        /** Positive connect timeout (at least 1 ms). */
        public Builder connectTimeout(Duration t) {
            this.connectTimeout = positive("connectTimeout", t);
            return this;
        }

        public ChannelOptions build() {
            return new ChannelOptions(bufferSize, readTimeout, connectTimeout);
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
