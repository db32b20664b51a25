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
        assertEquals(Duration.ofSeconds(60), o.readTimeout());
        assertFalse(o.seed().isPresent());
        assertEquals(Duration.ofSeconds(60), o.channelOptions().readTimeout());
        assertEquals(64 * 1024, o.channelOptions().bufferSize());
    }

    @Test
    void valueSemanticsAndToBuilder() {
        SessionOptions a = SessionOptions.builder().scheme(Scheme.GRR3).seed(3)
                .readTimeout(Duration.ofSeconds(2)).build();
        SessionOptions b = a.toBuilder().build();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, SessionOptions.defaults());
        assertTrue(a.toString().contains("insecure"), a.toString());
    }

    @Test
    void rejectsInvalidValues() {
        assertThrows(IllegalArgumentException.class,
                () -> SessionOptions.builder().readTimeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> SessionOptions.builder().bufferSize(1));
        assertThrows(NullPointerException.class, () -> SessionOptions.builder().scheme(null));
    }
}
