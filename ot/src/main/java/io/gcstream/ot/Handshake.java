package io.gcstream.ot;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.base.BaseOtProtocol;
import java.io.IOException;

/**
 * The first message of an OT-extension session: magic, role, block size and base-OT protocol,
 * both ways.
 */
final class Handshake {
    static final int MAGIC = 0x3258544f; // "OTX2" little-endian
    static final int ROLE_SENDER = 1;
    static final int ROLE_RECEIVER = 2;

    private Handshake() {
    }

    static void run(Channel ch, int role, int blockSize, BaseOtProtocol baseOt)
            throws IOException {
        ch.writeInt(MAGIC);
        ch.writeInt(role);
        ch.writeInt(blockSize);
        ch.writeInt(baseOt.ordinal());
        ch.flush();
        int magic = ch.readInt();
        if (magic != MAGIC) {
            throw new IOException("OT extension setup: peer " + ch.peer()
                    + " did not send the OT-extension header (got 0x" + Integer.toHexString(magic)
                    + "); is it running the same protocol and version?");
        }
        int peerRole = ch.readInt();
        int expected = role == ROLE_SENDER ? ROLE_RECEIVER : ROLE_SENDER;
        if (peerRole != expected) {
            throw new IOException("OT extension setup: peer " + ch.peer() + " is also an OT "
                    + (peerRole == ROLE_SENDER ? "sender" : peerRole == ROLE_RECEIVER ? "receiver"
                    : "party of unknown role " + peerRole) + "; one side must send, one receive");
        }
        int peerBlock = ch.readInt();
        if (peerBlock != blockSize) {
            throw new IOException("OT extension setup: block size mismatch: this side uses "
                    + blockSize + " OTs per block, peer " + ch.peer() + " uses " + peerBlock);
        }
        int peerBase = ch.readInt();
        if (peerBase != baseOt.ordinal()) {
            BaseOtProtocol[] all = BaseOtProtocol.values();
            String theirs = peerBase >= 0 && peerBase < all.length ? all[peerBase].id()
                    : "unknown protocol " + peerBase;
            throw new IOException("OT extension setup: base OT mismatch: this side uses "
                    + baseOt.id() + ", peer " + ch.peer() + " uses " + theirs);
        }
    }

    /** Kinds of extension calls, announced by the receiver at the start of each call. */
    static final int CORRELATED = 1;
    static final int CORRELATED_SESSION_DELTA = 2;
    static final int RANDOM = 3;
    static final int CHOSEN = 4;
    private static final int CALL_MAGIC = 0x4f540000;

    static String kindName(int kind) {
        switch (kind) {
            case CORRELATED: return "correlated";
            case CORRELATED_SESSION_DELTA: return "correlatedSessionDelta";
            case RANDOM: return "random";
            case CHOSEN: return "chosen";
            default: return "unknown(" + kind + ")";
        }
    }

    /** Receiver: announces a call (buffered; it travels with the first block). */
    static void announce(Channel ch, int kind, int n) throws IOException {
        ch.writeInt(CALL_MAGIC | kind);
        ch.writeInt(n);
    }

    /** Sender: checks that the receiver is making the same call with the same count. */
    static void expect(Channel ch, int kind, int n) throws IOException {
        int tag = ch.readInt();
        int peerN = ch.readInt();
        if ((tag & 0xffff0000) != CALL_MAGIC) {
            throw new IOException("OT extension: stream out of step with peer " + ch.peer()
                    + " (expected a call header, got 0x" + Integer.toHexString(tag) + ")");
        }
        int peerKind = tag & 0xffff;
        if (peerKind != kind || peerN != n) {
            throw new IOException("OT extension: this sender called " + kindName(kind) + "(n="
                    + n + ") but receiver " + ch.peer() + " called " + kindName(peerKind)
                    + "(n=" + peerN + "); calls must match one for one");
        }
    }
}
