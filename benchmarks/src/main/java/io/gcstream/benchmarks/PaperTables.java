package io.gcstream.benchmarks;

import com.beust.jcommander.Parameter;
import io.gcstream.benchmarks.report.Cli;
import io.gcstream.benchmarks.report.CircuitRuns;
import io.gcstream.benchmarks.report.PaperFigures;
import io.gcstream.benchmarks.report.ResultFiles;
import io.gcstream.benchmarks.report.Row;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import io.gcstream.engine.Scheme;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The paper's application table (its Table 3, with the working set and memory of Table 4) on
 * this machine, in one command. Per circuit: non-linear gates, S, labels held, the median online
 * and total time per execution, bytes each way per execution, peak heap and bytes allocated per
 * execution, next to the paper's figures and those of its code (ME-SFE) measured on this kind of
 * machine ({@link PaperFigures}). Each circuit runs in its own session, both parties in this JVM
 * over a loopback socket, as {@link CircuitRuns} describes. Prints a Markdown table and writes
 * {@code paper-tables.csv} for {@link Plot}.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.PaperTables \
 *     [RUNS [SCHEME]] [--runs 30] [--warmup 10] [--warmup-seconds 2] [--scheme half-gates|grr3|all] \
 *     [--circuits aes128,hamming900,...] [--mesfe DIR] [--out DIR]
 * </pre>
 *
 * {@code --mesfe DIR} adds every {@code .mec} and {@code .bmec} file under DIR (ME-SFE's
 * {@code circuits/} folder), read by content with {@link CircuitFiles#read}; a file that cannot
 * be read is reported on one line and skipped (exit status 1 at the end). {@code --out} is the
 * folder for the CSV file (default: {@code results} next to the benchmarks jar).
 */
public final class PaperTables {
    /** The library circuits of the table, in its order. */
    public static final List<String> CIRCUITS = List.of("aes128", "aes128-expanded", "present80",
            "present80-expanded", "hamming900", "karatsuba128", "minimum1000x20");

    /** The command line. */
    static final class Options {
        @Parameter(description = "[RUNS [SCHEME]]")
        List<String> positional = new ArrayList<>();

        @Parameter(names = "--runs", validateWith = Cli.AtLeastOne.class)
        int runs = 30;

        @Parameter(names = "--warmup", validateWith = Cli.NotNegative.class)
        int warmup = 10;

        @Parameter(names = "--warmup-seconds", validateWith = Cli.NotNegative.class)
        int warmupSeconds = 2;

        @Parameter(names = "--scheme")
        String scheme = "half-gates";

        @Parameter(names = "--circuits")
        List<String> circuits = CIRCUITS;

        @Parameter(names = "--mesfe")
        Path mesfe;

        @Parameter(names = "--out")
        Path out = ResultFiles.defaultResultsDir();
    }

    private PaperTables() {
    }

    public static void main(String[] args) throws Exception {
        Options o;
        try {
            o = Cli.parse(new Options(), "PaperTables", args);
        } catch (IllegalArgumentException e) {
            System.err.println("PaperTables: " + e.getMessage());
            System.exit(2);
            return;
        }
        int code = run(o, String.join(" ", args), System.out, System.err);
        System.exit(code);
    }

    /** Runs the table for the parsed options; returns the exit status. */
    static int run(Options o, String command, PrintStream out, PrintStream err) throws IOException {
        List<String> pos = o.positional;
        int runs;
        List<Scheme> schemes;
        List<String> names = o.circuits;
        Path outDir = o.out;
        int warmup = o.warmup;
        double warmupSeconds = o.warmupSeconds;
        try {
            if (pos.size() > 2) {
                throw new IllegalArgumentException("at most two positional arguments (runs, scheme), got " + pos);
            }
            runs = pos.isEmpty() ? o.runs : positiveInt(pos.get(0));
            schemes = schemes(pos.size() > 1 ? pos.get(1) : o.scheme);
        } catch (IllegalArgumentException e) {
            err.println("PaperTables: " + e.getMessage());
            return 2;
        }
        List<LibraryCircuit> library = new ArrayList<>();
        for (String n : names) {
            try {
                library.add(Library.get(n.trim()));
            } catch (IllegalArgumentException e) {
                err.println("PaperTables: " + e.getMessage());
                return 2;
            }
        }
        List<Path> files = new ArrayList<>();
        Path dir = o.mesfe;
        if (dir != null) {
            if (!Files.isDirectory(dir)) {
                err.println("PaperTables: --mesfe " + dir + ": no such folder (ME-SFE's circuits/ folder)");
                return 2;
            }
            try (Stream<Path> s = Files.walk(dir)) {
                s.filter(p -> Files.isRegularFile(p) && (p.toString().endsWith(".mec") || p.toString().endsWith(".bmec")))
                        .sorted().forEach(files::add);
            }
            if (files.isEmpty()) {
                err.println("PaperTables: --mesfe " + dir + ": no .mec or .bmec files in it");
                return 2;
            }
        }
        out.println("# The paper's applications on this machine");
        out.println("machine: " + ResultFiles.machine());
        out.println("command: PaperTables " + command);
        out.printf(Locale.ROOT, "per circuit and scheme: one session, both parties in this JVM over loopback TCP;"
                + " 1 first execution, warm-up executions (at least %d and %d s), %d measured ones; medians of the"
                + " measured ones%n%n", warmup, (int) warmupSeconds, runs);
        out.println(header());
        int status = 0;
        List<Row> rows = new ArrayList<>();
        for (Scheme s : schemes) {
            for (LibraryCircuit lc : library) {
                Row r = CircuitRuns.measure("library", lc, s, warmup, warmupSeconds, runs,
                        PaperFigures.library(lc.name()));
                rows.add(r);
                out.println(line(r));
            }
            for (Path f : files) {
                Circuit c;
                String name = dir.relativize(f).toString();
                try {
                    c = CircuitFiles.read(f);
                } catch (IOException | RuntimeException e) {
                    err.println("PaperTables: skipped " + f + ": " + e.getMessage());
                    status = 1;
                    continue;
                }
                Row r = CircuitRuns.measure("mesfe", LibraryCircuit.of(name, c), s, warmup, warmupSeconds, runs,
                        PaperFigures.mesfeFile(f));
                rows.add(r);
                out.println(line(r));
            }
        }
        out.println();
        out.println("times: the creator's wall clock per execution; online = garbled stream and output decoding,"
                + " total = that plus the input labels (OT extension); first = the session's first execution,"
                + " handshake and base OTs included.");
        out.println("peak heap: the sum of the JVM's heap pools' peaks during one execution after a full GC"
                + " (both parties and the harness, garbage included); alloc: bytes both party threads allocated"
                + " during one execution.");
        out.println(PaperFigures.NOTES);
        Path csv = outDir.resolve("paper-tables.csv");
        ResultFiles.writeCsv(rows, "PaperTables " + command, csv);
        out.println("wrote " + csv);
        return status;
    }

    private static int positiveInt(String s) {
        try {
            int n = Integer.parseInt(s);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("runs must be a whole number of at least 1, got " + s);
    }

    /** "all" or one scheme name. */
    static List<Scheme> schemes(String s) {
        return s.equalsIgnoreCase("all") ? List.of(Scheme.values()) : List.of(Scheme.parse(s));
    }

    static String header() {
        return "| circuit | scheme | AND | S | labels | first ms | online ms | total ms | KB c→e | KB e→c"
                + " | peak heap MB | alloc KB | paper AND | paper ms | ME-SFE ms |\n"
                + "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|";
    }

    static String line(Row r) {
        return String.format(Locale.ROOT, "| %s | %s | %,d | %,d | %,d | %.1f | %.2f | %.2f | %,.1f | %,.1f | %.1f | %,.1f"
                + " | %s | %s | %s |", r.circuit(), r.scheme(), r.nonLinear(), r.slots(), r.labelSlots(), r.firstMs(),
                r.onlineMs(), r.totalMs(), r.creatorSentBytes() / 1024.0, r.evaluatorSentBytes() / 1024.0,
                r.peakHeapBytes() / 1048576.0, r.allocatedBytes() / 1024.0,
                r.paperNonLinear() == null ? "-" : String.format(Locale.ROOT, "%,d", r.paperNonLinear()),
                r.paperMs() == null ? "-" : String.format(Locale.ROOT, "%.0f", r.paperMs()),
                r.mesfeMs() == null ? "-" : String.format(Locale.ROOT, "%.1f", r.mesfeMs()));
    }
}
