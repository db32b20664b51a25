package io.gcstream.ot.channel;

import java.time.Duration;

/** Duration arithmetic on the {@link System#nanoTime()} clock that cannot overflow. */
final class Timeouts {
    /** Longest span used (about 100 years): deadlines stay comparable by subtraction. */
    static final long MAX_NANOS = 100L * 365 * 24 * 3600 * 1_000_000_000L;

    private Timeouts() {
    }

    /** {@code d} in nanoseconds, clamped to [0, {@link #MAX_NANOS}]. */
    static long nanos(Duration d) {
        if (d.isNegative()) {
            return 0;
        }
        if (d.getSeconds() >= MAX_NANOS / 1_000_000_000L) {
            return MAX_NANOS;
        }
        return Math.min(MAX_NANOS, d.toNanos());
    }

    /** Milliseconds left until {@code deadline}, rounded up, in [1, Integer.MAX_VALUE]. */
    static int millisLeft(long deadline, long now) {
        long left = deadline - now;
        if (left <= 0) {
            return 1;
        }
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, (left + 999_999) / 1_000_000));
    }
}
