package io.gcstream.benchmarks;

import io.gcstream.benchmarks.engine.LaneCircuit;
import com.beust.jcommander.Parameter;
import io.gcstream.benchmarks.report.Cli;
import io.gcstream.benchmarks.report.CircuitRuns;
import io.gcstream.benchmarks.report.ResultFiles;
import io.gcstream.benchmarks.report.Row;
import io.gcstream.compiler.lib.LibraryCircuit;
import io.gcstream.engine.Scheme;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * AND gates per second against circuit size: generated AND chains ({@link LaneCircuit}, half
 * ANDs, half XORs, S = 2 × lanes) from {@code --min} to {@code --max} AND gates in steps of
 * 1, 3, 10, 30, ..., each measured like a paper-table row ({@link CircuitRuns}: its own session,
 * both parties in this JVM over loopback, the first execution not counted). Before the sweep,
 * a session of 10^6-AND runs (at least 3 s) warms the JIT. Writes {@code and-rates.csv} for
 * {@link Plot}.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.AndRates \
 *     [--min 100] [--max 1e8] [--lanes 64] [--runs 15] [--scheme half-gates|grr3|all] [--out DIR]
 * </pre>
 *
 * Counted runs per size: {@code --runs} up to 3·10^5 ANDs, then fewer so that each size takes
 * about 3·10^7 AND gates of runs, at least 3; warm-up runs after the first: at least 3 and 1 s
 * below 10^7 ANDs, none from 10^7 on (the JIT is warm by then and one run is seconds). 10^8 ANDs take about 10 s
 * per run on the development machine.
 */
public final class AndRates {
    /** The command line. */
    static final class Options {
        @Parameter(names = "--min", converter = Cli.Count.class)
        long min = 100;

        @Parameter(names = "--max", converter = Cli.Count.class)
        long max = 100_000_000;

        @Parameter(names = "--lanes", validateWith = Cli.AtLeastOne.class)
        int lanes = 64;

        @Parameter(names = "--runs", validateWith = Cli.AtLeastOne.class)
        int runs = 15;

        @Parameter(names = "--scheme")
        String scheme = "half-gates";

        @Parameter(names = "--out")
        Path out = ResultFiles.defaultResultsDir();
    }

    private AndRates() {
    }

    public static void main(String[] args) throws Exception {
        long min;
        long max;
        int lanes;
        int runs;
        List<Scheme> schemes;
        Path outDir;
        try {
            Options o = Cli.parse(new Options(), "AndRates", args);
            min = o.min;
            max = o.max;
            lanes = o.lanes;
            runs = o.runs;
            schemes = PaperTables.schemes(o.scheme);
            outDir = o.out;
            if (min > max) {
                throw new IllegalArgumentException("--min " + min + " is above --max " + max);
            }
        } catch (IllegalArgumentException e) {
            System.err.println("AndRates: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.out.println("# AND gates per second against circuit size (generated AND chains)");
        System.out.println("machine: " + ResultFiles.machine());
        System.out.println("command: AndRates " + String.join(" ", args));
        System.out.println();
        System.out.println("| AND gates | scheme | runs | total ms | online ms | M AND/s (total) | M AND/s (online) |");
        System.out.println("|--:|---|--:|--:|--:|--:|--:|");
        List<Row> rows = new ArrayList<>();
        for (Scheme s : schemes) {
            CircuitRuns.measure("chain", chain(lanes, 1_000_000), s, 3, 3, 1, CircuitRuns.Reference.NONE);
            for (long ands : sizes(min, max)) {
                int n = ands <= 300_000 ? runs : (int) Math.max(3, Math.min(runs, 30_000_000L / ands));
                boolean large = ands >= 10_000_000;
                Row r = CircuitRuns.measure("chain", chain(lanes, ands), s, large ? 0 : 3, large ? 0 : 1, n,
                        CircuitRuns.Reference.NONE);
                rows.add(r);
                System.out.printf(Locale.ROOT, "| %,d | %s | %d | %.2f | %.2f | %.2f | %.2f |%n", ands, s.toString(), n,
                        r.totalMs(), r.onlineMs(), r.andPerSecond() / 1e6, ands / (r.onlineMs() / 1e3) / 1e6);
            }
        }
        Path csv = outDir.resolve("and-rates.csv");
        ResultFiles.writeCsv(rows, "AndRates " + String.join(" ", args), csv);
        System.out.println();
        System.out.println("total = input labels by OT + garbled stream + output decoding, creator's wall clock,"
                + " median per size; wrote " + csv);
    }

    /** 1, 3, 10, 30, ... times powers of ten, from {@code min} to {@code max}, plus both ends. */
    static List<Long> sizes(long min, long max) {
        List<Long> out = new ArrayList<>();
        out.add(min);
        for (long p = 1; p <= max; p *= 10) {
            for (long m : new long[] {1, 3}) {
                long v = p * m;
                if (v > min && v < max) {
                    out.add(v);
                }
            }
            if (p > Long.MAX_VALUE / 10) {
                break;
            }
        }
        if (max > min) {
            out.add(max);
        }
        return out;
    }

    private static LibraryCircuit chain(int lanes, long ands) {
        return LibraryCircuit.of("chain" + ands, LaneCircuit.create(lanes, ands));
    }
}
