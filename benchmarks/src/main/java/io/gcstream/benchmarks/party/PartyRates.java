package io.gcstream.benchmarks.party;

import com.beust.jcommander.Parameter;
import io.gcstream.benchmarks.engine.LaneCircuit;
import io.gcstream.benchmarks.engine.LevelCircuit;
import io.gcstream.benchmarks.report.Cli;
import io.gcstream.benchmarks.report.ResultFiles;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.Schedule;
import io.gcstream.circuits.internal.ReplayingWalker;
import io.gcstream.circuits.internal.SplitPlan;
import io.gcstream.compiler.lib.Library;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.internal.garble.CodeWalker;
import io.gcstream.engine.internal.garble.GarblerLoop;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.GateLoop;
import io.gcstream.engine.internal.garble.ParallelEvaluator;
import io.gcstream.engine.internal.garble.ParallelGarbler;
import io.gcstream.engine.internal.garble.ParallelLoop;
import io.gcstream.engine.internal.garble.ReadAhead;
import io.gcstream.engine.internal.garble.RunEvaluator;
import io.gcstream.engine.internal.garble.RunGarbler;
import io.gcstream.engine.internal.garble.StreamingEvaluator;
import io.gcstream.engine.internal.garble.StreamingGarbler;
import io.gcstream.engine.internal.garble.TableInput;
import io.gcstream.engine.internal.garble.TableOutput;
import io.gcstream.engine.internal.garble.TweakableHash;
import io.gcstream.engine.internal.session.CreatorProtocol;
import io.gcstream.engine.internal.session.Protocol;
import io.gcstream.ot.OtExtensionReceiver;
import io.gcstream.ot.OtExtensionSender;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.internal.SessionDeltaOt;
import io.gcstream.ot.internal.parallel.TaskPool;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongSupplier;

/**
 * What one party does alone with N threads: the garbler writing into a channel that discards,
 * the evaluator reading a recorded garbled stream, the OT-extension sender and receiver each
 * against the recorded messages of the other ({@link ReplayChannel}). Both parties of a run on
 * one machine share its cores, so this, not a two-party run, shows what threads buy a party on
 * a machine of its own. Prints a table of rates against threads (medians over rounds, each
 * round measuring every thread count once, in alternating order, so that a change of load
 * hits all counts alike) and checks every run's result (outputs against the simulator, OT
 * outputs against the recorded run's).
 *
 * <pre>
 * java -Xmx3g -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.party.PartyRates \
 *     [--workloads and:1e7:1024,and:1e7:64,lib:aes128:1000,lib:levenshtein200x2000dna,cot:1e7,cot-delta:1e7] \
 *     [--threads 1,2] [--rounds 3] [--warmup 0] [--warmup-seconds 0] [--scheme half-gates] [--sides garbler,evaluator]
 *     [--csv FILE] [--beside true|false] [--runs-at-once 3[,4...]] [--barrier DIR [--barrier-count 2] [--turn 0/1]]
 * </pre>
 *
 * {@code --barrier DIR} makes the {@code --barrier-count} processes sharing DIR start each
 * side's timed rounds together, and {@code --turn I/N} makes them take turns in every round
 * ({@link Barrier}): benchmarks/party-ceiling.sh alternates the two ceiling processes
 * ({@code 1/2}) with the one timing one and two threads ({@code 0/2}) round by round, so that a
 * change of the machine's load hits both alike.
 *
 * <p>{@code --warmup N} runs each side N times with each thread count before its timed rounds
 * (results checked, times dropped), so that no timed round compiles the loops: a process
 * pinned to one core compiles on the core it is timed on. {@code --warmup-seconds S} goes on
 * with such untimed rounds until S seconds have passed as well: short rounds (an OT workload's
 * take a tenth of a second) would otherwise be timed while the compiler still takes a core.
 * Either way the warm-up then goes on until a round of every thread count passes in which the
 * compilers worked under {@value #QUIET_SHARE_PERCENT} % of its time, for at most
 * {@value #QUIET_MAX_SECONDS} s more: a team's own loop runs only in rounds with its thread
 * count and is compiled later than the one-thread loops, and the compiler thread it then takes
 * is a core the team waits for.
 *
 * Workloads: {@code and:N[:LANES]} the generated circuit of N ANDs (and N XORs) over LANES
 * lanes (default 1024; {@link LaneCircuit}: an AND level holds LANES ANDs); {@code levels:N[:LANES]}
 * the same counts in levels of LANES ANDs and LANES XORs ({@link LevelCircuit}), whose schedule
 * a team's loop walks in lockstep; {@code lib:NAME[:REPS]}
 * a library circuit run REPS times in one session (default 1; the walk recorded and replayed
 * as a session does); {@code cot:N} N correlated OTs with the session's Δ (the engine's
 * evaluator inputs), {@code cot-delta:N} with a Δ per call (the answer y is sent back). Sides
 * {@code garbler}/{@code evaluator} apply to circuits, {@code sender}/{@code receiver} to OTs;
 * the default is both of each. The recorded streams are held in memory (10^7 ANDs under
 * half-gates: 320 MB), hence -Xmx3g. With 2 threads or more, the runs of a workload of several
 * go beside each other on a pool of threads, as a session's runs do
 * ({@code --beside false}: one after another, each on the gate loop's team), at most
 * {@code --runs-at-once} in flight (a session's {@code SessionOptions.runsAtOnce}); several
 * numbers are each measured beside every thread count above one, alternated in each round.
 */
