package io.gcstream.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class AndRatesTest {
    @Test
    void sizesStepOneThreeTen() {
        assertEquals(List.of(100L, 300L, 1_000L, 3_000L, 10_000L), AndRates.sizes(100, 10_000));
        assertEquals(List.of(250L, 300L, 1_000L, 2_000L), AndRates.sizes(250, 2_000));
        assertEquals(List.of(5L), AndRates.sizes(5, 5));
        List<Long> big = AndRates.sizes(100, 100_000_000L);
        assertEquals(100_000_000L, big.get(big.size() - 1));
        assertEquals(13, big.size());
    }
}
