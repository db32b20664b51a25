package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunLogTest {
    /** A run of {@code total} nanoseconds. */
    private static Long stats(long total) {
        return total;
    }

    private static RunLog<Long> log(long warmup) {
        return new RunLog<>(warmup, Long::longValue);
    }

    @Test
    void medianOfLaterRunsIsExactUpToTheSample() {
        RunLog<Long> log = log(0);
        log.add(stats(1000));
        assertNull(log.medianOfLater());
        for (int i = 1; i <= 101; i++) {
            log.add(stats(i));
        }
        assertEquals(102, log.count());
        assertEquals(1000, log.first());
        assertEquals(51, log.medianOfLater());
    }

    @Test
    void memoryDoesNotGrowWithTheRunsAndTheSampleStaysUniform() {
        RunLog<Long> log = log(0);
        log.add(stats(0));
        int n = 200_000;
        for (int i = 1; i <= n; i++) {
            log.add(stats(i));
        }
        assertEquals(n + 1, log.count());
        // A uniform sample of 1,023 of 1..200,000: its median is near 100,000.
        long m = log.medianOfLater();
        assertTrue(Math.abs(m - n / 2) < n / 10, "median of the sample " + m);
    }

    @Test
    void warmUpRunsAreCountedButLeftOutOfTheMedian() {
        RunLog<Long> log = log(3);
        log.add(stats(1000));
        for (int i = 0; i < 3; i++) {
            log.add(stats(500));
            assertNull(log.medianOfLater(), "warm-up run " + i + " must not be sampled");
        }
        log.add(stats(7));
        log.add(stats(8));
        log.add(stats(9));
        assertEquals(7, log.count());
        assertEquals(3, log.warmup());
        assertEquals(8, log.medianOfLater());
    }

    @Test
    void negativeWarmUpIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> log(-1));
    }
}
