package io.gcstream.benchmarks.report;

import com.beust.jcommander.IParameterValidator;
import com.beust.jcommander.IStringConverter;
import com.beust.jcommander.JCommander;
import com.beust.jcommander.ParameterException;
import java.util.Locale;

/**
 * The command lines of the benchmark programs, parsed by JCommander into an options object of
 * {@code @Parameter} fields. A mistake is an {@link IllegalArgumentException} naming the option.
 */
public final class Cli {
    private Cli() {
    }

    /** {@code args} parsed into {@code options}, which is returned. */
    public static <T> T parse(T options, String program, String... args) {
        try {
            JCommander.newBuilder().addObject(options).programName(program).build().parse(args);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return options;
    }

    /**
     * A count such as {@code 100}, {@code 1_000_000} or {@code 1e8}. An instance converts with
     * {@link #count}; JCommander makes one for an option whose {@code converter} it is.
     */
    public static final class Count implements IStringConverter<Long> {
        private final String option;

        public Count(String option) {
            this.option = option;
        }

        @Override
        public Long convert(String value) {
            return count(option, value);
        }
    }

    /** {@code v}, the value of {@code name}, as a count ({@link Count}). */
    public static long count(String name, String v) {
        try {
            String s = v.replace("_", "").toLowerCase(Locale.ROOT);
            if (s.contains("e")) {
                double d = Double.parseDouble(s);
                if (d != Math.rint(d) || d < 1 || d > 1e15) {
                    throw new NumberFormatException();
                }
                return (long) d;
            }
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": not a count: " + v);
        }
    }

    /** A whole number of at least 1. */
    public static final class AtLeastOne implements IParameterValidator {
        @Override
        public void validate(String name, String value) {
            atLeast(name, value, 1);
        }
    }

    /** A whole number of at least 0. */
    public static final class NotNegative implements IParameterValidator {
        @Override
        public void validate(String name, String value) {
            atLeast(name, value, 0);
        }
    }

    private static void atLeast(String name, String value, int min) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new ParameterException(name + ": not a whole number: " + value);
        }
        if (n < min) {
            throw new ParameterException(name + " must be at least " + min + ", got " + n);
        }
    }
}
