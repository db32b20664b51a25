package io.gcstream.cli;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.RunStats;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Runs one party's side of {@code repeat} executions of a circuit in one session. */
final class PartyRunner {
    /** The outputs of the last execution and the statistics of each. */
    record Outcome(Party role, boolean[] outputs, List<RunStats> stats) {
    }

    private PartyRunner() {
    }

    static Outcome run(Party role, Channel channel, SessionOptions options, Circuit circuit,
            boolean[] input, int repeat) throws IOException {
        GcSession session = role == Party.CREATOR
                ? GcSession.creator(channel, options)
                : GcSession.evaluator(channel, options);
        List<RunStats> stats = new ArrayList<>(repeat);
        boolean[] out = null;
        for (int i = 0; i < repeat; i++) {
            out = session.run(circuit, input);
            stats.add(session.lastStats());
        }
        return new Outcome(role, out, stats);
    }
}