public final class PartyRates {
    private PartyRates() {
    }

    /**
     * With {@code -Dgcstream.bench.clock=cpu}, a one-thread side is timed by its thread's CPU
     * time instead of the wall clock: on a machine that other work keeps busy, the time the
     * thread ran rather than the time it waited for a core.
     */
    private static final boolean CPU_CLOCK = "cpu".equals(System.getProperty("gcstream.bench.clock"));

    /** Nanoseconds: the thread's CPU time if {@code oneThread} and the CPU clock is chosen, else the wall clock. */
    static long clock(boolean oneThread) {
        return CPU_CLOCK && oneThread
                ? java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime()
                : System.nanoTime();
    }

    /** One party's side of a workload, ready to be timed with any thread count. */
    abstract static class Side {
        private final String workload;
        private final String side;
        private final long ops;

        /** {@code ops} operations (AND gates or OTs) per run. */
        Side(String workload, String side, long ops) {
            this.workload = workload;
            this.side = side;
            this.ops = ops;
        }

        String workload() {
            return workload;
        }

        String side() {
            return side;
        }

        long ops() {
            return ops;
        }

        /** One run on {@code threads} threads; returns its wall time in ns, after checking its result. */
        abstract long run(int threads) throws Exception;

        /**
         * One run with a two-thread plan on a team that computes alone (closed): {share of the
         * time spent in work the team splits, hand-offs per operation, the walker's share};
         * null if not profiled.
         */
        double[] profile() throws Exception {
            return null;
        }
    }

    /** The command line. */
    static final class Options {
        @Parameter(names = "--workloads")
        List<String> workloads = List.of("and:1e7:1024", "and:1e7:64", "lib:aes128:1000",
                "lib:levenshtein200x2000dna", "cot:1e7", "cot-delta:1e7");

        @Parameter(names = "--threads")
        List<Integer> threads = List.of(1, 2);

        @Parameter(names = "--rounds", validateWith = Cli.AtLeastOne.class)
        int rounds = 3;

        @Parameter(names = "--warmup", validateWith = Cli.NotNegative.class)
        int warmup;

        @Parameter(names = "--warmup-seconds", validateWith = Cli.NotNegative.class)
        int warmupSeconds;

        @Parameter(names = "--scheme")
        String scheme = Scheme.HALF_GATES.toString();

        @Parameter(names = "--sides")
        List<String> sides = List.of("garbler", "evaluator", "sender", "receiver");

        @Parameter(names = "--csv")
        Path csv;

        @Parameter(names = "--profile")
        boolean profile;

        @Parameter(names = "--beside", arity = 1)
        boolean beside = true;

        @Parameter(names = "--runs-at-once")
        List<Integer> runsAtOnce = List.of(Protocol.DEFAULT_RUNS_AHEAD + 1);

        @Parameter(names = "--barrier")
        Path barrier;

        @Parameter(names = "--barrier-count", validateWith = Cli.AtLeastOne.class)
        int barrierCount = 2;

        @Parameter(names = "--turn")
        String turn = "0/1";
    }

    /** Whether runs of a workload of several go beside each other with 2 threads or more, as a session's do. */
    private static boolean beside = true;
    /** {@code --beside}: whether runs may go beside each other at all. */
    private static boolean besideAsked = true;
    /** Runs a run beside each other goes ahead of the one sent or read (runs at once − 1). */
    private static int runsAhead = Protocol.DEFAULT_RUNS_AHEAD;

