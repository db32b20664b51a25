package io.gcstream.engine.internal.session;

import io.gcstream.circuits.SafeText;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a party tells its peer in the session hello about the saved state it resumes (see
 * docs/protocol.md, "Saving state"): nothing; or its candidates — the state file's half and, if a
 * save was left unfinished, the new half beside it — each with the state's id, its gate counter,
 * the digest of this party's half, the digest of the peer's half recorded when both were saved,
 * and whether it is that unfinished save or marked used; and whether this party allows a used
 * state to be resumed again; or that it cannot go ahead, and why. The digests are salted hashes,
 * so they reveal nothing of the labels or Δ.
 *
 * <p>Both parties compute the same decision from the two views: the candidate the two sides
 * share (an unfinished save before a committed half), refused on any difference — another
 * session or peer, a different counter, an altered half, or a used state that not both allow
 * again.
 *
 * <p>A session that resumes several states at once (a merge) sends each state's half, in order;
 * the two lists must match one to one, each pair checked as a single resumed state is. Internal.
 */
public final class StateCheck {
    private static final int NONE = 0;
    private static final int RESUMED = 1;
    private static final int UNUSABLE = 2;
    private static final int MERGED = 3;
    /** Most states one session resumes at once. */
    public static final int MAX_MERGED = 4096;
    private static final int MAX_PROBLEM = 1024;
    private static final int MAX_CANDIDATES = 2;

    /** One half a resuming party can offer. */
    public record Candidate(byte[] id, long counter, byte[] own, byte[] peer, boolean pending, boolean used) {
        public Candidate {
            id = id.clone();
            own = own.clone();
            peer = peer.clone();
        }
    }

    /**
     * The outcome: what stops the two from resuming together (empty if nothing), this side's
     * chosen candidate, and whether both sides allow a used state again.
     */
    public record Decision(List<String> problems, int chosen, boolean reuse) {
        Decision(List<String> problems, int chosen) {
            this(problems, chosen, false);
        }
    }

    private final int kind;
    private final boolean reuse;
    private final List<Candidate> candidates;
    /** Why this side cannot go ahead: in full here, as the peer said it when read from the peer. */
    private final String problem;
    /** What the peer is told of {@link #problem}: no local detail (paths, files, passwords). */
    private final String told;

    private StateCheck(int kind, boolean reuse, List<Candidate> candidates, String problem, String told) {
        this.kind = kind;
        this.reuse = reuse;
        this.candidates = candidates;
        this.problem = problem;
        this.told = told;
    }

    /** No saved state. */
    public static StateCheck none() {
        return new StateCheck(NONE, false, List.of(), null, null);
    }

    /** Resumes one of {@code candidates} (1 or 2, the unfinished save first); {@code reuse}: a used one may resume. */
    public static StateCheck resumed(List<Candidate> candidates, boolean reuse) {
        if (candidates.isEmpty() || candidates.size() > MAX_CANDIDATES) {
            throw new IllegalArgumentException(candidates.size() + " candidates");
        }
        return new StateCheck(RESUMED, reuse, List.copyOf(candidates), null, null);
    }

    /** Resumes the states {@code each} (one half each, in order) at once; {@code reuse}: used ones may resume. */
    public static StateCheck merged(List<Candidate> each, boolean reuse) {
        if (each.isEmpty() || each.size() > MAX_MERGED) {
            throw new IllegalArgumentException(each.size() + " states");
        }
        return new StateCheck(MERGED, reuse, List.copyOf(each), null, null);
    }

    /** True if this side resumes saved state (one or a merge). */
    public boolean resumes() {
        return kind == RESUMED || kind == MERGED;
    }

    /**
     * This side cannot go ahead (a state it cannot use, a file it cannot write): {@code problem}
     * says why, on this side; the peer is told only {@code told}, which holds no local detail
     * (paths, file-system errors, a wrong password are this side's business).
     */
    public static StateCheck unusable(String problem, String told) {
        return new StateCheck(UNUSABLE, false, List.of(), problem, told);
    }

