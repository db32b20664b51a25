package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParametersDelegate;
import io.gcstream.circuits.Party;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code gc minimum}: the minimum of the two parties' values (one decimal number per line of a
 * file each), by the paper's strategies (a), (b) or (c); both parties learn the minimum.
 */
final class MinimumCommand extends Gc.BaseCommand {
    static final String DESCRIPTION = "Minimum of both parties' values (the paper's Minimum benchmark): one"
            + " circuit (a), one value per run (b) or chunks per run (c) against a running minimum kept garbled";

    @ParametersDelegate
    PartyOptions party = new PartyOptions();

    @Parameter(names = "--values", description = "This party's values: a file with one decimal number per line")
    String values;

    @Parameter(names = "--creator-values", description = "With --local: the creator's values file")
    String creatorValues;

    @Parameter(names = "--evaluator-values", description = "With --local: the evaluator's values file")
    String evaluatorValues;

    @Parameter(names = "--bits", required = true, description = "Bits per value (1..62)")
    Integer bits;

    @Parameter(names = "--strategy", description = "a: one circuit; b: one value per run; c: chunks per run")
    String strategy = "c";

    @Parameter(names = "--chunk", description = "Values per run for strategy c")
    int chunk = 500;

    @Parameter(names = "--json", description = "Machine-readable output: minimum, runs, time, bytes each way, peak"
            + " heap per party")
    boolean json;

    @Override
    public int run(PrintStream out) throws Exception {
        MinimumRunner runner = new MinimumRunner(bits, MinimumRunner.Strategy.parse(strategy), chunk);
        // OT blocks sized to the largest run: one chunk of values and the running minimum.
        SessionOptions options = party.sessionOptions().toBuilder()
                .otBlockSize(RunCommand.otBlockFor(strategy.equalsIgnoreCase("a") ? Long.MAX_VALUE : (chunk + 1L) * Math.max(bits, 1)))
                .build();
        party.validate("--creator-values and --evaluator-values");
        // Its report, text or --json, gives the peak heap: a long job, for which the memory pools'
        // start-up cost does not matter.
        HeapPeak.reset();
        List<MinimumRunner.Result> results = new ArrayList<>();
        if (party.local) {
            if (values != null) {
                throw new UserError("--local runs both parties: use --creator-values and --evaluator-values");
            }
            Path cv = required(creatorValues, "--creator-values");
            Path ev = required(evaluatorValues, "--evaluator-values");
            // One runner per party: each builds and caches its own circuits, as two processes would.
            MinimumRunner other = new MinimumRunner(bits, MinimumRunner.Strategy.parse(strategy), chunk);
            results.addAll(local(runner, other, options, party.channelOptions(options), cv, runner.count(cv), ev,
                    runner.count(ev)));
        } else {
            if (creatorValues != null || evaluatorValues != null) {
                throw new UserError("--creator-values/--evaluator-values are for --local; a party gives --values");
            }
            Path mine = required(values, "--values");
            long count = runner.count(mine);
            Party role = party.party();
            NetworkOptions.Greeted<Long> g = party.open(party.channelOptions(options),
                    ch -> runner.agree(role, ch, count, options));
            try (Channel ch = g.channel()) {
                results.add(runner.run(role, ch, options, mine, count, g.value()));
            }
        }
        report(out, results, HeapPeak.bytes());
        return 0;
    }

    private static Path required(String file, String option) {
        if (file == null) {
            throw new UserError(option + " is required");
        }
        return Path.of(file);
    }

    /** Both parties on two threads of this process over a loopback socket. */
    private static List<MinimumRunner.Result> local(MinimumRunner creatorSide, MinimumRunner evaluatorSide,
            SessionOptions options, ChannelOptions channel, Path cv, long nc, Path ev, long ne) throws Exception {
        LocalParties.Both<MinimumRunner.Result> both = LocalParties.run(channel,
                ch -> creatorSide.run(Party.CREATOR, ch, options, cv, nc),
                ch -> evaluatorSide.run(Party.EVALUATOR, ch, options, ev, ne));
        return List.of(both.creator(), both.evaluator());
    }

    private void report(PrintStream out, List<MinimumRunner.Result> results, long peak) {
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("strategy", strategy);
            m.put("bits", bits);
            if (!strategy.equalsIgnoreCase("a")) {
                m.put("chunk", strategy.equalsIgnoreCase("b") ? 1 : chunk);
            }
            m.put("minimum", results.get(0).minimum());
            m.put("peakHeapBytes", peak);
            for (MinimumRunner.Result r : results) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("minimum", r.minimum());
                p.put("runs", r.runs());
                p.put("nonLinearGates", r.nonLinearGates());
                p.put("maxLabelSlots", r.maxLabelSlots());
                p.put("timeMs", RunCommand.ms(r.nanos()));
                p.put("bytesSent", r.bytesSent());
                p.put("bytesReceived", r.bytesReceived());
                p.put("peakHeapBytes", peak);
                m.put(r.role() == Party.CREATOR ? "creator" : "evaluator", p);
            }
            out.println(Json.of(m));
            return;
        }
        MinimumRunner.Result r = results.get(0);
        out.printf("minimum            %d%n", r.minimum());
        out.printf("runs               %d (%d non-linear gates)%n", r.runs(), r.nonLinearGates());
        for (MinimumRunner.Result x : results) {
            out.printf("%-18s %.3f s, %d bytes sent, %d received%n", x.role() == Party.CREATOR ? "creator" : "evaluator",
                    x.nanos() / 1e9, x.bytesSent(), x.bytesReceived());
        }
        out.printf("peak heap          %.1f MiB%s%n", peak / 1048576.0, results.size() > 1 ? " (both parties)" : "");
    }
}
