package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Parsing and usage of a declared command line. */
class CommandLineTest {
    private final List<String> operands = new ArrayList<>();
    private final List<String> trusted = new ArrayList<>();
    private String name;
    private int count = 7;
    private long big;
    private boolean quiet;

    private CommandLine line() {
        return new CommandLine("gc test", "A test command.")
                .text("--name", "NAME", "A name", null, v -> name = v)
                .integer("-n,--count", "A count", count, v -> count = v)
                .longInteger("--big", "A big number", null, v -> big = v)
                .flag("-q,--quiet", "Quiet", () -> quiet = true)
                .repeated("--trust", "FILE", "Trust one more", trusted::add)
                .operands("FILE...", null, operands::add);
    }

    @Test
    void valuesFlagsOperandsAndRepeats() {
        CommandLine c = line();
        c.parse(new String[] {"a", "--name", "-x", "--count=12", "b", "--big", "-9000000000", "-q", "--trust", "t1",
            "--trust=t2", "--", "--not-an-option", "-"}, 0);
        assertEquals("-x", name, "a value may start with -");
        assertEquals(12, count);
        assertEquals(-9_000_000_000L, big);
        assertTrue(quiet);
        assertEquals(List.of("t1", "t2"), trusted);
        assertEquals(List.of("a", "b", "--not-an-option", "-"), operands);
        assertFalse(c.helpAsked());
    }

    @Test
    void parsingStartsAtTheGivenIndex() {
        line().parse(new String[] {"--unknown", "--name", "x"}, 1);
        assertEquals("x", name);
    }

    @Test
    void numbersAreAsciiDigitsInRange() {
        for (String bad : new String[] {"", "+", "-", "1.5", "0x10", "١٢", "1 ", "12345678901234567890"}) {
            UserError e = assertThrows(UserError.class, () -> line().parse(new String[] {"--count", bad}, 0), bad);
            assertTrue(e.getMessage().startsWith("--count: "), e.getMessage());
        }
        UserError range = assertThrows(UserError.class, () -> line().parse(new String[] {"-n", "2147483648"}, 0));
        assertEquals("--count: 2147483648 is out of range (-2147483648..2147483647)", range.getMessage());
        line().parse(new String[] {"-n", "+5"}, 0);
        assertEquals(5, count);
    }

    @Test
    void requiredOptionsAreCheckedUnlessHelpIsAsked() {
        CommandLine c = line().text("--must", "X", "Must be given", null, v -> { }).required();
        UserError e = assertThrows(UserError.class, () -> c.parse(new String[] {"f"}, 0));
        assertEquals("gc test: --must is required", e.getMessage());
        CommandLine h = line().text("--must", "X", "Must be given", null, v -> { }).required();
        h.parse(new String[] {"--help"}, 0);
        assertTrue(h.helpAsked());
    }

    @Test
    void withoutOperandsAnArgumentIsAnError() {
        CommandLine c = new CommandLine("gc none", "No operands.");
        UserError e = assertThrows(UserError.class, () -> c.parse(new String[] {"x"}, 0));
        assertEquals("gc none: unexpected argument 'x' (it takes options only)", e.getMessage());
    }

    @Test
    void hiddenFlagsParseButAreNotListedOrSuggested() {
        boolean[] set = new boolean[1];
        CommandLine c = line().hiddenFlag("--secret-flag", () -> set[0] = true);
        c.parse(new String[] {"--secret-flag"}, 0);
        assertTrue(set[0]);
        assertFalse(c.usage().contains("--secret-flag"));
        UserError e = assertThrows(UserError.class, () -> line().hiddenFlag("--secret-flag", () -> { })
                .parse(new String[] {"--secret-flaq"}, 0));
        assertEquals("gc test: unknown option --secret-flaq", e.getMessage());
    }

    @Test
    void anOptionDeclaredTwiceIsABug() {
        assertThrows(IllegalStateException.class, () -> line().flag("--quiet", "again", () -> { }));
    }

    @Test
    void usageIsSortedWrappedAndShowsDefaults() {
        String u = line().text("--long", "X", "word ".repeat(40).trim(), null, v -> { }).usage();
        assertTrue(u.startsWith("Usage: gc test [options] FILE...\n  A test command.\n\nOptions:\n"), u);
        assertTrue(u.indexOf("--big N") < u.indexOf("-n, --count N"), u);
        assertTrue(u.indexOf("-n, --count N") < u.indexOf("-h, --help"), u);
        assertTrue(u.contains("  -n, --count N\n      A count\n      Default: 7\n"), u);
        assertTrue(u.contains("  --trust FILE (repeatable)\n"), u);
        for (String l : u.split("\n")) {
            assertTrue(l.length() <= CommandLine.WIDTH, l);
        }
    }

    @Test
    void editDistanceIsBounded() {
        assertEquals(1, CommandLine.Edits.distance("--repeats", "--repeat", 3));
        assertEquals(0, CommandLine.Edits.distance("--x", "--x", 3));
        assertEquals(3, CommandLine.Edits.distance("--abcdef", "--uvwxyz", 3));
        assertEquals(3, CommandLine.Edits.distance("--a", "--abcdefgh", 3));
    }
}