    void write(Channel ch) throws IOException {
        ch.writeInt(kind);
        if (kind == RESUMED || kind == MERGED) {
            ch.writeInt(reuse ? 1 : 0);
            ch.writeInt(candidates.size());
            for (Candidate c : candidates) {
                ch.writeInt((c.pending() ? 1 : 0) | (c.used() ? 2 : 0));
                ch.write(c.id(), 0, 16);
                ch.writeLong(c.counter());
                ch.write(c.own(), 0, 32);
                ch.write(c.peer(), 0, 32);
            }
        } else if (kind == UNUSABLE) {
            byte[] m = told.getBytes(StandardCharsets.UTF_8);
            int n = Math.min(m.length, MAX_PROBLEM);
            ch.writeInt(n);
            ch.write(m, 0, n);
        }
    }

    static StateCheck read(Channel ch, String who) throws IOException {
        int kind = ch.readInt();
        switch (kind) {
            case NONE:
                return none();
            case RESUMED:
            case MERGED: {
                int reuse = ch.readInt();
                int n = ch.readInt();
                if ((reuse & ~1) != 0 || n < 1 || n > (kind == MERGED ? MAX_MERGED : MAX_CANDIDATES)) {
                    throw new OutOfStepException(who + ": the peer at " + ch.peer() + " sent a saved-state check"
                            + " with reuse " + reuse + " and " + n + " candidates in its hello (protocol out of step)");
                }
                List<Candidate> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    int flags = ch.readInt();
                    if ((flags & ~3) != 0 || (kind == MERGED && (flags & 1) != 0)) {
                        throw new OutOfStepException(who + ": the peer at " + ch.peer() + " sent saved-state flags "
                                + flags + " in its hello (protocol out of step)");
                    }
                    byte[] id = new byte[16];
                    ch.readFully(id, 0, 16);
                    long counter = ch.readLong();
                    byte[] own = new byte[32];
                    byte[] peer = new byte[32];
                    ch.readFully(own, 0, 32);
                    ch.readFully(peer, 0, 32);
                    list.add(new Candidate(id, counter, own, peer, (flags & 1) != 0, (flags & 2) != 0));
                }
                return kind == MERGED ? merged(list, reuse == 1) : resumed(list, reuse == 1);
            }
            case UNUSABLE: {
                int n = ch.readInt();
                if (n < 0 || n > MAX_PROBLEM) {
                    throw new OutOfStepException(who + ": the peer at " + ch.peer()
                            + " sent a state problem of " + n + " bytes (at most " + MAX_PROBLEM + ")");
                }
                byte[] m = new byte[n];
                ch.readFully(m, 0, n);
                String said = SafeText.line(new String(m, StandardCharsets.UTF_8));
                return unusable(said, said);
            }
            default:
                throw new OutOfStepException(who + ": the peer at " + ch.peer()
                        + " sent an unknown state kind " + kind + " in its hello");
        }
    }

    /** What stops this side ({@code this}) and the peer from resuming together, and which candidate this side resumes. */
    Decision decide(StateCheck other) {
        List<String> p = new ArrayList<>();
        if (kind == UNUSABLE) {
            p.add("this side cannot go ahead: " + problem);
        }
        if (other.kind == UNUSABLE) {
            p.add("the peer cannot go ahead: " + other.problem);
        }
        if (!p.isEmpty()) {
            return new Decision(p, -1);
        }
        if (kind != other.kind) {
            if (kind == MERGED || other.kind == MERGED) {
                p.add(what(this) + " here but " + what(other) + " on the peer");
            } else {
                p.add(kind == RESUMED ? "this side resumes a saved state but the peer starts afresh"
                        : "the peer resumes a saved state but this side starts afresh");
            }
            return new Decision(p, -1);
        }
        if (kind == NONE) {
            return new Decision(p, -1);
        }
        if (kind == MERGED) {
            return decideMerged(other);
        }
        int mine = -1;
        int theirs = -1;
        for (int i = 0; i < candidates.size(); i++) {
            for (int j = 0; j < other.candidates.size(); j++) {
                Candidate a = candidates.get(i);
                Candidate b = other.candidates.get(j);
                if (Arrays.equals(a.id(), b.id()) && (mine < 0 || better(a, b, candidates.get(mine),
                        other.candidates.get(theirs)))) {
                    mine = i;
                    theirs = j;
                }
            }
        }
        if (mine < 0) {
            p.add("the two state files were not saved together (state " + ids(other) + " on the peer, " + ids(this)
                    + " here): another session or another peer");
            return new Decision(p, -1);
        }
        Candidate a = candidates.get(mine);
        Candidate b = other.candidates.get(theirs);
        if (a.counter() != b.counter()) {
            p.add("the two state files were saved at different points (gate counter " + b.counter()
                    + " on the peer, " + a.counter() + " here)");
            return new Decision(p, -1);
        }
        if (!Arrays.equals(b.own(), a.peer())) {
            p.add("the peer's state file is not the one saved with this side's (altered or replaced)");
        }
        if (!Arrays.equals(a.own(), b.peer())) {
            p.add("this side's state file is not the one the peer saved with (altered or replaced)");
        }
        if (p.isEmpty() && (a.used() || b.used()) && !(reuse && other.reuse)) {
            String whose = a.used() && b.used() ? "both state files were" : a.used() ? "this side's state file was"
                    : "the peer's state file was";
            p.add(whose + " already used by an earlier session: a state resumes once, unless both parties allow it"
                    + " again (gc run --reuse-state, SessionOptions.reuseState)");
        }
        return new Decision(p, p.isEmpty() ? mine : -1, reuse && other.reuse);
    }

    /** What a side does, for a message: starts afresh, resumes a saved state, or resumes n at once. */
    private static String what(StateCheck c) {
        return c.kind == NONE ? "a fresh session" : c.kind == RESUMED ? "a resumed state"
                : c.candidates.size() + " states resumed at once";
    }

    /** A merge: the i-th state here and on the peer must be the two halves of one state, each unaltered and unused. */
    private Decision decideMerged(StateCheck other) {
        List<String> p = new ArrayList<>();
        if (candidates.size() != other.candidates.size()) {
            p.add("the peer resumes " + other.candidates.size() + " states at once but this side "
                    + candidates.size());
            return new Decision(p, -1);
        }
        for (int i = 0; i < candidates.size() && p.size() < 4; i++) {
            Candidate a = candidates.get(i);
            Candidate b = other.candidates.get(i);
            if (!Arrays.equals(a.id(), b.id())) {
                p.add("state " + i + " was not saved together with the peer's state " + i + " (state "
                        + Handshake.hex(b.id(), 8) + "… on the peer, " + Handshake.hex(a.id(), 8) + "… here)");
            } else if (a.counter() != b.counter()) {
                p.add("state " + i + " was saved at different points (gate counter " + b.counter() + " on the peer, "
                        + a.counter() + " here)");
            } else if (!Arrays.equals(b.own(), a.peer()) || !Arrays.equals(a.own(), b.peer())) {
                p.add("state " + i + " is not the one saved with the peer's (altered or replaced)");
            } else if ((a.used() || b.used()) && !(reuse && other.reuse)) {
                p.add("state " + i + " was already used by an earlier session: a state resumes once, unless both"
                        + " parties allow it again (SessionOptions.reuseState)");
            }
        }
        return new Decision(p, p.isEmpty() ? 0 : -1, reuse && other.reuse);
    }

    /**
     * Whether the match (a, b) is preferred to (c, d): one with an unfinished save first (it is
     * the newer state), then the smaller id, so that both sides choose the same.
     */
    private static boolean better(Candidate a, Candidate b, Candidate c, Candidate d) {
        boolean newer = a.pending() || b.pending();
        boolean otherNewer = c.pending() || d.pending();
        if (newer != otherNewer) {
            return newer;
        }
        return Arrays.compareUnsigned(a.id(), c.id()) < 0;
    }

    private static String ids(StateCheck c) {
        List<String> s = new ArrayList<>();
        for (Candidate x : c.candidates) {
            s.add(Handshake.hex(x.id(), 8) + "…");
        }
        return String.join(" or ", s);
    }
}
