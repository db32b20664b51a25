package io.gcstream.cli;

import com.beust.jcommander.IStringConverter;
import com.beust.jcommander.JCommander;
import com.beust.jcommander.ParameterDescription;
import com.beust.jcommander.ParameterException;
import com.beust.jcommander.converters.IParameterSplitter;
import io.gcstream.circuits.SafeText;
import io.gcstream.engine.Scheme;
import java.util.List;
import java.util.ListResourceBundle;

/**
 * How gc's command lines are parsed: with JCommander, from the {@code @Parameter} fields of a
 * command and its option groups. Every class holding such fields is annotated
 * {@code @Parameters(separators = "=")}, so {@code --name=value} works beside {@code --name value};
 * {@code --} ends the options; {@code @file} is a value of gc's (BitValues), not a file of
 * arguments. Whole numbers are ASCII digits in their field's range. Every mistake is a
 * {@link UserError} naming the option; an unknown option gets the closest known one.
 */
final class Arguments {
    /** Column the usage text wraps at. */
    static final int WIDTH = 80;

    private Arguments() {
    }

    /** A parser for {@code target}'s options, named {@code program} in its usage ("gc run"). */
    static JCommander parser(Object target, String program) {
        return JCommander.newBuilder().addObject(target).programName(program).expandAtSign(false).columnSize(WIDTH)
                .resourceBundle(new Descriptions())
                .addConverterInstanceFactory((parameter, type, option) -> numbers(type, option)).build();
    }

    /**
     * Parses {@code args} into {@code parser}'s target; {@code prefix} starts its error messages
     * ("run: ", or "" for gc's own options) and {@code operands} is where the target keeps its
     * operands (arguments that are not options; they may start with {@code -} after {@code --}).
     *
     * @throws UserError naming the option and the mistake
     */
    static void parse(JCommander parser, String[] args, String prefix, List<String> operands) {
        if (parser.getDescriptions() == null) {
            parser.createDescriptions();
        }
        for (String a : args) {
            if (a.equals("--")) {
                break;
            }
            int eq = a.indexOf('=');
            ParameterDescription p = a.startsWith("--") && eq > 2 ? find(parser, a.substring(0, eq)) : null;
            if (p != null && p.getParameterized().getType() == boolean.class) {
                throw new UserError(prefix + a.substring(0, eq) + " takes no value, got '" + a.substring(eq + 1) + "'");
            }
        }
        try {
            parser.parse(args);
        } catch (ParameterException e) {
            throw new UserError(prefix + message(parser, e.getMessage()));
        }
        // JCommander takes an argument that starts with - but names no option for an operand:
        // before a --, it is an option this command does not have.
        int end = List.of(args).indexOf("--");
        int options = operands.size() - (end < 0 ? 0 : Math.min(operands.size(), args.length - end - 1));
        for (String o : operands.subList(0, options)) {
            if (o.startsWith("-") && o.length() > 1) {
                throw new UserError(prefix + "unknown option " + o + suggestion(parser, o));
            }
        }
    }

    private static ParameterDescription find(JCommander parser, String name) {
        for (ParameterDescription p : parser.getParameters()) {
            if (List.of(p.getParameter().names()).contains(name)) {
                return p;
            }
        }
        return null;
    }

    /** JCommander's message, in gc's words where it names an argument it did not expect. */
    private static String message(JCommander parser, String m) {
        String unknown = m.startsWith("Unknown option: ") ? m.substring("Unknown option: ".length()) : null;
        String passed = "Was passed main parameter '";
        if (m.startsWith(passed) && m.indexOf('\'', passed.length()) > 0) {
            String a = m.substring(passed.length(), m.indexOf('\'', passed.length()));
            if (!a.startsWith("-")) {
                return "unexpected argument '" + a + "' (it takes options only)";
            }
            unknown = a;
        }
        return unknown == null ? m : "unknown option " + unknown + suggestion(parser, unknown);
    }

