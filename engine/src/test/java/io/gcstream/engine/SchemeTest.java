package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.engine.internal.garble.GarblingScheme;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SchemeTest {
    @Test
    void parsesCommandLineNames() {
        assertEquals(Scheme.HALF_GATES, Scheme.parse("half-gates"));
        assertEquals(Scheme.HALF_GATES, Scheme.parse("Half_Gates"));
        assertEquals(Scheme.HALF_GATES, Scheme.parse("halfgates"));
        assertEquals(Scheme.GRR3, Scheme.parse(" GRR3 "));
        for (Scheme s : Scheme.values()) {
            assertEquals(s, Scheme.parse(s.toString()));
            assertEquals(s, Scheme.parse(s.toString().toUpperCase().replace('-', '_')));
            assertEquals(s, Scheme.parse(s.toString().replace("-", "")));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Scheme.parse("grr2"));
        assertEquals("unknown garbling scheme 'grr2': expected half-gates, grr3 or three-halves", e.getMessage());
        for (Scheme s : Scheme.values()) {
            assertTrue(e.getMessage().contains(s.toString()), e.getMessage());
        }
    }

    @Test
    void tableSizesAndCodes() {
        assertEquals(32, GarblingScheme.of(Scheme.HALF_GATES).tableBytes());
        assertEquals(48, GarblingScheme.of(Scheme.GRR3).tableBytes());
        for (Scheme s : Scheme.values()) {
            assertEquals(s, GarblingScheme.fromCode(GarblingScheme.code(s)));
        }
        assertNull(GarblingScheme.fromCode(0));
    }

    @Test
    void everyRegisteredSchemeIsComplete() {
        Set<Integer> codes = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (Scheme s : Scheme.values()) {
            assertTrue(GarblingScheme.code(s) > 0, s + ": handshake codes start at 1");
            assertTrue(codes.add(GarblingScheme.code(s)), s + ": handshake code used twice");
            assertTrue(names.add(s.toString().replace("-", "")), s + ": name used twice");
            assertSame(s, GarblingScheme.of(s).scheme(), s + ": implementation reports another scheme");
            assertTrue(GarblingScheme.of(s).tableBytes() > 0);
        }
    }
}
