package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SessionOptionsTest {
    @Test
    void defaults() {
        SessionOptions o = SessionOptions.defaults();
        assertEquals(Scheme.HALF_GATES, o.scheme());
        assertEquals(Duration.ofSeconds(60), o.timeout());
        assertFalse(o.insecureTestSeed().isPresent());
        assertEquals(16384, o.otBlockSize());
    }

    @Test
    void toBuilderKeepsEverySetting() {
        SessionOptions a = SessionOptions.builder().scheme(Scheme.GRR3).insecureTestSeed(3)
                .timeout(Duration.ofSeconds(2)).build();
        SessionOptions b = a.toBuilder().build();
        assertEquals(a.toString(), b.toString());
        assertEquals(a.insecureTestSeed(), b.insecureTestSeed());
        assertNotEquals(a.toString(), SessionOptions.defaults().toString());
        assertTrue(a.toString().contains("insecure"), a.toString());
        SessionOptions c = a.toBuilder().plannedRuns(3).stateOverPlainTcp(true).build();
        assertEquals(c.toString(), c.toBuilder().build().toString());
        assertNotEquals(a.toString(), c.toString());
        assertEquals(3, c.plannedRuns());
        assertTrue(c.stateOverPlainTcp());
        assertEquals(1, c.toBuilder().plannedRuns(1).build().plannedRuns());
        assertEquals(0, c.toBuilder().plannedRuns(0).build().plannedRuns());
    }

    @Test
    void rejectsInvalidValues() {
        assertThrows(IllegalArgumentException.class,
                () -> SessionOptions.builder().timeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> SessionOptions.builder().otBlockSize(100));
        assertThrows(NullPointerException.class, () -> SessionOptions.builder().scheme(null));
        assertThrows(IllegalArgumentException.class, () -> SessionOptions.builder().plannedRuns(-1));
    }
}
