package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SchemeTest {
    @Test
    void parsesCommandLineNames() {
        assertEquals(Scheme.HALF_GATES, Scheme.parse("half-gates"));
        assertEquals(Scheme.HALF_GATES, Scheme.parse("Half_Gates"));
        assertEquals(Scheme.HALF_GATES, Scheme.parse("halfgates"));
        assertEquals(Scheme.GRR3, Scheme.parse(" GRR3 "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Scheme.parse("grr2"));
        assertTrue(e.getMessage().contains("expected half-gates or grr3"), e.getMessage());
    }

    @Test
    void tableSizesAndCodes() {
        assertEquals(32, Scheme.HALF_GATES.tableBytes());
        assertEquals(48, Scheme.GRR3.tableBytes());
        for (Scheme s : Scheme.values()) {
            assertEquals(s, Scheme.fromCode(s.code()));
        }
        assertNull(Scheme.fromCode(0));
    }
}
