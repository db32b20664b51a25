package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParametersDelegate;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.RunSpec;
import io.gcstream.engine.RunStats;
import io.gcstream.engine.SessionException;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code gc run}: one party of a garbled-circuit computation over TCP, or both parties in one
 * process over a loopback socket ({@code --local}).
 */
final class RunCommand extends CircuitCommand {
    static final String DESCRIPTION = "Run a circuit under garbling, as one party or both (--local)";

    @Parameter(names = "--input", description = "This party's input value: 0x…, 0b…, decimal or @file")
    String input;

    @ParametersDelegate
    PartyOptions party = new PartyOptions();

    @ParametersDelegate
    PartyInputs localInputs = new PartyInputs();

    @Parameter(names = "--repeat", description = "Executions of the circuit in one session (base OTs once)")
    int repeat = 1;

    @Parameter(names = "--runs-at-once", description = "Executions of --repeat that may be in flight at once, 1..64"
            + " (default 4): with threads to spare, each party computes that many beside each other, each holding an execution's"
            + " memory. The parties may use different numbers: the smaller is used")
    Integer runsAtOnce;

    @Parameter(names = "--warmup", description = "Executions after the first that --json leaves out of"
            + " medianOfLaterRuns: the JVM compiles the session's hot loops during its first seconds (thousands of"
            + " executions of a small circuit)")
    int warmup = 0;

    @Parameter(names = "--progress", description = "Show the progress bar on stderr even when it is not a terminal"
            + " or the run is short (it is automatic on a terminal for runs of 10^6 gates or more; --quiet and --json"
            + " turn it off)")
    boolean progress;

    @ParametersDelegate
    OutputOptions output = new OutputOptions();

    @ParametersDelegate
    StateOptions state = new StateOptions();

    @Override
    public int run(PrintStream out) throws Exception {
        if (output.json) {
            HeapPeak.reset();
        }
        BitValues.OutputFormat fmt = output.valueFormat();
        if (repeat < 1) {
            throw new UserError("--repeat must be at least 1");
        }
        if (warmup < 0 || (warmup > 0 && warmup >= repeat - 1)) {
            throw new UserError("--warmup " + warmup + " with --repeat " + repeat + ": the warm-up"
                    + " executions come after the first and must leave at least one to measure, so"
                    + " --warmup must be in 0.." + Math.max(0, repeat - 2));
        }
        if (runsAtOnce != null && (runsAtOnce < 1 || runsAtOnce > SessionOptions.MAX_THREADS)) {
            throw new UserError("--runs-at-once must be in 1.." + SessionOptions.MAX_THREADS + ", got " + runsAtOnce);
        }
        // The peer must plan as many executions (the hello compares them); one execution is a
        // single run (its inputs by base OTs alone).
        SessionOptions.Builder b = party.sessionOptions().toBuilder().plannedRuns(repeat)
                .reuseState(state.reuseState).stateOverPlainTcp(state.overPlainTcp);
        SessionOptions options = (runsAtOnce == null ? b : b.runsAtOnce(runsAtOnce)).build();
        party.validate("--creator-input and --evaluator-input");
        if (party.local) {
            if (input != null) {
                throw new UserError("--local runs both parties: use --creator-input and --evaluator-input, not --input");
            }
            if (state.any()) {
                throw new UserError("--keep-outputs, --save-state, --load-state and the state options carry values"
                        + " between two parties' sessions: run the parties with --role");
            }
            CircuitSources.Loaded loaded = loadedTimed();
            Circuit c = loaded.circuit();
            options = sizedFor(options, c);
            boolean[] x = localInputs.creatorBits(loaded);
            boolean[] y = localInputs.evaluatorBits(loaded);
            StderrProgress bar = progressBar(c, Party.CREATOR, Party.EVALUATOR);
            List<PartyRunner.Outcome> both;
            try {
                both = runLocal(c, x, y, withProgress(options, bar), party.channelOptions(options), repeat, warmup);
            } finally {
                finish(bar);
            }
            both.forEach(o -> Phases.runs(o.role(), o.stats()));
            report(out, c, both, fmt, output.json);
            return 0;
        }
        Party role = party.party();
        if (localInputs.given()) {
            throw new UserError("--creator-input/--evaluator-input are for --local; a party gives --input");
        }
        state.validate(repeat);
        state.checkTransport(party.plainOffLoopback());
        CircuitSources.Loaded loaded = loadedTimed();
        Circuit c = loaded.circuit();
        options = sizedFor(options, c);
        hashInBackground(c);
        PartyRunner.Outcome o;
        // Inputs and state are read before connecting, so a bad value fails here at once.
        PartyRunner.Plan plan = PartyRunner.plan(role, loaded, input, repeat, state);
        StderrProgress bar = progressBar(c, role);
        SessionOptions opts = withProgress(options, bar);
        long t0 = System.nanoTime();
        try {
            NetworkOptions.Greeted<PartyRunner.Prepared> g = party.open(party.channelOptions(options),
                    ch -> PartyRunner.prepare(plan, ch, opts, loaded));
            Phases.done("connected to " + g.channel().peer() + " (waiting for the peer, hello and base OTs)",
                    System.nanoTime() - t0);
            try (Channel ch = g.channel()) {
                o = PartyRunner.run(g.value(), repeat, warmup, state);
            }
        } catch (SessionException e) {
            if (plan.loaded() != null && plan.loaded().problem() != null) {
                // This side's state files were unusable (--load-state, or a --save-state it cannot
                // write): the peer has been told; it is this user's mistake.
                throw new UserError(e.getMessage());
            }
            throw e;
        } finally {
            finish(bar);
            if (plan.password() != null) {
                java.util.Arrays.fill(plan.password(), '\0');
            }
        }
        Phases.runs(role, o.stats());
        report(out, c, List.of(o), fmt, output.json);
        return 0;
    }

