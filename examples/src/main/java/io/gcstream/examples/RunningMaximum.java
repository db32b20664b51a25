package io.gcstream.examples;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.RunResult;
import io.gcstream.engine.RunSpec;
import io.gcstream.engine.SessionOptions;
import io.gcstream.engine.SessionState;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A running maximum kept secret across sessions (PartialGC style): each day both parties
 * contribute a reading, the maximum so far stays garbled between days, saved by each party in
 * its own state file, and only the last day reveals it. A session on day k resumes the state
 * of day k − 1 and saves the new one over it (both parties' saves are one transaction); the two
 * halves check each other, so a state of another session or an altered file is refused on
 * both sides. The creator's file holds Δ and is encrypted with the password in the
 * environment variable {@code GC_STATE_PASSWORD}.
 *
 * <pre>
 * export GC_STATE_PASSWORD='correct horse battery staple'     # the creator's machine
 * java … RunningMaximum creator   7766 state-c 17 first      # day 1
 * java … RunningMaximum evaluator localhost:7766 state-e 42 first
 * java … RunningMaximum creator   7766 state-c 5 middle      # day 2, and so on
 * java … RunningMaximum creator   7766 state-c 23 last       # the last day prints the maximum
 * </pre>
 */
public final class RunningMaximum {
    /** Bits per reading. */
    public static final int BITS = 16;
    private static final Circuit STEP = step();

    /** Which day of the chain a session is. */
    public enum Day {
        FIRST, MIDDLE, LAST
    }

    private RunningMaximum() {
    }

    /** max(running, creator's reading, evaluator's reading): running and the evaluator's reading from the evaluator. */
    private static Circuit step() {
        Computation c = new Computation();
        UInt creatorReading = c.creator().uint(BITS);
        UInt running = c.evaluator().uint(BITS);
        UInt evaluatorReading = c.evaluator().uint(BITS);
        c.evaluator().output(running.max(creatorReading).max(evaluatorReading));
        return c.build();
    }

    /**
     * One party's day over {@code ch}: resumes its state file (unless it is the first day), adds
     * its reading, and saves the new maximum's half over the file (unless it is the last day).
     *
     * @param password the state file's password: the creator's (its half holds Δ); may be null
     *     for the evaluator, whose file is then not encrypted
     * @return the maximum on the last day, else -1
     */
    public static long day(Party role, Channel ch, Path state, char[] password, long reading, Day day)
            throws IOException {
        SessionOptions o = SessionOptions.defaults();
        GcSession s = day == Day.FIRST
                ? (role == Party.CREATOR ? GcSession.creator(ch, o) : GcSession.evaluator(ch, o))
                : GcSession.resume(ch, o, SessionState.read(state, password));
        RunSpec.Builder spec = RunSpec.builder(STEP);
        boolean[] mine = BitCodec.ofLong(reading, BITS);
        if (day != Day.FIRST) {
            spec.input(Party.EVALUATOR, s.resumedValues().get(0));
        } else if (role == Party.EVALUATOR) {
            mine = BitCodec.concat(BitCodec.ofLong(0, BITS), mine); // the maximum starts at 0
        }
        if (day != Day.LAST) {
            spec.keep(Party.EVALUATOR);
        }
        RunResult r = s.run(spec.build(), mine);
        if (day == Day.LAST) {
            return BitCodec.toLong(r.outputs());
        }
        s.saveState(r.kept(), state, password);
        return -1;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 5) {
            System.err.println("usage: RunningMaximum creator PORT|evaluator HOST:PORT STATEFILE READING first|middle|last");
            System.exit(2);
        }
        Day day = Day.valueOf(args[4].toUpperCase(java.util.Locale.ROOT));
        Party role = Connect.party(args[0]);
        String pw = System.getenv("GC_STATE_PASSWORD");
        if (role == Party.CREATOR && (pw == null || pw.isEmpty())) {
            System.err.println("the creator's state file is encrypted: set GC_STATE_PASSWORD");
            System.exit(2);
        }
        try (Channel ch = Connect.channel(args[0], args[1])) {
            long m = day(role, ch, Path.of(args[2]), pw == null || pw.isEmpty() ? null : pw.toCharArray(),
                    Long.parseLong(args[3]), day);
            System.out.println(day == Day.LAST ? "maximum over all days: " + m : "kept garbled in " + args[2]);
        }
    }
}
