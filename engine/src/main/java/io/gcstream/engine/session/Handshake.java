package io.gcstream.engine.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.Scheme;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
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
    /** "RUN1": the first bytes of every run. */
    public static final int RUN_MAGIC = 0x314e5552;
    /** Protocol version spoken by this implementation. */
    public static final int VERSION = 1;

    private Handshake() {
    }

    /** Session hello: magic, version, role, scheme. */
    public static void hello(Channel ch, Party role, Scheme scheme) throws IOException {
        ch.writeInt(HELLO_MAGIC);
        ch.writeInt(VERSION);
        ch.writeInt(role.ordinal());
        ch.writeInt(scheme.code());
        ch.flush();
        int magic = ch.readInt();
        if (magic != HELLO_MAGIC) {
            throw new HandshakeMismatchException(who(role) + ": the peer at " + ch.peer()
                    + " is not a gcstream session (it sent 0x" + Integer.toHexString(magic)
                    + " where the hello 0x" + Integer.toHexString(HELLO_MAGIC) + " belongs)");
        }
        int version = ch.readInt();
        int peerRole = ch.readInt();
        int peerScheme = ch.readInt();
        List<String> problems = new ArrayList<>();
        if (version != VERSION) {
            problems.add("peer speaks protocol version " + version + " but this side speaks "
                    + VERSION);
        }
        if (peerRole == role.ordinal()) {
            problems.add("both parties are " + plural(role) + ": the peer also runs as "
                    + name(role) + " (one side must be creator, the other evaluator)");
        } else if (peerRole != role.peer().ordinal()) {
            problems.add("peer announced an unknown role " + peerRole);
        }
        if (peerScheme != scheme.code()) {
            Scheme ps = Scheme.fromCode(peerScheme);
            problems.add("peer uses garbling scheme " + (ps == null ? "#" + peerScheme : ps)
                    + " but this side uses " + scheme);
        }
        fail(role, ch, "session handshake", problems);
    }

    /** Run header: magic, run index, role, circuit fingerprint, input/output sizes, gates. */
    public static void run(Channel ch, Party role, long runIndex, Circuit c, byte[] fingerprint)
            throws IOException {
        ch.writeInt(RUN_MAGIC);
        ch.writeLong(runIndex);
        ch.writeInt(role.ordinal());
        ch.write(fingerprint, 0, 32);
        ch.writeInt(c.creatorInputCount());
        ch.writeInt(c.evaluatorInputCount());
        ch.writeInt(c.creatorOutputCount());
        ch.writeInt(c.evaluatorOutputCount());
        ch.writeLong(c.nonLinearCount());
        ch.flush();
        int magic = ch.readInt();
        if (magic != RUN_MAGIC) {
            throw new HandshakeMismatchException(who(role) + ": the peer at " + ch.peer()
                    + " sent 0x" + Integer.toHexString(magic) + " where a run header belongs"
                    + " (protocol out of step)");
        }
        long peerRun = ch.readLong();
        int peerRole = ch.readInt();
        byte[] peerPrint = new byte[32];
        ch.readFully(peerPrint, 0, 32);
        int[] peerSizes = {ch.readInt(), ch.readInt(), ch.readInt(), ch.readInt()};
        long peerNonLinear = ch.readLong();
        List<String> problems = new ArrayList<>();
        if (peerRun != runIndex) {
            problems.add("peer is at run " + peerRun + " of the session but this side at run "
                    + runIndex);
        }
        if (peerRole != role.peer().ordinal()) {
            problems.add("peer runs as role #" + peerRole + ", expected " + name(role.peer()));
        }
        if (!Arrays.equals(peerPrint, fingerprint)) {
            problems.add("peer uses circuit " + hex(peerPrint, 8)
                    + "… but this side has " + hex(fingerprint, 8) + "…");
        }
        int[] mine = {c.creatorInputCount(), c.evaluatorInputCount(), c.creatorOutputCount(),
            c.evaluatorOutputCount()};
        String[] what = {"creator input", "evaluator input", "creator output", "evaluator output"};
        for (int i = 0; i < 4; i++) {
            if (mine[i] != peerSizes[i]) {
                problems.add("peer's circuit has " + peerSizes[i] + " " + what[i]
                        + " bits but this side's has " + mine[i]);
            }
        }
        if (peerNonLinear != c.nonLinearCount()) {
            problems.add("peer's circuit has " + peerNonLinear
                    + " non-linear gates but this side's has " + c.nonLinearCount());
        }
        fail(role, ch, "run " + runIndex, problems);
    }

    private static void fail(Party role, Channel ch, String what, List<String> problems)
            throws HandshakeMismatchException {
        if (!problems.isEmpty()) {
            throw new HandshakeMismatchException(who(role) + ": " + what + " with "
                    + ch.peer() + " failed: " + String.join("; ", problems));
        }
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
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(n, h.length); i++) {
            sb.append(Character.forDigit((h[i] >> 4) & 15, 16)).append(Character.forDigit(h[i] & 15, 16));
        }
        return sb.toString();
    }
}