    /** The circuit, its reading logged as a phase. */
    private CircuitSources.Loaded loadedTimed() throws IOException {
        long t0 = System.nanoTime();
        CircuitSources.Loaded loaded = loaded("run");
        Circuit c = loaded.circuit();
        Phases.done("read the circuit (" + c.gateCount() + " gates, " + c.nonLinearCount() + " non-linear, "
                + c.labelSlots() + " labels held)", System.nanoTime() - t0);
        return loaded;
    }

    /**
     * Starts computing the circuit's fingerprint, which the first run needs, on a daemon thread,
     * so that it overlaps connecting and the base OTs instead of delaying the run (a full pass
     * over the circuit, interpreted in a fresh JVM). {@link Circuit#hash()} computes it once
     * however many threads ask; if it fails here, the run meets the same error and reports it.
     */
    private static void hashInBackground(Circuit c) {
        Thread t = new Thread(() -> {
            try {
                c.hash();
            } catch (RuntimeException e) {
                // reported by the run
            }
        }, "gc-circuit-hash");
        t.setDaemon(true);
        t.start();
    }

    /**
     * {@code options} with the OT extension's block sized to the circuit's evaluator inputs: a
     * small circuit then needs little memory (AES-128 runs in a 4 MB heap). Both parties read
     * the same circuit, so they agree.
     */
    static SessionOptions sizedFor(SessionOptions options, Circuit c) {
        return options.toBuilder().otBlockSize(otBlockFor(c.evaluatorInputCount())).build();
    }

    /**
     * The smallest OT block that serves runs of up to {@code evaluatorInputs} fresh evaluator
     * input bits in one block, at most the default: both parties compute it from the same number.
     */
    static int otBlockFor(long evaluatorInputs) {
        return (int) Math.max(128, (Math.min(evaluatorInputs, OtOptions.DEFAULT_BLOCK_SIZE) + 127) / 128 * 128);
    }

    /**
     * The progress bar for {@code parties}, or null: shown on an interactive terminal (the JVM
     * has a console) for runs of at least {@link StderrProgress#AUTO_THRESHOLD} gates, or always
     * with {@code --progress}; never with {@code --quiet} or {@code --json}.
     */
    private StderrProgress progressBar(Circuit c, Party... parties) throws IOException {
        if (output.quiet || output.json) {
            return null;
        }
        if (!progress && (System.console() == null || c.gateCount() < StderrProgress.AUTO_THRESHOLD)) {
            return null;
        }
        return new StderrProgress(System.err, parties, c.gateCount());
    }

    private static SessionOptions withProgress(SessionOptions options, StderrProgress bar) {
        if (bar == null) {
            return options;
        }
        bar.start();
        return options.toBuilder().progress(bar).build();
    }

