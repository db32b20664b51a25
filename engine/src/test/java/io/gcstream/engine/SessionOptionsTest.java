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
        assertFalse(o.seed().isPresent());
        assertEquals(16384, o.otBlockSize());
    }

    @Test
    void valueSemanticsAndToBuilder() {
        SessionOptions a = SessionOptions.builder().scheme(Scheme.GRR3).seed(3)
                .timeout(Duration.ofSeconds(2)).build();
        SessionOptions b = a.toBuilder().build();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, SessionOptions.defaults());
        assertTrue(a.toString().contains("insecure"), a.toString());
        SessionOptions c = a.toBuilder().plannedRuns(3).stateOverPlainTcp(true).build();
        assertEquals(c, c.toBuilder().build());
        assertNotEquals(a, c);
        assertEquals(3, c.plannedRuns());
        assertFalse(c.singleRun());
        assertTrue(c.stateOverPlainTcp());
        assertTrue(c.toBuilder().singleRun(true).build().singleRun());
        assertEquals(1, c.toBuilder().singleRun(true).build().plannedRuns());
        assertEquals(0, c.toBuilder().singleRun(false).build().plannedRuns());
    }

    @Test
    void rejectsInvalidValues() {
        assertThrows(IllegalArgumentException.class,
                () -> SessionOptions.builder().timeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> SessionOptions.builder().otBlockSize(100));
        assertEquals(128, SessionOptions.builder().otBlockSizeFor(5).build().otBlockSize());
        assertEquals(256, SessionOptions.builder().otBlockSizeFor(129).build().otBlockSize());
        assertEquals(16384, SessionOptions.builder().otBlockSizeFor(1L << 40).build().otBlockSize());
        assertThrows(NullPointerException.class, () -> SessionOptions.builder().scheme(null));
        assertThrows(IllegalArgumentException.class, () -> SessionOptions.builder().plannedRuns(-1));
    }
}
