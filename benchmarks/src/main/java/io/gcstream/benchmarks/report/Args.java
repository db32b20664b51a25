package io.gcstream.benchmarks.report;

import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The command lines of the report programs: {@code --name value} options from a fixed set,
 * {@code --name} switches, and positional arguments. An unknown option, a missing value or a
 * bad number is an {@link IllegalArgumentException} naming it.
 */
public final class Args {
    private final Map<String, String> values = new HashMap<>();
    private final List<String> positional = new ArrayList<>();

    /**
     * Parses {@code args}; {@code options} take a value, {@code switches} do not.
     *
     * @throws IllegalArgumentException for an option not in either set or without its value
     */
    public Args(String[] args, Set<String> options, Set<String> switches) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (options.contains(a)) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                values.put(a, args[++i]);
            } else if (switches.contains(a)) {
                values.put(a, "");
            } else if (a.startsWith("--")) {
                throw new IllegalArgumentException("unknown option " + a + "; known: "
                        + String.join(" ", new java.util.TreeSet<>(union(options, switches))));
            } else {
                positional.add(a);
            }
        }
    }

    private static List<String> union(Set<String> a, Set<String> b) {
        List<String> l = new ArrayList<>(a);
        l.addAll(b);
        return l;
    }

    /** The positional arguments, in order. */
    public List<String> positional() {
        return positional;
    }

    /** Whether the switch or option was given. */
    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** The option's value, or {@code fallback}. */
    public String value(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    /** The option as an int at least {@code min}, or {@code fallback}. */
    public int intValue(String name, int fallback, int min) {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        int n;
        try {
            n = Integer.parseInt(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": not a whole number: " + v);
        }
        if (n < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", got " + n);
        }
        return n;
    }

    /** A count such as {@code 100}, {@code 1_000_000} or {@code 1e8}. */
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

    /**
     * The default folder for result files: {@code results} next to the benchmarks jar (so
     * {@code benchmarks/target/results} in a build), else {@code results} in the working folder.
     */
    public static Path defaultResultsDir() {
        try {
            Path jar = Path.of(Args.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(jar) && jar.getParent() != null) {
                return jar.getParent().resolve("results");
            }
        } catch (URISyntaxException | RuntimeException ignored) {
            // Not run from a jar: fall back to the working folder.
        }
        return Path.of("results");
    }

    /** One line about this machine and JVM for the head of a report. */
    public static String machine() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return String.format(Locale.ROOT, "%d cores, Java %s (%s), max heap %d MB, load average %s, %s",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), Runtime.getRuntime().maxMemory() >> 20,
                load < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", load),
                java.time.OffsetDateTime.now().withNano(0));
    }
}