    private static void finish(StderrProgress bar) {
        if (bar != null) {
            bar.finish();
        }
    }

    /**
     * Both parties in this process, each on its own thread, over a real loopback socket;
     * {@code repeat} executions in one session, memory independent of {@code repeat}; the
     * {@code warmup} executions after the first are left out of the later runs' median.
     */
    static List<PartyRunner.Outcome> runLocal(Circuit c, boolean[] x, boolean[] y, SessionOptions options,
            ChannelOptions channel, int repeat, int warmup) throws IOException {
        LocalParties.Both<PartyRunner.Outcome> both = LocalParties.run(channel,
                ch -> repeat(Party.CREATOR, GcSession.creator(ch, options), c, x, repeat, warmup),
                ch -> repeat(Party.EVALUATOR, GcSession.evaluator(ch, options), c, y, repeat, warmup));
        return List.of(both.creator(), both.evaluator());
    }

    private static PartyRunner.Outcome repeat(Party role, GcSession s, Circuit c, boolean[] bits, int repeat,
            int warmup) throws IOException {
        RunLog<RunStats> log = RunLog.of(warmup);
        boolean[][] out = new boolean[1][];
        // The evaluator runs ahead (GcSession.runMany).
        s.runMany(RunSpec.of(c), repeat, i -> bits, r -> {
            out[0] = r.outputs();
            log.add(r.stats());
        });
        return new PartyRunner.Outcome(role, out[0], log);
    }

    static void report(PrintStream out, Circuit c, List<PartyRunner.Outcome> outcomes, BitValues.OutputFormat fmt,
            boolean json) {
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("circuit", HexFormat.of().formatHex(c.hash()));
            m.put("slots", c.numSlots());
            for (PartyRunner.Outcome o : outcomes) {
                m.put(name(o.role()), partyJson(o, fmt));
            }
            out.println(Json.of(m));
            return;
        }
        for (PartyRunner.Outcome o : outcomes) {
            if (o.savedTo() != null) {
                out.printf("%-17s (%d bits): kept garbled; this party's half saved to %s%n", "kept output",
                        o.keptBits(), o.savedTo());
            }
            if (o.savedTo() == null || o.outputs().length > 0) {
                Outputs.print(out, name(o.role()) + " output", o.outputs(), fmt);
            }
        }
    }

    private static String name(Party p) {
        return p == Party.CREATOR ? "creator" : "evaluator";
    }

    static Map<String, Object> partyJson(PartyRunner.Outcome o, BitValues.OutputFormat fmt) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("output", Outputs.jsonValue(o.outputs(), fmt));
        if (o.savedTo() != null) {
            m.put("keptBits", o.keptBits());
            m.put("stateFile", o.savedTo().toString());
        }
        RunLog<RunStats> log = o.stats();
        // The process's heap: under --local both parties share it, so both report the same.
        m.put("peakHeapBytes", HeapPeak.bytes());
        m.put("runs", log.count());
        m.put("first", statsJson(log.first()));
        if (log.warmup() > 0) {
            m.put("warmupRuns", log.warmup());
        }
        if (log.medianOfLater() != null) {
            m.put("medianOfLaterRuns", statsJson(log.medianOfLater()));
        }
        return m;
    }

    static Map<String, Object> statsJson(RunStats s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scheme", s.scheme().toString());
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("setup", ms(s.setupNanos()));
        t.put("inputOt", ms(s.otNanos()));
        t.put("online", ms(s.onlineNanos()));
        t.put("total", ms(s.totalNanos()));
        m.put("timingsMs", t);
        m.put("bytesSent", s.bytesSent());
        m.put("bytesReceived", s.bytesReceived());
        m.put("gates", s.gates());
        m.put("nonLinearGates", s.nonLinearGates());
        m.put("labelSlots", s.labelSlots());
        double seconds = s.onlineNanos() / 1e9;
        m.put("nonLinearGatesPerSecond", seconds > 0 ? Math.round(s.nonLinearGates() / seconds) : 0);
        m.put("gatesPerSecond", seconds > 0 ? Math.round(s.gates() / seconds) : 0);
        return m;
    }

    static Double ms(long nanos) {
        return Math.round(nanos / 1e3) / 1e3;
    }
}
