package io.gcstream.engine.internal.state;

import io.gcstream.circuits.Party;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;

/**
 * One party's half of one saved state (one generation of a chain of sessions): the state's id
 * and gate counter, Δ (the creator's; zero in the evaluator's half), the values' origins and
 * labels, the salt of this half's digest and the digest of the peer's half; and, kept in the
 * file's header, whether a session has used it and which state it continues. Immutable apart
 * from the arrays it hands out as copies. Internal.
 */
public final class Half {
    /** Status: resumable. */
    public static final int CURRENT = 0;
    /** Status: a session resumed it and then decoded an output or saved its successor. */
    public static final int USED = 1;
    public static final int ID_BYTES = 16;

    /**
     * The state a half continues: the file its session resumed (relative to the directory of the
     * file that holds this half, so that moving both together keeps the link), that state's id,
     * and the session's use id.
     */
    public record Predecessor(Path file, byte[] id, byte[] useId) {
        public Predecessor {
            id = id.clone();
            useId = useId.clone();
        }

        @Override
        public byte[] id() {
            return id.clone();
        }

        @Override
        public byte[] useId() {
            return useId.clone();
        }
    }

    private final Party role;
    private final byte[] id;
    private final long counter;
    private final long deltaLo;
    private final long deltaHi;
    private final List<ValueOrigin> origins;
    private final long[][] labels;
    private final byte[] salt;
    private final byte[] peerDigest;
    private final int status;
    private final byte[] useId;
    private final Predecessor predecessor;

    public Half(Party role, byte[] id, long counter, long deltaLo, long deltaHi, List<ValueOrigin> origins, long[][] labels,
            byte[] salt, byte[] peerDigest, int status, byte[] useId, Predecessor predecessor) {
        this.role = role;
        this.id = id.clone();
        this.counter = counter;
        this.deltaLo = deltaLo;
        this.deltaHi = deltaHi;
        this.origins = List.copyOf(origins);
        this.labels = labels;
        this.salt = salt.clone();
        this.peerDigest = peerDigest.clone();
        this.status = status;
        this.useId = useId.clone();
        this.predecessor = predecessor;
    }

    public Party role() {
        return role;
    }

    public byte[] id() {
        return id.clone();
    }

    public long counter() {
        return counter;
    }

    public long deltaLo() {
        return deltaLo;
    }

    public long deltaHi() {
        return deltaHi;
    }

    public List<ValueOrigin> origins() {
        return origins;
    }

    /** Number of values. */
    public int size() {
        return labels.length;
    }

    /** The labels of value {@code i} (two longs per bit), a copy. */
    public long[] labels(int i) {
        return labels[i].clone();
    }

    public byte[] salt() {
        return salt.clone();
    }

    public byte[] peerDigest() {
        return peerDigest.clone();
    }

    public int status() {
        return status;
    }

    public byte[] useId() {
        return useId.clone();
    }

    /** The state this one continues, or null (a chain's first save). */
    public Predecessor predecessor() {
        return predecessor;
    }

    /** Total bits of all values. */
    public int totalWidth() {
        int n = 0;
        for (ValueOrigin o : origins) {
            n += o.width();
        }
        return n;
    }

    /**
     * The salted digest of this half, which the peer's half records: SHA-256 of a domain
     * string, the salt, and the role, id, counter, Δ, origins and labels — not the status, the
     * predecessor or how the file is protected, which may change without changing the half.
     */
    public byte[] ownDigest() {
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
        d.update("gcstream state digest v2".getBytes(StandardCharsets.US_ASCII));
        d.update(salt);
        // Δ and the labels pass through this buffer: sized exactly, so it never grows (leaving an
        // unwiped copy behind), and zeroed once digested.
        byte[] b = new byte[4 + ID_BYTES + valuesBytes(false)];
        try {
            ByteBuffer out = ByteBuffer.wrap(b);
            out.putInt(role.ordinal());
            out.put(id);
            writeValues(out, false);
            d.update(b);
            return d.digest();
        } finally {
            Arrays.fill(b, (byte) 0);
        }
    }

    /** Bytes {@link #writeValues} writes. */
    int valuesBytes(boolean trailer) {
        long n = 8 + 16 + 4 + (4L + 32 + 4 + 4) * origins.size() + 16L * totalWidth()
                + (trailer ? salt.length + peerDigest.length : 0);
        if (n > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("a state of " + totalWidth() + " bits is too large");
        }
        return (int) n;
    }

    /**
     * Counter, Δ, origins and labels, then (with {@code trailer}) the salt and the peer's
     * digest: the body of a state file, big-endian, {@link #valuesBytes} bytes.
     */
    void writeValues(ByteBuffer out, boolean trailer) {
        out.putLong(counter);
        out.putLong(deltaLo);
        out.putLong(deltaHi);
        out.putInt(origins.size());
        for (ValueOrigin o : origins) {
            out.putInt(o.width());
            out.put(o.circuitHash());
            out.putInt(o.party().ordinal());
            out.putInt(o.from());
        }
        for (long[] l : labels) {
            for (long v : l) {
                out.putLong(v);
            }
        }
        if (trailer) {
            out.put(salt);
            out.put(peerDigest);
        }
    }

    /** This half with another status and use id. */
    public Half withStatus(int newStatus, byte[] newUseId) {
        return new Half(role, id, counter, deltaLo, deltaHi, origins, labels, salt, peerDigest, newStatus, newUseId,
                predecessor);
    }

    /** True if {@code other} is the same state (same id). */
    public boolean sameState(byte[] otherId) {
        return Arrays.equals(id, otherId);
    }
}
