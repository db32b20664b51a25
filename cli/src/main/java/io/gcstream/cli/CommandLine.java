package io.gcstream.cli;

import io.gcstream.circuits.internal.SafeText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The options and operands of one command, declared in code, and the parser and usage text they
 * give. The commands declare their options here rather than with annotations read by reflection:
 * an annotation-driven parser (JCommander, before this class) cost a fresh process 40–60 ms before
 * its first gate, a sixth of a one-run session (docs/performance.md, "From cold processes").
 *
 * <p>Rules: {@code --name value} or {@code --name=value}; a flag takes no value; an option is
 * given at most once unless declared {@link #repeated}; {@code --} ends the options; every other
 * argument not starting with {@code -} is an operand. Values are taken as given (a value may start
 * with {@code -}). Numbers are ASCII decimal digits with an optional sign. Every mistake is a
 * {@link UserError} that names the option and what is wrong with it.
 */
final class CommandLine {
    /** Column the usage text wraps at. */
    static final int WIDTH = 80;

    private enum Kind { HELP, FLAG, VALUE, REPEATED }

    /**
     * Where the values go: a command or a group of its options, which sets the field an option
     * stands for. One method with a switch on the option's name rather than a lambda per option:
     * linking ~60 lambdas cost a fresh process ~12 ms.
     */
    interface Target {
        /**
         * Takes {@code value} for {@code option}, named by its longest name ({@link #OPERAND} for an
         * operand); {@code value} is null for a flag. Converts it with {@link #intValue} or
         * {@link #longValue} where the option is a number.
         *
         * @throws UserError if the value is not one the option takes
         */
        void set(String option, String value);
    }

    /** The name under which {@link Target#set} gets an operand. */
    static final String OPERAND = "";

    /**
     * One declared option. A class, not a record: a record's first hashCode or equals links an
     * invokedynamic bootstrap, which cost a fresh process ~35 ms here.
     */
    private static final class Option {
        final List<String> names;
        final Kind kind;
        final String metavar;
        final String defaultShown;
        final Target target;
        final boolean hidden;
        String description;
        Supplier<String> describer;
        /** Given in the arguments parsed. */
        boolean seen;

        Option(List<String> names, String description, Kind kind, String metavar, String defaultShown,
                Target target, boolean hidden) {
            this.names = names;
            this.description = description;
            this.kind = kind;
            this.metavar = metavar;
            this.defaultShown = defaultShown;
            this.target = target;
            this.hidden = hidden;
        }

        String longest() {
            return names.get(names.size() - 1);
        }

        String description() {
            if (describer != null) {
                description = describer.get();
                describer = null;
            }
            return description;
        }
    }

    private final String usageName;
    /** What error messages start with: the command's name ("run: "), nothing for gc's own options. */
    private final String prefix;
    private final String description;
    private final List<Option> options = new ArrayList<>();
    private final Map<String, Option> byName = new HashMap<>();
    private final List<String> required = new ArrayList<>();
    private String operandsName;
    private String operandsDescription;
    private Target operands;
    private boolean help;

    /**
     * A command line named {@code usageName} in its usage ("gc run"), described by
     * {@code description}; it has {@code -h}/{@code --help}.
     */
    CommandLine(String usageName, String description) {
        this.usageName = usageName;
        String command = usageName.startsWith("gc") ? usageName.substring(2).trim() : usageName;
        this.prefix = command.isEmpty() ? "" : command + ": ";
        this.description = description;
        add("-h,--help", "Show this usage", Kind.HELP, null, null, null, false);
    }

    /** A flag. {@code names} are comma-separated, the longest last, e.g. "-q,--quiet". */
    CommandLine flag(Target target, String names, String description) {
        return add(names, description, Kind.FLAG, null, null, target, false);
    }

    /** A flag accepted here but listed in another command line's usage (gc's own, after the command). */
    CommandLine hiddenFlag(Target target, String names) {
        return add(names, "", Kind.FLAG, null, null, target, true);
    }

    /**
     * An option with a value, shown as {@code metavar} in the usage ("N" for a number);
     * {@code defaultShown} (null for none) is printed as its default.
     */
    CommandLine value(Target target, String names, String metavar, String description, Object defaultShown) {
        return add(names, description, Kind.VALUE, metavar, defaultShown == null ? null : defaultShown.toString(),
                target, false);
    }

    /** An option that may be given more than once; each value goes to the target, in order. */
    CommandLine repeated(Target target, String names, String metavar, String description) {
        return add(names, description, Kind.REPEATED, metavar, null, target, false);
    }

    /** The option declared last must be given (unless --help is). */
    CommandLine required() {
        required.add(last().longest());
        return this;
    }

    /** The option declared last is described by what {@code describer} gives, asked for when the usage is. */
    CommandLine describedBy(Supplier<String> describer) {
        last().describer = describer;
        return this;
    }

    private Option last() {
        return options.get(options.size() - 1);
    }

    /**
     * The operands (arguments that are not options), each given to the target as
     * {@link #OPERAND}: {@code name} in the usage's synopsis, {@code description} (null for
     * none) below it.
     */
    CommandLine operands(Target target, String name, String description) {
        this.operandsName = name;
        this.operandsDescription = description;
        this.operands = target;
        return this;
    }

    /** Whether {@code -h} or {@code --help} was given. */
    boolean helpAsked() {
        return help;
    }

    /** The options declared, each by its longest name, with whether it takes a value (for tests). */
    Map<String, Boolean> declared() {
        Map<String, Boolean> m = new LinkedHashMap<>();
        for (Option o : options) {
            if (o.kind != Kind.HELP) {
                m.put(o.longest(), o.kind != Kind.FLAG);
            }
        }
        return m;
    }

    private CommandLine add(String names, String description, Kind kind, String metavar, String defaultShown,
            Target target, boolean hidden) {
        Option o = new Option(List.of(names.split(",")), description, kind, metavar, defaultShown, target, hidden);
        for (String n : o.names) {
            if (byName.putIfAbsent(n, o) != null) {
                throw new IllegalStateException(usageName + ": option " + n + " declared twice");
            }
        }
        options.add(o);
        return this;
    }

    /**
     * Parses {@code args[from..]}, handing each value to its option; throws a {@link UserError}
     * naming the option and the mistake.
     */
    void parse(String[] args, int from) {
        boolean optionsEnded = false;
        for (int i = from; i < args.length; i++) {
            String a = args[i];
            if (optionsEnded || !a.startsWith("-") || a.equals("-")) {
                operand(a);
                continue;
            }
            if (a.equals("--")) {
                optionsEnded = true;
                continue;
            }
            String name = a;
            String inline = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 2) {
                name = a.substring(0, eq);
                inline = a.substring(eq + 1);
            }
            Option o = byName.get(name);
            if (o == null) {
                throw new UserError(prefix + "unknown option " + name + suggestion(name));
            }
            if (o.kind != Kind.REPEATED && o.seen) {
                throw new UserError(prefix + name + " is given twice");
            }
            o.seen = true;
            if (o.kind == Kind.FLAG || o.kind == Kind.HELP) {
                if (inline != null) {
                    throw new UserError(prefix + name + " takes no value, got '" + inline + "'");
                }
                if (o.kind == Kind.HELP) {
                    help = true;
                } else {
                    o.target.set(o.longest(), null);
                }
                continue;
            }
            String value = inline;
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw new UserError(prefix + name + " needs a value (" + o.metavar + ")");
                }
                value = args[++i];
            }
            o.target.set(o.longest(), value);
        }
        if (!help) {
            for (String r : required) {
                if (!byName.get(r).seen) {
                    throw new UserError(prefix + r + " is required");
                }
            }
        }
    }

    private void operand(String a) {
        if (operands == null) {
            throw new UserError(prefix + "unexpected argument '" + a + "' (it takes options only)");
        }
        operands.set(OPERAND, a);
    }

    /** " (did you mean --x?)" for a known option within two edits of {@code name}, or "". */
    private String suggestion(String name) {
        String best = null;
        int bestDistance = 3;
        for (Option o : options) {
            if (o.hidden) {
                continue;
            }
            for (String n : o.names) {
                int d = Edits.distance(name, n, bestDistance);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = n;
                }
            }
        }
        return best == null ? "" : " (did you mean " + best + "?)";
    }

    /** {@code v}, the value of {@code option}, as an int: see {@link #number}. */
    static int intValue(String option, String v) {
        return (int) number(option, v, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** {@code v}, the value of {@code option}, as a long: see {@link #number}. */
    static long longValue(String option, String v) {
        return number(option, v, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** The error for an option a target was given but does not take: a bug of the command. */
    static IllegalStateException undeclared(String option) {
        return new IllegalStateException("no field for option " + option);
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

    /** The usage text: what the command does, its synopsis and its options with their defaults. */
    String usage() {
        StringBuilder sb = new StringBuilder();
        sb.append("Usage: ").append(usageName).append(" [options]");
        if (operandsName != null) {
            sb.append(' ').append(operandsName);
        }
        sb.append('\n');
        wrap(sb, description, 2);
        if (operandsDescription != null) {
            sb.append('\n');
            wrap(sb, operandsName + ": " + operandsDescription, 2);
        }
        sb.append('\n');
        appendOptions(sb);
        return sb.toString();
    }

    /** Appends the "Options:" section of the usage: each option with its description and default. */
    void appendOptions(StringBuilder sb) {
        sb.append("Options:\n");
        List<Option> sorted = new ArrayList<>(options);
        sorted.removeIf(o -> o.hidden);
        sorted.sort(Comparator.comparing(o -> o.longest().replaceFirst("^-+", "")));
        for (Option o : sorted) {
            sb.append("  ").append(String.join(", ", o.names));
            if (o.metavar != null) {
                sb.append(' ').append(o.metavar);
            }
            if (o.kind == Kind.REPEATED) {
                sb.append(" (repeatable)");
            }
            if (required.contains(o.longest())) {
                sb.append(" (required)");
            }
            sb.append('\n');
            wrap(sb, o.description(), 6);
            if (o.defaultShown != null) {
                sb.append(" ".repeat(6)).append("Default: ").append(o.defaultShown).append('\n');
            }
        }
    }

    /** {@code text} wrapped at {@link #WIDTH} columns, each line indented by {@code indent}. */
    static void wrap(StringBuilder sb, String text, int indent) {
        int col = 0;
        for (String word : text.split(" ")) {
            if (word.isEmpty()) {
                continue;
            }
            if (col > 0 && col + 1 + word.length() > WIDTH) {
                sb.append('\n');
                col = 0;
            }
            if (col == 0) {
                sb.append(" ".repeat(indent));
                col = indent;
            } else {
                sb.append(' ');
                col++;
            }
            sb.append(word);
            col += word.length();
        }
        if (col > 0) {
            sb.append('\n');
        }
    }

    /** Edit distance, bounded: enough to suggest an option for a typo. */
    static final class Edits {
        private Edits() {
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
    }
}
