package io.gcstream.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgsTest {
    @Test
    void optionsSwitchesAndPositionals() {
        Args a = new Args(new String[] {"30", "--runs", "5", "--fast", "grr3"}, Set.of("--runs"), Set.of("--fast"));
        assertEquals(List.of("30", "grr3"), a.positional());
        assertEquals(5, a.intValue("--runs", 1, 1));
        assertTrue(a.has("--fast"));
        assertFalse(a.has("--out"));
        assertEquals("x", a.value("--out", "x"));
    }

    @Test
    void badInputIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Args(new String[] {"--nope"}, Set.of("--runs"), Set.of()));
        assertTrue(e.getMessage().contains("unknown option --nope"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Args(new String[] {"--runs"}, Set.of("--runs"), Set.of()));
        Args a = new Args(new String[] {"--runs", "0"}, Set.of("--runs"), Set.of());
        assertThrows(IllegalArgumentException.class, () -> a.intValue("--runs", 1, 1));
    }

    @Test
    void countsInEveryNotation() {
        assertEquals(100_000_000L, Args.count("--max", "1e8"));
        assertEquals(1_000_000L, Args.count("--max", "1_000_000"));
        assertEquals(300L, Args.count("--max", "300"));
        assertThrows(IllegalArgumentException.class, () -> Args.count("--max", "1.5e0"));
        assertThrows(IllegalArgumentException.class, () -> Args.count("--max", "ten"));
    }
}
