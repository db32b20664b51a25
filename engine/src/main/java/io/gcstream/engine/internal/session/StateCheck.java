package io.gcstream.engine.internal.session;

import io.gcstream.circuits.internal.SafeText;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a party tells its peer in the session hello about the saved state it resumes from (see
 * docs/protocol.md, "State files"): nothing; or the state's id, its gate counter, the digest of
 * this party's own state and the digest of the peer's state recorded when both were saved; or
 * that its state file cannot be used. The digests are salted hashes, so they reveal nothing of
 * the labels or Δ. Both parties compare both views and refuse to continue on any difference,
 * so a state from another session, another peer, or altered by one byte, is refused on both
 * sides. Internal.
 */
public final class StateCheck {
    private static final int NONE = 0;
    private static final int RESUMED = 1;
    private static final int UNUSABLE = 2;
    private static final int MAX_PROBLEM = 1024;

    private final int kind;
    private final byte[] id;
    private final long counter;
    private final byte[] own;
    private final byte[] peer;
    private final String problem;

    private StateCheck(int kind, byte[] id, long counter, byte[] own, byte[] peer, String problem) {
        this.kind = kind;
        this.id = id;
        this.counter = counter;
        this.own = own;
        this.peer = peer;
        this.problem = problem;
    }

    /** No saved state. */
    public static StateCheck none() {
        return new StateCheck(NONE, null, 0, null, null, null);
    }

    /** Resumes the state {@code id} (16 bytes) at gate counter {@code counter}. */
    public static StateCheck resumed(byte[] id, long counter, byte[] ownDigest, byte[] peerDigest) {
        return new StateCheck(RESUMED, id.clone(), counter, ownDigest.clone(), peerDigest.clone(), null);
    }

    /** This side was asked to resume a state it cannot use; {@code problem} says why. */
    public static StateCheck unusable(String problem) {
        return new StateCheck(UNUSABLE, null, 0, null, null, problem);
    }

    void write(Channel ch) throws IOException {
        ch.writeInt(kind);
        if (kind == RESUMED) {
            ch.write(id, 0, 16);
            ch.writeLong(counter);
            ch.write(own, 0, 32);
            ch.write(peer, 0, 32);
        } else if (kind == UNUSABLE) {
            byte[] m = problem.getBytes(StandardCharsets.UTF_8);
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
            case RESUMED: {
                byte[] id = new byte[16];
                ch.readFully(id, 0, 16);
                long counter = ch.readLong();
                byte[] own = new byte[32];
                byte[] peer = new byte[32];
                ch.readFully(own, 0, 32);
                ch.readFully(peer, 0, 32);
                return new StateCheck(RESUMED, id, counter, own, peer, null);
            }
            case UNUSABLE: {
                int n = ch.readInt();
                if (n < 0 || n > MAX_PROBLEM) {
                    throw new OutOfStepException(who + ": the peer at " + ch.peer()
                            + " sent a state problem of " + n + " bytes (at most " + MAX_PROBLEM + ")");
                }
                byte[] m = new byte[n];
                ch.readFully(m, 0, n);
                return unusable(SafeText.line(new String(m, StandardCharsets.UTF_8)));
            }
            default:
                throw new OutOfStepException(who + ": the peer at " + ch.peer()
                        + " sent an unknown state kind " + kind + " in its hello");
        }
    }

    /** What stops this side ({@code this}) and the peer from resuming together, in words. */
    List<String> differences(StateCheck other) {
        List<String> p = new ArrayList<>();
        if (kind == UNUSABLE) {
            p.add("this side's saved state cannot be used: " + problem);
        }
        if (other.kind == UNUSABLE) {
            p.add("the peer's saved state cannot be used: " + other.problem);
        }
        if (!p.isEmpty()) {
            return p;
        }
        if (kind != other.kind) {
            p.add(kind == RESUMED ? "this side resumes a saved state but the peer starts afresh"
                    : "the peer resumes a saved state but this side starts afresh");
            return p;
        }
        if (kind == NONE) {
            return p;
        }
        if (!Arrays.equals(id, other.id)) {
            p.add("the two state files were not saved together (state " + Handshake.hex(other.id, 8)
                    + "… on the peer, " + Handshake.hex(id, 8) + "… here): another session or another peer");
        } else if (counter != other.counter) {
            p.add("the two state files were saved at different points (gate counter " + other.counter
                    + " on the peer, " + counter + " here)");
        } else {
            if (!Arrays.equals(other.own, peer)) {
                p.add("the peer's state file is not the one saved with this side's (altered or replaced)");
            }
            if (!Arrays.equals(own, other.peer)) {
                p.add("this side's state file is not the one the peer saved with (altered or replaced)");
            }
        }
        return p;
    }

    boolean isResumed() {
        return kind == RESUMED;
    }
}
