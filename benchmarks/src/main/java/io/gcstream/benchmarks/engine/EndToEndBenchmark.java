package io.gcstream.benchmarks.engine;

import static io.gcstream.benchmarks.report.CircuitRuns.median;

import com.beust.jcommander.Parameter;
import io.gcstream.benchmarks.report.Cli;
import io.gcstream.circuits.Circuit;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.RunStats;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * End-to-end throughput of the garbled-circuit engine with two processes over loopback TCP,
 * on a generated {@link LaneCircuit} (streamed, nothing stored, S = 2 × lanes).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.engine.EndToEndBenchmark \
 *     [--ands 10000000] [--lanes 64] [--warmup 3] [--runs 5] [--scheme half-gates|grr3|both] \
 *     [--child-jvm-args "-Xmx64m"] [--no-local] [--buffer 65536] [--read-poll MICROSECONDS] \
 *     [--threads N]
 * </pre>
 *
 * This process is the evaluator; it starts the creator as a child JVM with the same class path.
 * One session (base OTs once): {@code warmup} runs while the JIT compiles the hot loops (printed,
 * not counted), then {@code runs} measured runs. Prints per-run figures and a table of medians:
 * end-to-end AND gates/s (wall time of a run without session setup), the CPU-bound end-to-end
 * rate (gates over the slower party's thread CPU time: what two free cores would give, which
 * matters on a shared, loaded machine), and garble-only and evaluate-only rates of one core
 * without network (unless --no-local).
 */
public final class EndToEndBenchmark {
    /** CPU-bound end-to-end rates of the measured runs of the last scheme. */
    private static double[] lastCpuRates = {0};
    /** Runs before the measured ones, not counted: the first one also holds the session setup. */
    private static int warmup = 3;
    /** Channel buffer size in bytes (both sides). */
    private static int buffer = 64 * 1024;
    /** Read polling of both sides' channels ({@link ChannelOptions#readPoll()}). */
    private static Duration readPoll = ChannelOptions.defaults().readPoll();
    /** Threads of both parties ({@link SessionOptions.Builder#threads}; 0: the sessions' default). */
    private static int threads = 0;

    /** The command line. */
    static final class Options {
        @Parameter(names = "--ands", converter = Cli.Count.class)
        long ands = 10_000_000L;

        @Parameter(names = "--lanes", validateWith = Cli.AtLeastOne.class)
        int lanes = 64;

        @Parameter(names = "--runs", validateWith = Cli.AtLeastOne.class)
        int runs = 5;

        @Parameter(names = "--warmup", validateWith = Cli.NotNegative.class)
        int warmup = 3;

        @Parameter(names = "--scheme")
        String schemes = "both";

        @Parameter(names = "--role")
        String role = "evaluator";

        @Parameter(names = "--port")
        int port;

        @Parameter(names = "--child-jvm-args")
        String childArgs = "";

        @Parameter(names = "--no-local")
        boolean noLocal;

        @Parameter(names = "--buffer", validateWith = Cli.AtLeastOne.class)
        int buffer = 64 * 1024;

        @Parameter(names = "--read-poll", validateWith = Cli.NotNegative.class)
        long readPollMicros = ChannelOptions.defaults().readPoll().toNanos() / 1000;

        @Parameter(names = "--threads", validateWith = Cli.NotNegative.class)
        int threads = 0;
    }

