package io.gcstream.benchmarks;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.Arithmetic;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.lib.Library;
import io.gcstream.engine.LocalPair;
import io.gcstream.engine.RunStats;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The application benchmarks of the paper's Tables 2–4, run the way the paper ran them: both
 * parties on one machine over a loopback socket, one session per circuit (base OTs once),
 * repeated executions, median of the warm runs. Prints one table.
 *
 * <pre>mvn -q -B -pl benchmarks -am package -DskipTests
 * java -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.PaperTables [runs] [scheme]</pre>
 *
 * <p>Two parties in one JVM share its two cores, as two processes on a 2-core machine would.
 */
public final class PaperTables {
    private PaperTables() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        Scheme scheme = args.length > 1 ? Scheme.parse(args[1]) : Scheme.HALF_GATES;
        Map<String, Circuit> circuits = new LinkedHashMap<>();
        circuits.put("AES-128", Library.circuit("aes128"));
        circuits.put("PRESENT-80", Library.circuit("present80"));
        circuits.put("Hamming-900", Library.circuit("hamming900"));
        circuits.put("Multiplication 128x128->256", multiplication(128));
        System.out.printf(Locale.ROOT, "%-30s %9s %7s %12s %12s %12s %12s%n", "circuit", "AND", "labels",
                "first ms", "median ms", "online ms", "KB/run");
        for (Map.Entry<String, Circuit> e : circuits.entrySet()) {
            List<RunStats> s = session(e.getValue(), scheme, runs);
            RunStats first = s.get(0);
            RunStats median = median(s.subList(1, s.size()));
            System.out.printf(Locale.ROOT, "%-30s %9d %7d %12.2f %12.2f %12.2f %12.1f%n", e.getKey(),
                    e.getValue().nonLinearCount(), e.getValue().labelSlots(), first.totalNanos() / 1e6,
                    median.totalNanos() / 1e6, median.onlineNanos() / 1e6, median.bytesSent() / 1024.0);
        }
        System.out.println("times are the creator's wall clock; 'first' includes session setup and base OTs;"
                + " median over " + (runs - 1) + " warm runs; scheme " + scheme.wireName());
    }

    static Circuit multiplication(int n) {
        CircuitBuilder b = new CircuitBuilder();
        Word x = b.creatorInput(n);
        Word y = b.evaluatorInput(n);
        b.evaluatorOutput(Arithmetic.mulFull(b, x, y));
        return b.build();
    }

    /** Runs the circuit {@code runs} times in one loopback session; returns the creator's stats. */
    static List<RunStats> session(Circuit c, Scheme scheme, int runs) throws Exception {
        SplittableRandom rnd = new SplittableRandom();
        List<boolean[]> xs = new ArrayList<>();
        List<boolean[]> ys = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            xs.add(random(rnd, c.creatorInputCount()));
            ys.add(random(rnd, c.evaluatorInputCount()));
        }
        List<RunStats> stats = new ArrayList<>();
        for (LocalPair.Result r : LocalPair.runAll(c, xs, ys, SessionOptions.builder().scheme(scheme).build(),
                LocalPair.Transport.TCP)) {
            stats.add(r.creatorStats());
        }
        return stats;
    }

    private static RunStats median(List<RunStats> runs) {
        List<RunStats> sorted = new ArrayList<>(runs);
        sorted.sort((a, b) -> Long.compare(a.totalNanos(), b.totalNanos()));
        return sorted.get(sorted.size() / 2);
    }

    private static boolean[] random(SplittableRandom r, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = r.nextBoolean();
        }
        return b;
    }
}
