package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Parsing and usage of a declared command line. */
class CommandLineTest {
    /** A target with a field per option. */
    private static final class Fields implements CommandLine.Target {
        final List<String> operands = new ArrayList<>();
        final List<String> trusted = new ArrayList<>();
        String name;
        int count = 7;
        long big;
        boolean quiet;
        boolean secret;

        @Override
        public void set(String option, String v) {
            switch (option) {
                case CommandLine.OPERAND -> operands.add(v);
                case "--name" -> name = v;
                case "--count" -> count = CommandLine.intValue(option, v);
                case "--big" -> big = CommandLine.longValue(option, v);
                case "--quiet" -> quiet = true;
                case "--trust" -> trusted.add(v);
                case "--secret-flag" -> secret = true;
                case "--must" -> { }
                default -> throw CommandLine.undeclared(option);
            }
        }
    }

    private final Fields f = new Fields();

    private CommandLine line() {
        return new CommandLine("gc test", "A test command.")
                .value(f, "--name", "NAME", "A name", null)
                .value(f, "-n,--count", "N", "A count", f.count)
                .value(f, "--big", "N", "A big number", null)
                .flag(f, "-q,--quiet", "Quiet")
                .repeated(f, "--trust", "FILE", "Trust one more")
                .operands(f, "FILE...", null);
    }

    @Test
    void valuesFlagsOperandsAndRepeats() {
        CommandLine c = line();
        c.parse(new String[] {"a", "--name", "-x", "--count=12", "b", "--big", "-9000000000", "-q", "--trust", "t1",
            "--trust=t2", "--", "--not-an-option", "-"}, 0);
        assertEquals("-x", f.name, "a value may start with -");
        assertEquals(12, f.count);
        assertEquals(-9_000_000_000L, f.big);
        assertTrue(f.quiet);
        assertEquals(List.of("t1", "t2"), f.trusted);
        assertEquals(List.of("a", "b", "--not-an-option", "-"), f.operands);
        assertFalse(c.helpAsked());
    }

    @Test
    void aShortNameSetsTheOptionOfItsLongestName() {
        line().parse(new String[] {"-n", "3", "-q"}, 0);
        assertEquals(3, f.count);
        assertTrue(f.quiet);
    }

    @Test
    void parsingStartsAtTheGivenIndex() {
        line().parse(new String[] {"--unknown", "--name", "x"}, 1);
        assertEquals("x", f.name);
    }

