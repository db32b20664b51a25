package io.gcstream.cli;

import io.gcstream.circuits.Party;
import io.gcstream.engine.GarbledValue;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.RunResult;
import io.gcstream.engine.RunSpec;
import io.gcstream.engine.RunStats;
import io.gcstream.engine.SessionOptions;
import io.gcstream.engine.SessionState;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.nio.file.Path;

/** Runs one party's side of {@code repeat} executions of a circuit in one session. */
final class PartyRunner {
    /**
     * The outputs of the last execution, the statistics of the runs, and what was kept: the number
     * of kept output bits and the file this party's half was saved to (or 0 and null).
     */
    record Outcome(Party role, boolean[] outputs, RunLog<RunStats> stats, int keptBits, Path savedTo) {
        Outcome(Party role, boolean[] outputs, RunLog<RunStats> stats) {
            this(role, outputs, stats, 0, null);
        }
    }

    private PartyRunner() {
    }

    /**
     * What a party will do, worked out before it connects: the state it resumes, which party's
     * leading inputs the saved values feed (and how many bits), the outputs it keeps, its fresh
     * input bits and its state password — so a bad value fails here, and a state file that
     * cannot be read or written is reported to the peer in the hello, before any computation.
     */
    record Plan(Party role, SessionState loaded, Party feeds, int keptIn, Party keep, boolean[] bits, char[] password) {
    }

    /** A party's session over its connection and the spec of its runs. */
    record Prepared(Plan plan, GcSession session, RunSpec spec) {
    }

    /** This party's plan: nothing is read from the network. */
    static Plan plan(Party role, CircuitSources.Loaded circuit, String input, int repeat, StateOptions state)
            throws IOException {
        Party keep = state.validate(repeat);
        if (keep != null) {
            int outputs = keep == Party.CREATOR ? circuit.circuit().creatorOutputCount()
                    : circuit.circuit().evaluatorOutputCount();
            if (outputs == 0) {
                throw new UserError("--keep-outputs " + name(keep) + ": the circuit gives the " + name(keep)
                        + " no outputs to keep");
            }
        }
        char[] password = state.password(role);
        SessionState loaded = state.load(role, password);
        String problem = state.problem();
        if (problem != null) {
            // Still connect, so that the peer learns why this side stops: before any computation.
            loaded = SessionState.unusable(role, problem);
        }
        Party feeds = null;
        int keptIn = 0;
        if (loaded != null && loaded.problem() == null) {
            feeds = loaded.origins().get(0).party();
            int room = feeds == Party.CREATOR ? circuit.circuit().creatorInputCount()
                    : circuit.circuit().evaluatorInputCount();
            int held = loaded.origins().stream().mapToInt(SessionState.Origin::width).sum();
            if (held > room) {
                // Still connect, so that the peer learns why this side stops.
                loaded = SessionState.unusable(role, state.loadState + " holds " + held
                        + " bits but the circuit takes only " + room + " "
                        + (feeds == Party.CREATOR ? "creator" : "evaluator") + " input bits");
                feeds = null;
            } else {
                keptIn = held;
            }
        }
        boolean[] bits = inputBits(circuit, role, input, feeds == role ? keptIn : 0);
        return new Plan(role, loaded, feeds, keptIn, keep, bits, password);
    }

    /**
     * This party's session over {@code channel}, after its handshake (which settles the state it
     * resumes with the peer), and the spec of its runs.
     */
    static Prepared prepare(Plan plan, Channel channel, SessionOptions options, CircuitSources.Loaded circuit)
            throws IOException {
        Party role = plan.role();
        GcSession session = plan.loaded() != null ? GcSession.resume(channel, options, plan.loaded())
                : role == Party.CREATOR ? GcSession.creator(channel, options) : GcSession.evaluator(channel, options);
        session.handshake();
        RunSpec.Builder spec = RunSpec.builder(circuit.circuit());
        if (plan.feeds() != null) {
            int width = 0;
            for (GarbledValue v : session.resumedValues()) {
                spec.input(plan.feeds(), v);
                width += v.width();
            }
            if (width != plan.keptIn()) {
                // The file held an unfinished save and the peer settled it on the state before it.
                channel.close();
                throw new IOException("the resumed state holds " + width + " bits, not the "
                        + plan.keptIn() + " this side planned for (an unfinished save was settled on the state before"
                        + " it): run the command again");
            }
        }
        if (plan.keep() != null) {
            spec.keep(plan.keep());
        }
        return new Prepared(plan, session, spec.build());
    }

    /**
     * Runs {@code repeat} executions of the prepared session and saves kept outputs if asked;
     * the {@code warmup} executions after the first are left out of the later runs' median.
     */
    static Outcome run(Prepared p, int repeat, int warmup, StateOptions state) throws IOException {
        Party role = p.plan().role();
        RunLog<RunStats> stats = RunLog.of(warmup);
        RunResult[] lastOne = new RunResult[1];
        // The evaluator runs ahead where the spec allows (GcSession.runMany).
        p.session().runMany(p.spec(), repeat, i -> p.plan().bits(), r -> {
            stats.add(r.stats());
            lastOne[0] = r;
        });
        RunResult last = lastOne[0];
        if (state.saveState == null) {
            return new Outcome(role, last.outputs(), stats);
        }
        Path file = Path.of(state.saveState);
        p.session().saveState(last.kept(), file, p.plan().password());
        return new Outcome(role, last.outputs(), stats, last.kept().get(0).width(), file);
    }

    /** This party's fresh bits: its value encoded for the circuit, minus the leading bits fed by kept values. */
    private static boolean[] inputBits(CircuitSources.Loaded circuit, Party role, String input, int kept) {
        if (kept == 0) {
            return circuit.inputBits(role, input, "--input");
        }
        if (circuit.encodesLocally(role)) {
            throw new UserError("--load-state feeds this party's leading input bits, which a library circuit"
                    + " whose input is encoded from a value does not allow");
        }
        int width = circuit.valueWidth(role) - kept;
        return Outputs.input(input, width, "--input (after the " + kept + " bits loaded from the state)");
    }

    private static String name(Party p) {
        return p == Party.CREATOR ? "creator" : "evaluator";
    }
}