    /** " (did you mean --x?)" for a listed option within two edits of {@code name}, or "". */
    private static String suggestion(JCommander parser, String name) {
        String best = null;
        int bestDistance = 3;
        for (ParameterDescription p : parser.getParameters()) {
            if (p.getParameter().hidden()) {
                continue;
            }
            for (String n : p.getParameter().names()) {
                int d = distance(name, n, bestDistance);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = n;
                }
            }
        }
        return best == null ? "" : " (did you mean " + best + "?)";
    }

    /** The Levenshtein distance of a and b, or {@code limit} if it is at least that. */
    static int distance(String a, String b, int limit) {
        if (Math.abs(a.length() - b.length()) >= limit) {
            return limit;
        }
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return Math.min(prev[b.length()], limit);
    }

    /** The converter of an int or long option (JCommander's would accept other digits and say less). */
    private static IStringConverter<?> numbers(Class<?> type, String option) {
        if (type == int.class || type == Integer.class) {
            return v -> (int) number(option, v, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
        if (type == long.class || type == Long.class) {
            return v -> number(option, v, Long.MIN_VALUE, Long.MAX_VALUE);
        }
        return null;
    }

    /**
     * {@code v} as a whole number in [min, max]: ASCII digits with an optional sign. A number of
     * any length outside the range, even beyond a long's, is "out of range", with the range.
     */
    static long number(String name, String v, long min, long max) {
        int start = v.startsWith("-") || v.startsWith("+") ? 1 : 0;
        boolean ok = v.length() > start;
        for (int i = start; ok && i < v.length(); i++) {
            ok = v.charAt(i) >= '0' && v.charAt(i) <= '9';
        }
        String shown = v.length() > 40 ? v.substring(0, 40) + "…" : v;
        if (!ok) {
            throw new UserError(name + ": '" + SafeText.line(shown) + "' is not a whole number");
        }
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new UserError(name + ": " + shown + " is out of range (" + min + ".." + max + ")");
        }
        if (n < min || n > max) {
            throw new UserError(name + ": " + v + " is out of range (" + min + ".." + max + ")");
        }
        return n;
    }

    /** For a repeatable option: each value whole, commas included (JCommander splits at commas otherwise). */
    public static final class WholeValue implements IParameterSplitter {
        @Override
        public List<String> split(String value) {
            return List.of(value);
        }
    }

    /**
     * The descriptions annotations cannot hold, by key ({@code descriptionKey}): the help of
     * {@code --scheme}, made from {@link Scheme#values()} so that a new scheme shows up in it. An
     * object, not a named bundle, which JCommander would look up through
     * {@code ResourceBundle.getBundle}, a slow first call.
     */
    static final class Descriptions extends ListResourceBundle {
        /** The description key of {@code --scheme}. */
        static final String SCHEME = "scheme";

        @Override
        protected Object[][] getContents() {
            return new Object[][] {{SCHEME, "Garbling scheme, the same on both sides: " + schemes()}};
        }

        /**
         * Every scheme with what a non-linear gate costs, the default marked: "half-gates (2
         * ciphertexts per AND; the default), grr3 (3 ciphertexts per AND), ...".
         */
        static String schemes() {
            StringBuilder b = new StringBuilder();
            for (Scheme s : Scheme.values()) {
                if (b.length() > 0) {
                    b.append(", ");
                }
                b.append(s.toString()).append(" (").append(cost(s)).append(s == Scheme.HALF_GATES ? "; the default)" : ")");
            }
            return b.toString();
        }

        /** What a non-linear gate of {@code s} costs on the wire. */
        static String cost(Scheme s) {
            return switch (s) {
                case HALF_GATES -> "2 ciphertexts per AND";
                case GRR3 -> "3 ciphertexts per AND";
                case THREE_HALVES -> "1.5 ciphertexts + 5 bits per AND";
            };
        }
    }
}
