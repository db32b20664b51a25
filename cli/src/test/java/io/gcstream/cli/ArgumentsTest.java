package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.beust.jcommander.JCommander;
import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How gc's command lines are parsed (JCommander with gc's rules and messages). */
class ArgumentsTest {
    /** A command with an option of each kind. */
    @Parameters(separators = "=")
    static final class Fields {
        @Parameter(description = "FILE...")
        List<String> operands = new ArrayList<>();

        @Parameter(names = "--name")
        String name;

        @Parameter(names = {"-n", "--count"}, description = "A count")
        int count = 7;

        @Parameter(names = "--big")
        long big;

        @Parameter(names = {"-q", "--quiet"})
        boolean quiet;

        @Parameter(names = "--trust", splitter = Arguments.WholeValue.class)
        List<String> trusted = new ArrayList<>();

        @Parameter(names = "--secret-flag", hidden = true)
        boolean secret;
    }

    private final Fields f = new Fields();

    private void parse(String... args) {
        Arguments.parse(Arguments.parser(f, "gc test"), args, "test: ", f.operands);
    }

    @Test
    void valuesFlagsOperandsAndRepeats() {
        parse("a", "--name", "-x", "--count=12", "b", "--big", "-9000000000", "-q", "--trust", "t1,t2",
            "--trust=t3", "--secret-flag", "--", "--not-an-option", "-");
        assertEquals("-x", f.name, "a value may start with -");
        assertEquals(12, f.count);
        assertEquals(-9_000_000_000L, f.big);
        assertTrue(f.quiet && f.secret);
        assertEquals(List.of("t1,t2", "t3"), f.trusted, "a repeated option keeps each value whole");
        assertEquals(List.of("a", "b", "--not-an-option", "-"), f.operands);
    }

    @Test
    void aShortNameSetsTheOption() {
        parse("-n", "3", "-q");
        assertEquals(3, f.count);
        assertTrue(f.quiet);
    }

    /** The values gc's own option syntax gives meaning to are not expanded: @file is BitValues'. */
    @Test
    void atFilesAreValues() {
        parse("--name", "@values.txt", "@circuit");
        assertEquals("@values.txt", f.name);
        assertEquals(List.of("@circuit"), f.operands);
    }

    @Test
    void numbersAreAsciiDigitsInRange() {
        for (String bad : new String[] {"", "+", "-", "1.5", "0x10", "١٢", "1 ", "1234567890123456789x"}) {
            UserError e = assertThrows(UserError.class, () -> parse("--count", bad), bad);
            assertTrue(e.getMessage().startsWith("--count: "), e.getMessage());
            assertTrue(e.getMessage().endsWith("is not a whole number"), e.getMessage());
        }
        UserError range = assertThrows(UserError.class, () -> parse("-n", "2147483648"));
        assertEquals("-n: 2147483648 is out of range (-2147483648..2147483647)", range.getMessage());
        for (String big : new String[] {"12345678901234567890", "-99999999999999999999", "+" + "9".repeat(30)}) {
            UserError e = assertThrows(UserError.class, () -> parse("--count", big), big);
            assertEquals("--count: " + big + " is out of range (-2147483648..2147483647)", e.getMessage());
        }
        UserError huge = assertThrows(UserError.class, () -> parse("--big", "9".repeat(100)));
        assertEquals("--big: " + "9".repeat(40) + "… is out of range (" + Long.MIN_VALUE + ".." + Long.MAX_VALUE + ")",
                huge.getMessage());
        parse("-n", "+5");
        assertEquals(5, f.count);
    }

    /**
     * Issue 34, finding 8: every numeric option of gc says "out of range" with the range for a
     * number too large even for a long, as for one too large for its type.
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
            {"--runs-at-once", "run", "--local", "lib:hamming8", "--runs-at-once", big},
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
    void unknownOptionsAreNamedWithTheClosestListedOne() {
        // One that starts like a known option, and one that does not: JCommander sees them differently.
        UserError e = assertThrows(UserError.class, () -> parse("--counts", "3"));
        assertEquals("test: unknown option --counts (did you mean --count?)", e.getMessage());
        e = assertThrows(UserError.class, () -> parse("--nmae", "x"));
        assertEquals("test: unknown option --nmae (did you mean --name?)", e.getMessage());
        e = assertThrows(UserError.class, () -> parse("--secret-flaq"));
        assertEquals("test: unknown option --secret-flaq", e.getMessage(), "a hidden option is not suggested");
        e = assertThrows(UserError.class, () -> parse("--zzzzzzzz=1"));
        assertEquals("test: unknown option --zzzzzzzz=1", e.getMessage());
    }

    @Test
    void aFlagTakesNoValueAndAnOptionIsGivenOnce() {
        UserError e = assertThrows(UserError.class, () -> parse("--quiet=yes"));
        assertEquals("test: --quiet takes no value, got 'yes'", e.getMessage());
        e = assertThrows(UserError.class, () -> parse("--name", "a", "--name=b"));
        assertTrue(e.getMessage().startsWith("test: ") && e.getMessage().contains("--name once"), e.getMessage());
        e = assertThrows(UserError.class, () -> parse("--name"));
        assertTrue(e.getMessage().startsWith("test: ") && e.getMessage().contains("after parameter --name"),
                e.getMessage());
    }

    @Test
    void withoutOperandsAnArgumentIsAnError() {
        @Parameters(separators = "=")
        class None {
            @Parameter(names = "--json")
            boolean json;
        }
        JCommander p = Arguments.parser(new None(), "gc none");
        UserError e = assertThrows(UserError.class, () -> Arguments.parse(p, new String[] {"x"}, "none: ", List.of()));
        assertEquals("none: unexpected argument 'x' (it takes options only)", e.getMessage());
        JCommander q = Arguments.parser(new None(), "gc none");
        e = assertThrows(UserError.class, () -> Arguments.parse(q, new String[] {"--jsn"}, "none: ", List.of()));
        assertEquals("none: unknown option --jsn (did you mean --json?)", e.getMessage());
    }

    @Test
    void editDistanceIsBounded() {
        assertEquals(1, Arguments.distance("--repeats", "--repeat", 3));
        assertEquals(0, Arguments.distance("--x", "--x", 3));
        assertEquals(3, Arguments.distance("--abcdef", "--uvwxyz", 3));
        assertEquals(3, Arguments.distance("--a", "--abcdefgh", 3));
    }

    /** Every command's options parse: no two share a name, each converts its value. */
    @Test
    void everyCommandsOptionsParse() {
        for (String name : Gc.commandNames()) {
            Gc.BaseCommand command = (Gc.BaseCommand) Gc.command(name);
            JCommander p = Arguments.parser(command, "gc " + name);
            p.createDescriptions();
            List<String> args = new ArrayList<>();
            p.getParameters().forEach(d -> {
                args.add(d.getParameter().names()[d.getParameter().names().length - 1]);
                Class<?> type = d.getParameterized().getType();
                if (type != boolean.class) {
                    args.add("1");
                }
            });
            assertFalse(args.isEmpty(), name);
            Arguments.parse(p, args.toArray(new String[0]), name + ": ", command.operands());
            assertTrue(command.help, name);
        }
    }
}
