package io.gcstream.engine;

import io.gcstream.circuits.Party;
import io.gcstream.engine.HostileSessions.Outcome;
import io.gcstream.engine.HostileSessions.Result;
import io.gcstream.engine.HostileSessions.Script;
import java.util.ArrayList;
import java.util.List;

/**
 * What every hostile-peer case must satisfy, whatever the fault: each party either returns
 * exactly the simulator's outputs or throws a {@link SessionException} (a
 * {@link HandshakeMismatchException} included) whose message is one line naming the peer and a
 * protocol phase; each ends within {@link HostileSessions#bound}; no thread is left running; and
 * both end alike (both correct, or both failed), except that a fault in the last message of the
 * exchange may leave its sender with its correct result while the receiver fails.
 */
final class HostileJudge {
    /** What a case must end with, beyond the invariants. */
    enum Expect {
        /** Both parties must return the correct result (the fault is harmless). */
        BOTH_CORRECT,
        /** Both parties must fail (only the receiver, for a fault in the last message). */
        FAILURE,
        /** Both correct or both failed: which one depends on what the fault hit. */
        EITHER
    }

    private HostileJudge() {
    }

    /** Every violated property of {@code o}; empty if the case ended correctly. */
    static List<String> problems(Outcome o, Expect expect) {
        List<String> p = new ArrayList<>();
        if (!o.tripped()) {
            p.add("the fault never happened (is the offset beyond the stream?)");
        }
        for (Party party : Party.values()) {
            Duel.Side<Result> s = o.side(party);
            if (s.hung()) {
                p.add(party + " hung");
                continue;
            }
            if (s.elapsed().compareTo(HostileSessions.bound(o.fault())) > 0) {
                p.add(party + " took " + s.elapsed().toMillis() + " ms, more than "
                        + HostileSessions.bound(o.fault()).toMillis());
            }
            if (s.ok()) {
                String wrong = HostileSessions.wrongOutputs(o.script(), s.value(), party);
                if (wrong != null) {
                    p.add(wrong);
                }
            } else {
                p.addAll(badError(party, s.error(), HostileSessions.peerOf(o, party)));
            }
        }
        boolean lastMessage = o.where().lastOf(o.script());
        Duel.Side<Result> sender = o.side(o.where().sender);
        Duel.Side<Result> receiver = o.side(o.where().sender.peer());
        if (!o.bothOk() && !o.bothFailed() && !(lastMessage && sender.ok() && !receiver.ok())) {
            p.add("one party succeeded and the other failed");
        }
        switch (expect) {
            case BOTH_CORRECT:
                if (!o.bothOk()) {
                    p.add("expected both parties to succeed");
                }
                break;
            case FAILURE:
                if (receiver.ok() || (!lastMessage && sender.ok())) {
                    p.add("expected " + (lastMessage ? "the receiver" : "both parties") + " to fail");
                }
                break;
            default:
        }
        return p;
    }

    /** What is wrong with a party's error, if anything. */
    static List<String> badError(Party party, Throwable t, String peer) {
        List<String> p = new ArrayList<>();
        if (!(t instanceof SessionException)) {
            p.add(party + " failed with " + t.getClass().getName() + ", not a SessionException: " + t);
            return p;
        }
        String m = t.getMessage();
        if (m == null || m.contains("\n") || m.contains("\r")) {
            p.add(party + "'s message is not one line: " + m);
            return p;
        }
        if (!m.contains(peer)) {
            p.add(party + "'s message does not name the peer " + peer + ": " + m);
        }
        if (!HostileSessions.PHASES.matcher(m).find()) {
            p.add(party + "'s message names no phase: " + m);
        }
        return p;
    }

    /**
     * For states saved while the save exchange was attacked and yet both parties succeeded:
     * resuming them must be refused on both sides or compute correctly on both.
     */
    static List<String> resumeProblems(HostileSessions.Scenario sc, Result creator, Result evaluator)
            throws Exception {
        SessionState[] states = {creator.state(), evaluator.state()};
        // A fault that never happens: an honest resumption.
        Outcome o = HostileSessions.run("resume-check", sc, Script.RESUMED, HostileSessions.Where.RESUMED_HELLO_TO_CREATOR,
                io.gcstream.engine.testutil.HostileChannel.Fault.stall(Long.MAX_VALUE / 2), states,
                HostileSessions.Transport.MEMORY);
        List<String> p = new ArrayList<>();
        if (o.bothOk()) {
            for (Party party : Party.values()) {
                String wrong = HostileSessions.wrongOutputs(Script.RESUMED, o.side(party).value(), party);
                if (wrong != null) {
                    p.add("resuming the saved states: " + wrong);
                }
            }
            return p;
        }
        for (Party party : Party.values()) {
            Throwable t = o.side(party).error();
            if (!(t instanceof HandshakeMismatchException)) {
                p.add("resuming the saved states: " + party + " should have refused them in the handshake but got "
                        + t);
            }
        }
        return p;
    }
}
