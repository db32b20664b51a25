package io.gcstream.engine.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.gcstream.circuits.Circuit;
import io.gcstream.engine.testutil.RandomCircuits;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CircuitFingerprintTest {
    @Test
    void equalCircuitsMatchAndDifferentOnesDoNot() throws Exception {
        Circuit a = RandomCircuits.generate(new Random(5), 3, 3, 2, 2, 100);
        Circuit b = RandomCircuits.generate(new Random(5), 3, 3, 2, 2, 100);
        Circuit c = RandomCircuits.generate(new Random(6), 3, 3, 2, 2, 100);
        assertArrayEquals(CircuitFingerprint.of(a), CircuitFingerprint.of(b));
        assertFalse(Arrays.equals(CircuitFingerprint.of(a), CircuitFingerprint.of(c)));
        assertEquals(32, CircuitFingerprint.of(a).length);
        assertEquals("0aff", CircuitFingerprint.hex(new byte[] {10, -1, 3}, 2));
    }
}
