package io.gcstream.engine.session;

import io.gcstream.circuits.Body;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.InstructionReader;
import io.gcstream.circuits.SubCircuit;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The 32-byte identity of a circuit the parties compare in the handshake: the circuit's own
 * {@link Circuit#hash()} (SHA-256 of its canonical encoding) where the circuit model provides
 * one, otherwise a SHA-256 computed here over the same information (inputs, outputs, S, the
 * sub-circuit definitions and the main body as written, calls not expanded). Both parties
 * compute it the same way, so equal circuits match either way.
 */
public final class CircuitFingerprint {
    private CircuitFingerprint() {
    }

    /** The fingerprint of {@code c}. */
    public static byte[] of(Circuit c) throws IOException {
        try {
            return c.hash();
        } catch (UnsupportedOperationException e) {
            return compute(c);
        }
    }

    /** Lower-case hex of the first {@code n} bytes of {@code h}. */
    public static String hex(byte[] h, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(n, h.length); i++) {
            sb.append(Character.forDigit((h[i] >> 4) & 15, 16)).append(Character.forDigit(h[i] & 15, 16));
        }
        return sb.toString();
    }

    static byte[] compute(Circuit c) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        Feed f = new Feed(md);
        f.str("gcstream circuit fingerprint v1");
        f.ints(c.creatorInputs());
        f.ints(c.evaluatorInputs());
        f.ints(c.creatorOutputs());
        f.ints(c.evaluatorOutputs());
        f.i(c.numSlots());
        f.i(c.subCircuits().size());
        for (SubCircuit s : c.subCircuits()) {
            f.str(s.name());
            f.ints(s.inputs());
            f.ints(s.outputs());
            f.i(s.numSlots());
            Body b = s.body();
            f.i(b.length());
            for (int k = 0; k < b.length(); k++) {
                f.i(b.code()[k]);
            }
        }
        try (InstructionReader r = c.openBody()) {
            while (r.next()) {
                if (r.isCall()) {
                    f.i(-1 - r.callee());
                    int n = r.callSlotCount();
                    int[] slots = r.callSlots();
                    for (int k = 0; k < n; k++) {
                        f.i(slots[k]);
                    }
                } else {
                    f.i(r.table());
                    f.i(r.out());
                    f.i(r.in1());
                    f.i(r.in2());
                }
            }
        }
        return f.finish();
    }

    /** Buffers ints little-endian into a digest. */
    private static final class Feed {
        private final MessageDigest md;
        private final ByteBuffer buf = ByteBuffer.allocate(8192).order(ByteOrder.LITTLE_ENDIAN);

        Feed(MessageDigest md) {
            this.md = md;
        }

        void i(int v) {
            if (buf.remaining() < 4) {
                drain();
            }
            buf.putInt(v);
        }

        void ints(int[] a) {
            i(a.length);
            for (int v : a) {
                i(v);
            }
        }

        void str(String s) {
            byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            i(b.length);
            for (byte x : b) {
                i(x);
            }
        }

        private void drain() {
            md.update(buf.array(), 0, buf.position());
            buf.clear();
        }

        byte[] finish() {
            drain();
            return md.digest();
        }
    }
}
