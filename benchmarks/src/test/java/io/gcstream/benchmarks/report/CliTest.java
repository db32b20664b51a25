package io.gcstream.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.beust.jcommander.Parameter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CliTest {
    static final class Options {
        @Parameter
        List<String> positional = new ArrayList<>();

        @Parameter(names = "--runs", validateWith = Cli.AtLeastOne.class)
        int runs = 1;

        @Parameter(names = "--max", converter = Cli.Count.class)
        long max = 7;

        @Parameter(names = "--fast")
        boolean fast;
    }

    @Test
    void optionsSwitchesAndPositionals() {
        Options o = Cli.parse(new Options(), "t", "30", "--runs", "5", "--fast", "grr3", "--max", "1e8");
        assertEquals(List.of("30", "grr3"), o.positional);
        assertEquals(5, o.runs);
        assertTrue(o.fast);
        assertEquals(100_000_000L, o.max);
        Options d = Cli.parse(new Options(), "t");
        assertFalse(d.fast);
        assertEquals(7, d.max);
    }

    @Test
    void badInputIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Cli.parse(new Options(), "t", "--runs"));
        assertTrue(e.getMessage().contains("--runs"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Cli.parse(new Options(), "t", "--runs", "0"));
        assertEquals("--runs must be at least 1, got 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Cli.parse(new Options(), "t", "--max", "ten"));
        assertEquals("--max: not a count: ten", e.getMessage());
    }

    @Test
    void countsInEveryNotation() {
        assertEquals(100_000_000L, Cli.count("--max", "1e8"));
        assertEquals(1_000_000L, Cli.count("--max", "1_000_000"));
        assertEquals(300L, Cli.count("--max", "300"));
        assertThrows(IllegalArgumentException.class, () -> Cli.count("--max", "1.5e0"));
        assertThrows(IllegalArgumentException.class, () -> Cli.count("--max", "ten"));
    }
}