    /**
     * Issue 34, finding 8: every numeric option of gc says "out of range" with the range for a
     * number too large even for a long, as for one too large for its type (they said "not a whole
     * number", and --connect "not a port number").
     */
    @Test
    void everyNumericOptionSaysOutOfRangeForATooLargeNumber() {
        String big = "9".repeat(25);
        String[][] cases = {
            {"--repeat", "run", "--local", "lib:hamming8", "--repeat", big},
            {"--warmup", "run", "--local", "lib:hamming8", "--warmup", big},
            {"--listen", "run", "--role", "creator", "--input", "1", "lib:hamming8", "--listen", big},
            {"--timeout", "run", "--local", "lib:hamming8", "--timeout", big},
            {"--threads", "run", "--local", "lib:hamming8", "--threads", big},
            {"--connect-timeout", "run", "--local", "lib:hamming8", "--connect-timeout", big},
            {"--read-poll", "run", "--local", "lib:hamming8", "--read-poll", big},
            {"--cache", "info", "lib:hamming8", "--cache", big},
            {"--days", "keygen", "--name", "a", "--out", "x", "--days", big},
            {"--bits", "minimum", "--local", "--bits", big},
            {"--chunk", "minimum", "--local", "--bits", "8", "--chunk", big},
            {"--repeat", "demo", "--repeat", big},
            {"--read-poll", "demo", "--read-poll", big},
        };
        for (String[] c : cases) {
            CliTestSupport.Outcome o = CliTestSupport.gc(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertEquals(2, o.status(), o.err());
            assertTrue(o.err().startsWith("gc: " + c[0] + ": " + big + " is out of range ("), c[0] + ": " + o.err());
        }
        CliTestSupport.Outcome o = CliTestSupport.gc("run", "--role", "creator", "--input", "1", "lib:hamming8",
                "--connect", "127.0.0.1:" + big);
        assertEquals(2, o.status(), o.err());
        assertEquals("gc: --connect: port " + big + " is out of range (1..65535)", o.err().strip());
    }

    @Test
    void numbersAreAsciiDigitsInRange() {
        for (String bad : new String[] {"", "+", "-", "1.5", "0x10", "١٢", "1 ", "1234567890123456789x"}) {
            UserError e = assertThrows(UserError.class, () -> line().parse(new String[] {"--count", bad}, 0), bad);
            assertTrue(e.getMessage().startsWith("--count: "), e.getMessage());
            assertTrue(e.getMessage().endsWith("is not a whole number"), e.getMessage());
        }
        UserError range = assertThrows(UserError.class, () -> line().parse(new String[] {"-n", "2147483648"}, 0));
        assertEquals("--count: 2147483648 is out of range (-2147483648..2147483647)", range.getMessage());
        // Issue 34, finding 8: a number too large for a long is out of range too, not "not a whole number".
        for (String big : new String[] {"12345678901234567890", "-99999999999999999999", "+" + "9".repeat(30)}) {
            UserError e = assertThrows(UserError.class, () -> line().parse(new String[] {"--count", big}, 0), big);
            assertEquals("--count: " + big + " is out of range (-2147483648..2147483647)", e.getMessage());
        }
        UserError huge = assertThrows(UserError.class, () -> line().parse(new String[] {"--big", "9".repeat(100)}, 0));
        assertEquals("--big: " + "9".repeat(40) + "… is out of range (" + Long.MIN_VALUE + ".." + Long.MAX_VALUE + ")",
                huge.getMessage());
        line().parse(new String[] {"-n", "+5"}, 0);
        assertEquals(5, f.count);
    }

    @Test
    void requiredOptionsAreCheckedUnlessHelpIsAsked() {
        CommandLine c = line().value(f, "--must", "X", "Must be given", null).required();
        UserError e = assertThrows(UserError.class, () -> c.parse(new String[] {"f"}, 0));
        assertEquals("test: --must is required", e.getMessage());
        CommandLine h = line().value(f, "--must", "X", "Must be given", null).required();
        h.parse(new String[] {"--help"}, 0);
        assertTrue(h.helpAsked());
    }

    @Test
    void withoutOperandsAnArgumentIsAnError() {
        CommandLine c = new CommandLine("gc none", "No operands.");
        UserError e = assertThrows(UserError.class, () -> c.parse(new String[] {"x"}, 0));
        assertEquals("none: unexpected argument 'x' (it takes options only)", e.getMessage());
    }

    @Test
    void hiddenFlagsParseButAreNotListedOrSuggested() {
        CommandLine c = line().hiddenFlag(f, "--secret-flag");
        c.parse(new String[] {"--secret-flag"}, 0);
        assertTrue(f.secret);
        assertFalse(c.usage().contains("--secret-flag"));
        UserError e = assertThrows(UserError.class, () -> line().hiddenFlag(f, "--secret-flag")
                .parse(new String[] {"--secret-flaq"}, 0));
        assertEquals("test: unknown option --secret-flaq", e.getMessage());
    }

    @Test
    void anOptionDeclaredTwiceIsABug() {
        assertThrows(IllegalStateException.class, () -> line().flag(f, "--quiet", "again"));
    }

    @Test
    void usageIsSortedWrappedAndShowsDefaults() {
        String u = line().value(f, "--long", "X", "word ".repeat(40).trim(), null)
                .value(f, "--later", "X", null, null).describedBy(() -> "Described when asked").usage();
        assertTrue(u.startsWith("Usage: gc test [options] FILE...\n  A test command.\n\nOptions:\n"), u);
        assertTrue(u.indexOf("--big N") < u.indexOf("-n, --count N"), u);
        assertTrue(u.indexOf("-n, --count N") < u.indexOf("-h, --help"), u);
        assertTrue(u.contains("  -n, --count N\n      A count\n      Default: 7\n"), u);
        assertTrue(u.contains("  --trust FILE (repeatable)\n"), u);
        assertTrue(u.contains("  --later X\n      Described when asked\n"), u);
        for (String l : u.split("\n")) {
            assertTrue(l.length() <= CommandLine.WIDTH, l);
        }
    }

    /** Every option every command declares reaches a field: none falls through its target's switch. */
    @Test
    void everyDeclaredOptionOfEveryCommandHasAField() {
        for (String name : Gc.commandNames()) {
            Gc.Command command = Gc.command(name);
            CommandLine c = new CommandLine("gc " + name, "");
            command.declare(c);
            Map<String, Boolean> declared = c.declared();
            assertFalse(declared.isEmpty(), name);
            List<String> args = new ArrayList<>();
            declared.forEach((option, takesValue) -> {
                args.add(option);
                if (takesValue) {
                    args.add("1");
                }
            });
            c.parse(args.toArray(new String[0]), 0);
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