    private EndToEndBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Options o = Cli.parse(new Options(), "EndToEndBenchmark", args);
        long ands = o.ands;
        int lanes = o.lanes;
        int runs = o.runs;
        String schemes = o.schemes;
        String role = o.role;
        int port = o.port;
        String childArgs = o.childArgs;
        boolean local = !o.noLocal;
        warmup = o.warmup;
        buffer = o.buffer;
        readPoll = Duration.ofNanos(1000 * o.readPollMicros);
        threads = o.threads;
        List<Scheme> list = schemes.equals("both") ? List.of(Scheme.HALF_GATES, Scheme.GRR3)
                : List.of(Scheme.parse(schemes));
        Circuit circuit = LaneCircuit.create(lanes, ands);
        if (role.equals("creator")) {
            creator(circuit, list.get(0), port, warmup + runs);
            return;
        }
        System.out.printf("circuit: %d AND + %d XOR gates, %d lanes, S = %d; %d warm-up + %d"
                + " measured runs per scheme; %d cores%n", ands, ands, lanes, circuit.labelSlots(),
                warmup, runs,
                Runtime.getRuntime().availableProcessors());
        List<String> table = new ArrayList<>();
        for (Scheme s : list) {
            double[] e2e = evaluatorWithChild(circuit, s, runs, childArgs, lanes, ands);
            String g = "-";
            String e = "-";
            if (local) {
                double[] gr = new double[runs];
                double[] er = new double[runs];
                for (int r = -warmup; r < runs; r++) {
                    double g1 = GarbleRates.garble(circuit, s);
                    double e1 = GarbleRates.evaluate(circuit, s);
                    if (r >= 0) {
                        gr[r] = g1;
                        er[r] = e1;
                    }
                }
                g = String.format("%8.2f", median(gr) / 1e6);
                e = String.format("%8.2f", median(er) / 1e6);
            }
            table.add(String.format("%-10s | %8.2f | %8.2f | %8.2f | %s | %s", s, median(e2e) / 1e6,
                    e2e[e2e.length - 1] / 1e6, median(lastCpuRates) / 1e6, g, e));
        }
        System.out.println();
        System.out.println("scheme     | e2e median | e2e max | e2e CPU-bound | garble-only | evaluate-only"
                + "   (M AND/s; CPU-bound = slower party's thread CPU time; garble/evaluate-only:"
                + " 1 core, CPU time, no network)");
        table.forEach(System.out::println);
    }

    private static ChannelOptions channelOptions(SessionOptions o) {
        return ChannelOptions.builder().readTimeout(o.timeout()).bufferSize(buffer).readPoll(readPoll)
                .build();
    }

    private static double[] evaluatorWithChild(Circuit circuit, Scheme s, int runs,
            String childArgs, int lanes, long ands) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + "/bin/java");
        if (!childArgs.isBlank()) {
            cmd.addAll(Arrays.asList(childArgs.trim().split("\\s+")));
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"),
                EndToEndBenchmark.class.getName(), "--role", "creator", "--port",
                String.valueOf(port), "--ands", String.valueOf(ands), "--lanes",
                String.valueOf(lanes), "--warmup", "0", "--runs", String.valueOf(warmup + runs),
                "--scheme", s.toString(),
                "--buffer", String.valueOf(buffer),
                "--read-poll", String.valueOf(readPoll.toNanos() / 1000),
                "--threads", String.valueOf(threads)));
        Process child = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<Double> creatorCpuMs = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread pump = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    System.out.println("  [creator] " + line);
                    int at = line.indexOf("cpuMs=");
                    if (at >= 0) {
                        creatorCpuMs.add(Double.parseDouble(line.substring(at + 6).split(" ")[0]));
                    }
                }
            } catch (IOException ignored) {
                // child ended
            }
        });
        pump.start();
        SessionOptions o = SessionOptions.builder().scheme(s).threads(threads).build();
        int total = warmup + runs;
        double[] rates = new double[total];
        double[] evaluatorCpuMs = new double[total];
        try (TcpChannel ch = Transport.plain().connect("127.0.0.1", port, channelOptions(o))) {
            GcSession session = GcSession.evaluator(ch, o);
            Random rnd = new Random();
            for (int r = 0; r < total; r++) {
                boolean[] y = new boolean[circuit.evaluatorInputCount()];
                for (int i = 0; i < y.length; i++) {
                    y[i] = rnd.nextBoolean();
                }
                long cpu0 = GarbleRates.cpuNanos();
                session.run(circuit, y);
                evaluatorCpuMs[r] = (GarbleRates.cpuNanos() - cpu0) / 1e6;
                RunStats st = session.lastStats();
                long runNanos = st.totalNanos() - st.setupNanos();
                rates[r] = st.nonLinearGates() * 1e9 / runNanos;
                System.out.printf("  [evaluator] %s %s %d: %.2f M AND/s end to end (%.0f ms run, "
                        + "%.0f ms setup, %.1f MB received) %s%n", s,
                        r < warmup ? "warm-up" : "run", r < warmup ? r : r - warmup, rates[r] / 1e6,
                        runNanos / 1e6, st.setupNanos() / 1e6, st.bytesReceived() / 1e6,
                        st);
            }
        }
        child.waitFor();
        pump.join();
        // CPU-bound rate: what the run would reach if each party had a core of its own (the
        // slower party's CPU time per run, session setup excluded from run 0 only roughly).
        double[] cpuRates = new double[runs];
        for (int k = 0; k < runs && warmup + k < creatorCpuMs.size(); k++) {
            int r = warmup + k;
            double slower = Math.max(creatorCpuMs.get(r), evaluatorCpuMs[r]);
            cpuRates[k] = circuit.nonLinearCount() / (slower / 1e3);
            System.out.printf("  %s run %d: CPU creator %.0f ms, evaluator %.0f ms -> %.2f M AND/s"
                    + " if each party has a core%n", s, k, creatorCpuMs.get(r), evaluatorCpuMs[r],
                    cpuRates[k] / 1e6);
        }
        lastCpuRates = cpuRates;
        double[] sorted = Arrays.copyOfRange(rates, warmup, total);
        Arrays.sort(sorted);
        return sorted;
    }

    private static void creator(Circuit circuit, Scheme s, int port, int runs) throws IOException {
        SessionOptions o = SessionOptions.builder().scheme(s).threads(threads).build();
        try (TcpChannel ch = Transport.plain().accept(new java.net.InetSocketAddress(port), channelOptions(o))) {
            GcSession session = GcSession.creator(ch, o);
            Random rnd = new Random();
            for (int r = 0; r < runs; r++) {
                boolean[] x = new boolean[circuit.creatorInputCount()];
                for (int i = 0; i < x.length; i++) {
                    x[i] = rnd.nextBoolean();
                }
                long cpu0 = GarbleRates.cpuNanos();
                session.run(circuit, x);
                double cpuMs = (GarbleRates.cpuNanos() - cpu0) / 1e6;
                System.out.println(session.lastStats() + " maxHeapMB="
                        + Runtime.getRuntime().maxMemory() / (1 << 20) + " cpuMs=" + cpuMs);
            }
        }
    }
}