    public static void main(String[] args) throws Exception {
        Options a = Cli.parse(new Options(), "PartyRates", args);
        besideAsked = a.beside;
        for (int k : a.runsAtOnce) {
            if (k < 1) {
                throw new IllegalArgumentException("--runs-at-once: each at least 1, got " + k);
            }
        }
        List<String> workloads = a.workloads;
        // Each thread count, and beyond one thread each number of runs at once: the configurations
        // alternated in every round.
        List<int[]> configs = new ArrayList<>();
        for (int t : a.threads) {
            for (int k : t == 1 ? a.runsAtOnce.subList(0, 1) : a.runsAtOnce) {
                configs.add(new int[] {t, k});
            }
        }
        boolean several = a.runsAtOnce.size() > 1;
        int[] threads = configs.stream().mapToInt(c -> c[0]).toArray();
        int[] atOnce = configs.stream().mapToInt(c -> c[1]).toArray();
        int rounds = a.rounds;
        Scheme scheme = Scheme.parse(a.scheme);
        List<String> sides = a.sides;
        System.out.println("PartyRates: " + ResultFiles.machine());
        System.out.println("| workload | side | threads | rate, median (rounds) | vs 1 thread |");
        System.out.println("|---|---|---|---|---|");
        List<List<String>> csv = new ArrayList<>();
        try (Barrier barrier = Barrier.of(a.barrier, a.barrierCount, a.turn)) {
            for (String w : workloads) {
                for (Side s : sides(w, scheme, sides)) {
                    warmUp(s, threads, atOnce, a.warmup, a.warmupSeconds);
                    barrier.meet();
                    double[][] rates = rates(s, threads, atOnce, rounds, barrier);
                    double base = Double.NaN;
                    for (int i = 0; i < threads.length; i++) {
                        double m = median(rates[i]);
                        if (threads[i] == 1) {
                            base = m;
                        }
                        String unit = s.side().equals("sender") || s.side().equals("receiver") ? "M OT/s" : "M AND/s";
                        StringBuilder all = new StringBuilder();
                        for (double v : rates[i]) {
                            all.append(all.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.2f", v / 1e6));
                        }
                        String vs = Double.isNaN(base) ? "" : String.format(Locale.ROOT, "%.2f×", m / base);
                        String t = threads[i] + (several && threads[i] > 1 ? " (" + atOnce[i] + " at once)" : "");
                        System.out.printf(Locale.ROOT, "| %s | %s | %s | %.2f %s (%s) | %s |%n", s.workload(), s.side(),
                                t, m / 1e6, unit, all, vs);
                        csv.add(List.of(s.workload(), s.side(), t, unit,
                                String.format(Locale.ROOT, "%.4f", m / 1e6),
                                Double.isNaN(base) ? "" : String.format(Locale.ROOT, "%.4f", m / base), all.toString()));
                    }
                }
            }
        }
        if (a.profile) {
            profile(workloads, scheme, sides, rounds);
        }
        if (a.csv != null) {
            ResultFiles.writeCsv(a.csv, List.of("workload", "side", "threads", "unit", "rate", "speedup", "rounds"), csv,
                    "machine: " + ResultFiles.machine(), "command: PartyRates " + String.join(" ", args));
            System.out.println("wrote " + a.csv);
        }
    }

    /**
     * Runs {@code s} with each configuration ({@code threads[i]} threads, {@code atOnce[i]} runs
     * at once), untimed (each run's result checked), {@code times} times and until {@code seconds}
     * have passed; then, if either asked for a warm-up, until a round is quiet (see the class).
     */
    static void warmUp(Side s, int[] threads, int[] atOnce, int times, int seconds) throws Exception {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        warmUp(s, threads, atOnce, times, seconds,
                jit != null && jit.isCompilationTimeMonitoringSupported() ? jit::getTotalCompilationTime : null);
    }

    /**
     * {@link #warmUp(Side, int[], int[], int, int)} with the compilers' total time so far, in
     * milliseconds, read from {@code compiledMillis} (null: not known, no round waited for).
     */
    static void warmUp(Side s, int[] threads, int[] atOnce, int times, int seconds, LongSupplier compiledMillis)
            throws Exception {
        if (times == 0 && seconds == 0) {
            return;
        }
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        long last = end + QUIET_MAX_SECONDS * 1_000_000_000L;
        boolean quiet = compiledMillis == null;
        int r = 0;
        for (; r < times || System.nanoTime() - end < 0 || (!quiet && System.nanoTime() - last < 0); r++) {
            long t0 = System.nanoTime();
            long c0 = compiledMillis == null ? 0 : compiledMillis.getAsLong();
            for (int i = 0; i < threads.length; i++) {
                runsAtOnce(atOnce[i]);
                s.run(threads[i]);
            }
            if (compiledMillis != null) {
                long compiledNanos = (compiledMillis.getAsLong() - c0) * 1_000_000L;
                quiet = compiledNanos * 100 <= QUIET_SHARE_PERCENT * (System.nanoTime() - t0);
            }
        }
        System.err.printf(Locale.ROOT, "PartyRates: %s %s warmed up in %d rounds, %.1f s%s%n", s.workload(), s.side(), r,
                (System.nanoTime() - start) / 1e9, quiet ? "" : ", the compilers still busy");
    }

    /** A warm-up round is quiet when the compilers worked under this share of it, in percent. */
    static final int QUIET_SHARE_PERCENT = 2;
    /** Longest the warm-up goes on, past its rounds and seconds, waiting for a quiet round. */
    static final int QUIET_MAX_SECONDS = 60;

    /**
     * Operations a second of {@code s} with each configuration ({@code [config][round]}), each
     * round running every one once, in alternating order, so that a change of load hits all
     * alike; each round in this process's turn of {@code barrier}.
     */
    static double[][] rates(Side s, int[] threads, int[] atOnce, int rounds, Barrier barrier) throws Exception {
        double[][] rates = new double[threads.length][rounds];
        for (int r = 0; r < rounds; r++) {
            barrier.awaitTurn();
            for (int k = 0; k < threads.length; k++) {
                int i = r % 2 == 0 ? k : threads.length - 1 - k;
                runsAtOnce(atOnce[i]);
                rates[i][r] = s.ops() / (s.run(threads[i]) / 1e9);
            }
            barrier.passTurns();
        }
        return rates;
    }

    /** Runs of a workload of several go beside each other, {@code k} in flight, from now on (1: one after another). */
    private static void runsAtOnce(int k) {
        beside = besideAsked && k > 1;
        runsAhead = k - 1;
    }

    /**
     * The share p of each circuit side's time that a team splits, measured with the team's
     * owner doing every part (so it is steady on a busy machine), and what Amdahl's law makes
     * of it: the speedup of 2 and 8 threads if hand-offs were free.
     */
    private static void profile(List<String> workloads, Scheme scheme, List<String> sides, int rounds)
            throws Exception {
        System.out.println();
        System.out.println("| workload | side | split share p, median (rounds) | walker share w | hand-offs per 1,000 ANDs | "
                + "S(2), S(8) at free hand-offs | S(2) with the walk read ahead |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (String w : workloads) {
            for (Side s : sides(w, scheme, sides)) {
                double[] ps = new double[rounds];
                double[] ws = new double[rounds];
                double perK = 0;
                boolean profiled = true;
                for (int r = 0; r < rounds && profiled; r++) {
                    double[] x = s.profile();
                    if (x == null) {
                        profiled = false;
                        break;
                    }
                    ps[r] = x[0];
                    perK = 1000 * x[1];
                    ws[r] = x[2];
                }
                if (!profiled) {
                    continue;
                }
                double p = median(ps);
                double wk = median(ws);
                StringBuilder all = new StringBuilder();
                for (double v : ps) {
                    all.append(all.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.3f", v));
                }
                System.out.printf(Locale.ROOT, "| %s | %s | %.3f (%s) | %.3f | %.1f | %.2f, %.2f | %.2f |%n", s.workload(),
                        s.side(), p, all, wk, perK, 1 / ((1 - p) + p / 2), 1 / ((1 - p) + p / 8),
                        1 / Math.max(wk, 1 - wk));
            }
        }
    }

    private static List<Side> sides(String workload, Scheme scheme, List<String> sides) throws Exception {
        String[] p = workload.split(":");
        List<Side> out = new ArrayList<>();
        switch (p[0]) {
            case "and", "levels", "lib", "file" -> {
                Circuit c = switch (p[0]) {
                    case "and" -> LaneCircuit.create(p.length > 2 ? Integer.parseInt(p[2]) : 1024, Cli.count("and", p[1]));
                    case "levels" -> LevelCircuit.create(p.length > 2 ? Integer.parseInt(p[2]) : 1024,
                            Cli.count("levels", p[1]));
                    case "lib" -> Library.get(p[1]).circuit();
                    default -> io.gcstream.circuits.CircuitFiles.read(java.nio.file.Path.of(p[1]));
                };
                boolean repeated = p[0].equals("lib") || p[0].equals("file");
                int reps = repeated && p.length > 2 ? (int) Cli.count("repetitions", p[2]) : 1;
                Garbling g = new Garbling(workload + " (" + scheme.toString() + ")", c, reps, scheme);
                if (sides.contains("garbler")) {
                    out.add(g.side(true));
                }
                if (sides.contains("evaluator")) {
                    out.add(g.side(false));
                }
            }
            case "cot", "cot-delta" -> {
                OtRecording o = new OtRecording(workload, (int) Cli.count("OTs", p[1]), p[0].equals("cot"));
                if (sides.contains("sender")) {
                    out.add(o.side(true));
                }
                if (sides.contains("receiver")) {
                    out.add(o.side(false));
                }
            }
            default -> throw new IllegalArgumentException("unknown workload " + workload);
        }
        return out;
    }

    /** A circuit garbled once on one thread, its stream recorded, then timed on each side. */
    private static final class Garbling {
        /** The piece of a long stream a session hands its channel: one 64 KiB buffer. */
        private static final int PIECE = 64 * 1024;
        private final String name;
        private final Circuit circuit;
        private final int reps;
        private final GarblingScheme scheme;
        private final long dLo;
        private final long dHi;
        /** 0-labels of the input slots (indexed like the label array, inputs only). */
        private final long[] zero;
        /** The evaluator's active input labels. */
        private final long[] active;
        private final byte[] stream;
        private final boolean[] wantCreator;
        private final boolean[] wantEvaluator;
        private long[] outputZero;

        Garbling(String name, Circuit c, int reps, Scheme s) throws IOException {
            this.name = name;
            this.circuit = c;
            this.reps = reps;
            this.scheme = GarblingScheme.of(s);
            Random r = new Random(1);
            dLo = r.nextLong() | 1;
            dHi = r.nextLong();
            int slots = (int) c.labelSlots();
            zero = new long[2 * slots];
            active = new long[2 * slots];
            boolean[] x = bits(r, c.creatorInputCount());
            boolean[] y = bits(r, c.evaluatorInputCount());
            fill(r, CircuitSlots.inputs(c, Party.CREATOR), x);
            fill(r, CircuitSlots.inputs(c, Party.EVALUATOR), y);
            Simulator.Result want = Simulator.run(c, x, y);
            wantCreator = want.creatorOutputs();
            wantEvaluator = want.evaluatorOutputs();
            ByteSink sink = new ByteSink();
            StreamingGarbler g = new StreamingGarbler(scheme, new TweakableHash(), c.labelSlots(), dLo, dHi, 0, sink);
            place(g.labels(), zero);
            new ReplayingWalker(c, 0).walk(g);
            g.finish();
            stream = sink.bytes();
            outputZero = g.labels().clone();
        }

        private void fill(Random r, int[] slots, boolean[] bits) {
            for (int i = 0; i < slots.length; i++) {
                int s = slots[i];
                zero[2 * s] = r.nextLong();
                zero[2 * s + 1] = r.nextLong();
                active[2 * s] = zero[2 * s] ^ (bits[i] ? dLo : 0);
                active[2 * s + 1] = zero[2 * s + 1] ^ (bits[i] ? dHi : 0);
            }
        }

        private void place(long[] labels, long[] from) {
            for (int[] slots : new int[][] {CircuitSlots.inputs(circuit, Party.CREATOR),
                    CircuitSlots.inputs(circuit, Party.EVALUATOR)}) {
                for (int s : slots) {
                    labels[2 * s] = from[2 * s];
                    labels[2 * s + 1] = from[2 * s + 1];
                }
            }
        }

        Side side(boolean garbler) {
            return new Side(name, garbler ? "garbler" : "evaluator", circuit.nonLinearCount() * reps) {
                @Override
                long run(int threads) throws Exception {
                    if (beside && threads > 1 && reps > 1) {
                        return besideEachOther(garbler, threads);
                    }
                    return timed(garbler, threads, false)[0];
                }

                @Override
                double[] profile() throws Exception {
                    long[] run = timed(garbler, 2, true);
                    long walk = walkOnly();
                    return new double[] {(double) run[1] / run[0],
                        (double) run[2] / (circuit.nonLinearCount() * reps), (double) walk / run[0]};
                }
            };
        }

        /**
         * Runs one side {@code reps} times on {@code threads} threads as a session would
         * (the walk read ahead on one of them for a circuit whose walk a session reads ahead,
         * {@link ReadAhead#worthIt}); profile: the gate loop with a two-thread plan on a closed
         * (owner-only) team, measured, and no read-ahead. Returns {wall ns, ns in team jobs,
         * team jobs}.
         */
        private long[] timed(boolean garbler, int threads, boolean profile) throws IOException {
            // A scheduled circuit's team walks it itself, every thread its pieces.
            boolean lockstep = ParallelLoop.runs(scheme, Circuits.schedule(circuit));
            boolean readAhead = !profile && !lockstep && ReadAhead.worthIt(circuit, threads, walkBudget());
            int loopThreads = profile ? 2 : readAhead ? threads - 1 : threads;
            int[] pos = {0};
            TableInput in = (b, off, len) -> {
                System.arraycopy(stream, pos[0], b, off, len);
                pos[0] += len;
            };
            long[] touched = {0};
            TableOutput out = (b, off, len) -> touched[0] += b[off];
            try (Workers team = loopThreads > 1 ? new Workers(loopThreads, "bench") : null;
                    ReadAhead reader = readAhead ? new ReadAhead("bench-walker") : null) {
                if (profile) {
                    team.close();
                    team.measure(true);
                }
                SplitPlan plan = SplitPlan.of(circuit, loopThreads);
                GateLoop loop;
                if (team == null) {
                    loop = garbler ? new StreamingGarbler(scheme, new TweakableHash(), circuit.labelSlots(), dLo, dHi, 0, out)
                            : new StreamingEvaluator(scheme, new TweakableHash(), circuit.labelSlots(), 0, in);
                } else if (garbler) {
                    ParallelGarbler p = new ParallelGarbler(scheme, new TweakableHash(), team, loopThreads,
                            plan.labelSlots(), dLo, dHi, 0, out);
                    p.plan(plan);
                    loop = p;
                } else {
                    ParallelEvaluator p = new ParallelEvaluator(scheme, new TweakableHash(), team, loopThreads,
                            plan.labelSlots(), 0, in);
                    p.plan(plan);
                    loop = p;
                }
                // As a session sends: a long stream in pieces of a channel buffer (64 KiB).
                if (garbler && CreatorProtocol.flushInterval((long) stream.length / reps) >= PIECE) {
                    ((GarblerLoop) loop).sendInPiecesOf(PIECE);
                }
                // As a session walks: a one-thread loop runs kept code, a team's loop a recording.
                ReplayingWalker w = team == null ? null : new ReplayingWalker(circuit, walkBudget(), plan);
                CodeWalker cw = team == null ? new CodeWalker(circuit, walkBudget()) : null;
                Schedule schedule = Circuits.schedule(circuit);
                long t0 = clock(team == null && reader == null);
                for (int rep = 0; rep < reps; rep++) {
                    pos[0] = 0;
                    loop.restart(0);
                    place(loop.labels(), garbler ? zero : active);
                    if (cw != null) {
                        cw.walk(loop, null);
                    } else if (loop instanceof ParallelLoop pl && pl.runs(schedule)) {
                        pl.walk(schedule);
                    } else if (reader != null) {
                        reader.walk(w, loop);
                    } else {
                        w.walk(loop);
                    }
                    loop.finish();
                }
                long t = clock(team == null && reader == null) - t0;
                loop.close();
                String who = (garbler ? "garbler" : "evaluator") + " with " + threads + " threads";
                if (garbler) {
                    check(loop.labels(), outputZero, who);
                } else {
                    if (pos[0] != stream.length) {
                        throw new IllegalStateException(name + ": the evaluator read " + pos[0] + " of "
                                + stream.length + " bytes");
                    }
                    decode(loop.labels(), who);
                }
                return new long[] {t, team == null ? 0 : team.busyNanos(), team == null ? 0 : team.jobs()};
            }
        }

        /**
         * Runs one side {@code reps} times as a session's runMany does on {@code threads}
         * threads (peer infinitely fast; docs/protocol.md, "Runs ahead"): the first run on this
         * thread, compiling the walk; later ones on a run pool of one thread fewer and on this
         * thread while it waits ({@link RunGarbler}, {@link RunEvaluator}), {@link #runsAhead} + 1
         * in flight (d + 1). The garbler starts runs 2 .. d + 1 while it garbles run 1 itself,
         * then releases each run r in turn and starts run r + d, its tables in run order; the
         * evaluator reads each run's tables from the recorded stream into its ring on this
         * thread (a run that fits begins once they are in), ending the runs before as they
         * finish, and goes on to the next run's tables only once run r − d has ended (a creator
         * sends them only after that run's status). Returns the wall ns.
         */
        private long besideEachOther(boolean garbler, int threads) throws IOException {
            long[] touched = {0};
            TableOutput out = (b, off, len) -> touched[0] += b[off];
            int[] pos = {0};
            TableInput in = (b, off, len) -> {
                System.arraycopy(stream, pos[0], b, off, len);
                pos[0] += len;
            };
            TweakableHash hash = new TweakableHash();
            CodeWalker cw = new CodeWalker(circuit, walkBudget());
            String who = (garbler ? "garbler" : "evaluator") + " with runs beside each other";
            int piece = CreatorProtocol.flushInterval((long) stream.length) >= PIECE ? PIECE : 0;
            int n = runsAhead + 1;
            long t0 = System.nanoTime();
            try (TaskPool pool = new TaskPool("bench-run", Protocol.runThreadCount(threads, runsAhead), n)) {
                if (garbler) {
                    StreamingGarbler g = new StreamingGarbler(scheme, hash, circuit.labelSlots(), dLo, dHi, 0, out);
                    g.sendInPiecesOf(piece);
                    RunGarbler[] slots = new RunGarbler[n];
                    for (int i = 0; i < n; i++) {
                        slots[i] = new RunGarbler(scheme, dLo, dHi, pool);
                    }
                    try {
                        for (int r = 0; r < reps; r++) {
                            if (r <= 1) {
                                for (int m = r + 1; r == 1 && m <= 1 + runsAhead && m < reps; m++) {
                                    startGarbling(slots[m % n], cw, hash, piece);
                                }
                                g.restart(0);
                                place(g.labels(), zero);
                                cw.walk(g, null);
                                g.finish();
                                check(g.labels(), outputZero, who);
                                continue;
                            }
                            RunGarbler current = slots[r % n];
                            current.release(out);
                            if (r + runsAhead < reps) {
                                startGarbling(slots[(r + runsAhead) % n], cw, hash, piece);
                            }
                            current.await();
                            check(current.labels(circuit), outputZero, who);
                        }
                    } finally {
                        for (RunGarbler x : slots) {
                            x.close();
                        }
                    }
                } else {
                    StreamingEvaluator e = new StreamingEvaluator(scheme, hash, circuit.labelSlots(), 0, in);
                    place(e.labels(), active);
                    cw.walk(e, null);
                    decode(e.labels(), who);
                    RunEvaluator[] slots = new RunEvaluator[n];
                    for (int i = 0; i < n; i++) {
                        slots[i] = new RunEvaluator(scheme, pool);
                    }
                    java.util.ArrayDeque<RunEvaluator> pending = new java.util.ArrayDeque<>();
                    try {
                        for (int r = 1; r < reps; r++) {
                            RunEvaluator slot = slots[r % n];
                            place(slot.labels(circuit), active);
                            slot.begin(circuit, cw, 0, hash, stream.length);
                            for (int at = 0; at < stream.length; ) {
                                while (!pending.isEmpty() && pending.peekFirst().finished()) {
                                    end(pending.poll(), who);
                                }
                                int room = slot.room();
                                if (room == 0) {
                                    if (slot.finished()) {
                                        break;
                                    }
                                    RunEvaluator.awaitRoom(slot, pending.peekFirst());
                                    continue;
                                }
                                int k = Math.min(Math.min(room, stream.length - at), PIECE);
                                System.arraycopy(stream, at, slot.buffer(), slot.at(), k);
                                slot.put(k);
                                at += k;
                            }
                            slot.endOfTables();
                            pending.add(slot);
                            while (pending.size() > runsAhead) {
                                end(pending.poll(), who);
                            }
                        }
                        while (!pending.isEmpty()) {
                            end(pending.poll(), who);
                        }
                    } finally {
                        for (RunEvaluator x : slots) {
                            x.close();
                        }
                    }
                }
            }
            return System.nanoTime() - t0;
        }

        /** Places a run's input labels in {@code slot} and starts garbling it, its tables held. */
        private void startGarbling(RunGarbler slot, CodeWalker cw, TweakableHash hash, int piece) {
            place(slot.labels(circuit), zero);
            slot.start(circuit, cw, 0, hash, piece);
        }

        /** A run evaluated beside another: waited for and checked. */
        private void end(RunEvaluator r, String who) {
            r.await();
            if (r.bytesTaken() != stream.length) {
                throw new IllegalStateException(name + ": the " + who + " read " + r.bytesTaken() + " of "
                        + stream.length + " bytes");
            }
            decode(r.labels(circuit), who);
        }

        /** Wall ns of {@code reps} walks of the circuit into a sink that does nothing. */
        long walkOnly() throws IOException {
            ReplayingWalker w = new ReplayingWalker(circuit, walkBudget(), SplitPlan.of(circuit, 2).isEmpty()
                    ? null : SplitPlan.of(circuit, 2));
            long t0 = System.nanoTime();
            for (int rep = 0; rep < reps; rep++) {
                w.walk((ops, count) -> { });
            }
            return System.nanoTime() - t0;
        }

        /** The garbler's output 0-labels are those of the recorded run. */
        private void check(long[] labels, long[] want, String who) {
            for (int[] slots : new int[][] {CircuitSlots.outputs(circuit, Party.CREATOR),
                    CircuitSlots.outputs(circuit, Party.EVALUATOR)}) {
                for (int s : slots) {
                    if (labels[2 * s] != want[2 * s] || labels[2 * s + 1] != want[2 * s + 1]) {
                        throw new IllegalStateException(name + ": " + who + " made other output labels");
                    }
                }
            }
        }

        /** The evaluator's output labels decode to the simulator's outputs. */
        private void decode(long[] labels, String who) {
            int[][] slots = {CircuitSlots.outputs(circuit, Party.CREATOR),
                CircuitSlots.outputs(circuit, Party.EVALUATOR)};
            boolean[][] want = {wantCreator, wantEvaluator};
            for (int p = 0; p < 2; p++) {
                for (int i = 0; i < slots[p].length; i++) {
                    int s = slots[p][i];
                    long lo = labels[2 * s] ^ outputZero[2 * s];
                    long hi = labels[2 * s + 1] ^ outputZero[2 * s + 1];
                    boolean bit = lo == dLo && hi == dHi;
                    if (!bit && (lo != 0 || hi != 0) || bit != want[p][i]) {
                        throw new IllegalStateException(name + ": " + who + " got a wrong output bit " + i);
                    }
                }
            }
        }
    }

    /**
     * Most walked gates a benchmark records to replay: as a session does, an eighth of the heap
     * at 16 bytes a gate, at most 2^20.
     */
    private static long walkBudget() {
        return Math.min(1L << 20, Runtime.getRuntime().maxMemory() / 8 / 16);
    }

    /** A seeded OT-extension session recorded in both directions, then each side replayed alone. */
    private static final class OtRecording {
        private static final int BATCH = 1 << 20;
        private final String name;
        private final int n;
        private final boolean sessionDelta;
        private final long seedS = 0;
        private final long seedR = 1;
        private final long[] choices;
        private final byte[] fromSender;
        private final byte[] fromReceiver;
        private final String senderOut;
        private final String receiverOut;

        OtRecording(String name, int n, boolean sessionDelta) throws Exception {
            this.name = name;
            this.n = n;
            this.sessionDelta = sessionDelta;
            Random r = new Random(2);
            choices = new long[BATCH / 64];
            for (int i = 0; i < choices.length; i++) {
                choices[i] = r.nextLong();
            }
            Channel[] m = MemoryChannel.pair(ChannelOptions.defaults());
            Recording s = new Recording(m[0], sessionDelta ? 1 << 20 : 16 * n + (1 << 20));
            Recording rc = new Recording(m[1], 16 * n + (1 << 20));
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try {
                Future<String> sf = pool.submit(() -> senderRun(OtExtensionSender.setup(s, options(seedS, 1))));
                receiverOut = receiverRun(OtExtensionReceiver.setup(rc, options(seedR, 1)));
                senderOut = sf.get();
            } finally {
                pool.shutdown();
            }
            fromSender = s.bytes();
            fromReceiver = rc.bytes();
        }

        private static OtOptions options(long seed, int threads) {
            return OtOptions.builder().insecureTestSeed(seed).threads(threads).build();
        }

        private String senderRun(OtExtensionSender s) throws Exception {
            long[] out = new long[2 * BATCH];
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            for (int done = 0; done < n; done += BATCH) {
                int k = Math.min(BATCH, n - done);
                if (sessionDelta) {
                    SessionDeltaOt.correlated(s, k, out, 0);
                } else {
                    s.correlated(0x1234_5679L, 0x5678L, k, out, 0);
                }
                digest(d, out, k);
            }
            return hex(d);
        }

        private String receiverRun(OtExtensionReceiver r) throws Exception {
            long[] out = new long[2 * BATCH];
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            for (int done = 0; done < n; done += BATCH) {
                int k = Math.min(BATCH, n - done);
                if (sessionDelta) {
                    SessionDeltaOt.correlated(r, choices, 0, k, out, 0);
                } else {
                    r.correlated(choices, 0, k, out, 0);
                }
                digest(d, out, k);
            }
            return hex(d);
        }

        Side side(boolean sender) {
            return new Side(name, sender ? "sender" : "receiver", n) {
                @Override
                long run(int threads) throws Exception {
                    // Set-up (base OTs against the recording) is not timed; the OTs are, with
                    // their outputs hashed afterwards, batch by batch, outside the timing.
                    long[] out = new long[2 * BATCH];
                    MessageDigest d = MessageDigest.getInstance("SHA-256");
                    long t = 0;
                    if (sender) {
                        try (OtExtensionSender s = OtExtensionSender.setup(new ReplayChannel(fromReceiver),
                                options(seedS, threads))) {
                            for (int done = 0; done < n; done += BATCH) {
                                int k = Math.min(BATCH, n - done);
                                long t0 = System.nanoTime();
                                if (sessionDelta) {
                                    SessionDeltaOt.correlated(s, k, out, 0);
                                } else {
                                    s.correlated(0x1234_5679L, 0x5678L, k, out, 0);
                                }
                                t += System.nanoTime() - t0;
                                digest(d, out, k);
                            }
                        }
                        expect(senderOut, hex(d), "sender", threads);
                    } else {
                        try (OtExtensionReceiver r = OtExtensionReceiver.setup(new ReplayChannel(fromSender),
                                options(seedR, threads))) {
                            for (int done = 0; done < n; done += BATCH) {
                                int k = Math.min(BATCH, n - done);
                                long t0 = System.nanoTime();
                                if (sessionDelta) {
                                    SessionDeltaOt.correlated(r, choices, 0, k, out, 0);
                                } else {
                                    r.correlated(choices, 0, k, out, 0);
                                }
                                t += System.nanoTime() - t0;
                                digest(d, out, k);
                            }
                        }
                        expect(receiverOut, hex(d), "receiver", threads);
                    }
                    return t;
                }
            };
        }

        private void expect(String want, String got, String side, int threads) {
            if (!want.equals(got)) {
                throw new IllegalStateException(name + ": the " + side + " with " + threads
                        + " threads computed other outputs than the recorded run");
            }
        }
    }

    /**
     * Adds the first {@code blocks} blocks of {@code a} to {@code d}: folded into four 64-bit
     * lanes first (each step a bijection of the lane, so one wrong output always changes the
     * fold), so that checking the outputs takes a small share of a round's time. A slow check between the timed calls
     * would leave a process mostly idle in its timed work, and two such processes measured at
     * once for the ceiling would then seldom compete for the machine.
     */
    private static void digest(MessageDigest d, long[] a, int blocks) {
        long h0 = 1;
        long h1 = 2;
        long h2 = 3;
        long h3 = 4;
        int n = 2 * blocks;
        int i = 0;
        for (; i + 4 <= n; i += 4) {
            h0 = Long.rotateLeft((h0 ^ a[i]) * FOLD, 29);
            h1 = Long.rotateLeft((h1 ^ a[i + 1]) * FOLD, 29);
            h2 = Long.rotateLeft((h2 ^ a[i + 2]) * FOLD, 29);
            h3 = Long.rotateLeft((h3 ^ a[i + 3]) * FOLD, 29);
        }
        for (; i < n; i++) {
            h0 = Long.rotateLeft((h0 ^ a[i]) * FOLD, 29);
        }
        byte[] b = new byte[40];
        ReplayChannel.LONGS.set(b, 0, h0);
        ReplayChannel.LONGS.set(b, 8, h1);
        ReplayChannel.LONGS.set(b, 16, h2);
        ReplayChannel.LONGS.set(b, 24, h3);
        ReplayChannel.LONGS.set(b, 32, (long) n);
        d.update(b);
    }

    /** The fold's odd multiplier (the golden ratio's, as in Fibonacci hashing). */
    private static final long FOLD = 0x9E3779B97F4A7C15L;

    private static String hex(MessageDigest d) {
        return java.util.HexFormat.of().formatHex(d.digest());
    }

    private static boolean[] bits(Random r, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = r.nextBoolean();
        }
        return b;
    }

    private static double median(double[] a) {
        double[] s = a.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** A table output that keeps everything written, for the recorded stream. */
    private static final class ByteSink implements io.gcstream.engine.internal.garble.TableOutput {
        private byte[] data = new byte[1 << 16];
        private int size;

        @Override
        public void write(byte[] a, int off, int len) {
            if (size + len > data.length) {
                data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(2L * data.length, size + len)));
            }
            System.arraycopy(a, off, data, size, len);
            size += len;
        }

        byte[] bytes() {
            return Arrays.copyOf(data, size);
        }
    }
}
