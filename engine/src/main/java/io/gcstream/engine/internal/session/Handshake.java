package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Party;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.TlsRecords;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The two symmetric exchanges of the protocol (see docs/protocol.md): each party sends its
 * view, flushes, reads the peer's view and compares. Since both compare the same two views,
 * both detect a mismatch and both throw a {@link HandshakeMismatchException} describing it.
 */
public final class Handshake {
    /** "GCS1" as little-endian int: the first bytes a session sends. */
    public static final int HELLO_MAGIC = 0x31534347;
    /**
     * Protocol version spoken by this implementation. 4: an output's check values bind the bit
     * they stand for (message 8), and the first run's direct base OTs hash under a domain of
     * their own. 5: a resumed session's tweak salt is 128 bits and keys the hash's permutation,
     * the hello's saved-state check offers an unfinished save and a reuse flag, and a save ends
     * with each side's confirmation (message 13). 6: a run header ends with flags, by which an
     * evaluator announces that it runs one ahead (its next header and input OTs before this
     * run's status). 7: the hello's plan is the number of runs planned (0: not said), which both
     * compare. 8: the creator's salt keys the hash in every session that sends one (a session
     * under a given Δ sends one, as a resumed session does), and a session may resume several
     * states at once (state check kind 3). 9: an evaluator runs two ahead (after the creator's
     * header of run j, its header and input OTs of run j + 2, after the status of run j − 2),
     * and sends a failing run's status at once. 10: the hello states how many runs ahead each
     * side takes, and the smaller number is used. A peer of another version is refused on both
     * sides (docs/protocol.md).
     */
    public static final int VERSION = 10;

    private Handshake() {
    }

    /**
     * What the two hellos settle: the session's 128-bit tweak salt (the creator's), whether both
     * plan a single run, which of this side's saved-state candidates it resumes (-1: none),
     * whether both allow a used state again, and how many runs the evaluator sends ahead (the
     * smaller of the two sides' numbers).
     */
    public record Agreed(long saltLo, long saltHi, boolean singleRun, int resumed, boolean reuse, int runsAhead) {
    }

    /**
     * Session hello: magic, version, role, scheme, this side's plan (the number of runs it means
     * to make, 0 if it does not say), the runs ahead it takes, the saved-state check and the
     * tweak salt (16 bytes). Both parties send theirs, then compare; any difference is a {@link
     * HandshakeMismatchException} on both sides, but a plan that one side does not say and the
     * runs ahead, of which the smaller number is used.
     *
     * @param plannedRuns runs this side means to make, or 0
     * @param runsAhead runs ahead this side takes, 0 .. {@link Protocol#MAX_RUNS_AHEAD}
     * @param saltLo this side's tweak salt, low half (the creator's is the session's; see
     *     {@code TweakableHash.salt})
     * @return the creator's tweak salt, whether both sides plan a single run, the saved state
     *     resumed and the runs ahead agreed
     */
    public static Agreed hello(Channel ch, Party role, Scheme scheme, int plannedRuns, int runsAhead,
            StateCheck state, long saltLo, long saltHi) throws IOException {
        if (plannedRuns < 0) {
            throw new IllegalArgumentException("planned runs must be at least 0, got " + plannedRuns);
        }
        if (runsAhead < 0 || runsAhead > Protocol.MAX_RUNS_AHEAD) {
            throw new IllegalArgumentException("runs ahead must be in 0.." + Protocol.MAX_RUNS_AHEAD + ", got " + runsAhead);
        }
        ch.writeInt(HELLO_MAGIC);
        ch.writeInt(VERSION);
        ch.writeInt(role.ordinal());
        ch.writeInt(GarblingScheme.code(scheme));
        ch.writeInt(plannedRuns);
        ch.writeInt(runsAhead);
        state.write(ch);
        ch.writeLong(saltLo);
        ch.writeLong(saltHi);
        ch.flush();
        int magic = ch.readInt();
        if (magic != HELLO_MAGIC) {
            if (TlsRecords.looksLikeTls(magic)) {
                throw new HandshakeMismatchException(who(role) + ": the peer at " + ch.peer()
                        + " speaks TLS but this side plain TCP: give both parties the --tls options, or neither",
                        true);
            }
            throw new HandshakeMismatchException(who(role) + ": the peer at " + ch.peer()
                    + " is not a gcstream session (it sent 0x" + Integer.toHexString(magic)
                    + " where the hello 0x" + Integer.toHexString(HELLO_MAGIC) + " belongs)", true);
        }
        int version = ch.readInt();
        if (version != VERSION) {
            // The rest of an other version's hello may differ: stop before reading it.
            throw new HandshakeMismatchException(who(role) + ": session handshake with " + ch.peer()
                    + " failed: peer speaks protocol version " + version + " but this side speaks " + VERSION, false);
        }
        int peerRole = ch.readInt();
        int peerScheme = ch.readInt();
        int peerPlan = ch.readInt();
        int peerAhead = ch.readInt();
        StateCheck peerState = StateCheck.read(ch, who(role));
        long peerSaltLo = ch.readLong();
        long peerSaltHi = ch.readLong();
        List<String> problems = new ArrayList<>();
        if (peerRole == role.ordinal()) {
            problems.add("both parties are " + plural(role) + ": the peer also runs as "
                    + name(role) + " (one side must be creator, the other evaluator)");
        } else if (peerRole != role.peer().ordinal()) {
            problems.add("peer announced an unknown role " + peerRole);
        }
        if (peerScheme != GarblingScheme.code(scheme)) {
            Scheme ps = GarblingScheme.fromCode(peerScheme);
            problems.add("peer uses garbling scheme " + (ps == null ? "#" + peerScheme : ps)
                    + " but this side uses " + scheme);
        }
        if (peerPlan < 0) {
            problems.add("peer announced an unknown plan " + peerPlan);
        } else if (peerPlan != 0 && plannedRuns != 0 && peerPlan != plannedRuns) {
            problems.add("peer plans " + runs(peerPlan) + " but this side " + runs(plannedRuns)
                    + " (both parties must plan the same number of runs: gc run --repeat, SessionOptions.plannedRuns)");
        }
        if (peerAhead < 0 || peerAhead > Protocol.MAX_RUNS_AHEAD) {
            problems.add("peer announced an unknown number of runs ahead " + peerAhead);
        }
        StateCheck.Decision resume = state.decide(peerState);
        problems.addAll(resume.problems());
        fail(role, ch, "session handshake", problems);
        boolean creator = role == Party.CREATOR;
        return new Agreed(creator ? saltLo : peerSaltLo, creator ? saltHi : peerSaltHi, plannedRuns == 1 && peerPlan == 1,
                resume.chosen(), resume.reuse(), Math.min(runsAhead, peerAhead));
    }

    static void fail(Party role, Channel ch, String what, List<String> problems)
            throws HandshakeMismatchException {
        if (!problems.isEmpty()) {
            throw new HandshakeMismatchException(who(role) + ": " + what + " with "
                    + ch.peer() + " failed: " + String.join("; ", problems), false);
        }
    }

    private static String runs(int n) {
        return n == 1 ? "1 run" : n + " runs";
    }

    static String name(Party p) {
        return p.name().toLowerCase(Locale.ROOT);
    }

    private static String plural(Party p) {
        return name(p) + "s";
    }

    static String who(Party p) {
        return name(p);
    }

    /** Lower-case hex of the first {@code n} bytes of {@code h}: enough to tell circuits apart in a message. */
    static String hex(byte[] h, int n) {
        return HexFormat.of().formatHex(h, 0, Math.min(n, h.length));
    }
}
