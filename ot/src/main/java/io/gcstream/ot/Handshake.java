package io.gcstream.ot;

import io.gcstream.ot.channel.Channel;
import java.io.IOException;

/** The first message of an OT-extension session: magic, role and block size, both ways. */
final class Handshake {
    static final int MAGIC = 0x3158544f; // "OTX1" little-endian
    static final int ROLE_SENDER = 1;
    static final int ROLE_RECEIVER = 2;

    private Handshake() {
    }

    static void run(Channel ch, int role, int blockSize) throws IOException {
        ch.writeInt(MAGIC);
        ch.writeInt(role);
        ch.writeInt(blockSize);
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
    }
}
