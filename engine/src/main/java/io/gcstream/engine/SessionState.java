package io.gcstream.engine;

import io.gcstream.circuits.Party;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One party's half of garbled values saved for a later session (PartialGC-style reuse): made
 * by {@link GcSession#exportState}, written with {@link #write}, read back with {@link #read}
 * and resumed with {@link GcSession#resume}. The creator's half holds the 0-labels, the
 * session's Δ and its gate counter; the evaluator's half holds the active labels and the same
 * counter. Neither half reveals the values.
 *
 * <p>Both halves carry the state's id and a salted digest of the peer's half, taken when they
 * were saved; a session that resumes checks, on both sides and without revealing either half,
 * that the two halves belong together and are unaltered, and otherwise fails on both sides
 * with one line saying so. <b>A state file is a secret</b> (the creator's holds Δ): it is
 * written readable by its owner only. Immutable.
 */
public final class SessionState {
    private static final byte[] MAGIC = {'G', 'C', 'S', 'T', 'A', 'T', 'E', '1'};
    private static final int VERSION = 1;
    /** Most values one state may hold. */
    static final int MAX_VALUES = 1 << 16;
    private static final int FIXED_BYTES = 8 + 4 + 4 + 16 + 8 + 16 + 4;
    private static final int PER_VALUE_BYTES = 4 + 32 + 4 + 4;
    private static final int TRAILER_BYTES = 16 + 32;

    /** Where a saved value came from: its circuit and output positions. */
    public record Origin(byte[] circuitHash, Party party, int from, int width) {
        public Origin {
            circuitHash = circuitHash.clone();
        }

        @Override
        public byte[] circuitHash() {
            return circuitHash.clone();
        }

        @Override
        public String toString() {
            return (party == Party.CREATOR ? "creator" : "evaluator") + " outputs [" + from + ", "
                    + (from + width) + ") of circuit " + hex(circuitHash, 8) + "…";
        }
    }

    private final Party role;
    private final byte[] id;
    private final long counter;
    private final long deltaLo;
    private final long deltaHi;
    private final List<Origin> origins;
    private final long[][] labels;
    private final byte[] salt;
    private final byte[] peerDigest;
    private final String problem;

    SessionState(Party role, byte[] id, long counter, long deltaLo, long deltaHi, List<Origin> origins,
            long[][] labels, byte[] salt, byte[] peerDigest) {
        this.role = role;
        this.id = id.clone();
        this.counter = counter;
        this.deltaLo = deltaLo;
        this.deltaHi = deltaHi;
        this.origins = List.copyOf(origins);
        this.labels = labels;
        this.salt = salt.clone();
        this.peerDigest = peerDigest.clone();
        this.problem = null;
    }

    private SessionState(Party role, String problem) {
        this.role = role;
        this.problem = problem;
        this.id = null;
        this.counter = 0;
        this.deltaLo = 0;
        this.deltaHi = 0;
        this.origins = List.of();
        this.labels = new long[0][];
        this.salt = null;
        this.peerDigest = null;
    }

    /**
     * A stand-in for a state that could not be read: resuming it makes the session handshake
     * fail on both sides with {@code problem}, so the peer learns why instead of waiting.
     */
    public static SessionState unusable(Party role, String problem) {
        return new SessionState(role, problem);
    }

    /** Which party's half this is. */
    public Party role() {
        return role;
    }

    /** The saved values' origins, in order; a resumed session offers the values in this order. */
    public List<Origin> origins() {
        return origins;
    }

    /** Total bits of all saved values. */
    public int totalWidth() {
        int n = 0;
        for (Origin o : origins) {
            n += o.width();
        }
        return n;
    }

    /** Null, or why this state cannot be used (see {@link #unusable}). */
    public String problem() {
        return problem;
    }

    byte[] id() {
        return id.clone();
    }

    long counter() {
        return counter;
    }

    long deltaLo() {
        return deltaLo;
    }

    long deltaHi() {
        return deltaHi;
    }

    long[] labels(int i) {
        return labels[i].clone();
    }

    byte[] peerDigest() {
        return peerDigest.clone();
    }

    /** The salted digest of this half, which the peer's half records. */
    byte[] ownDigest() {
        return digest(salt, content());
    }

    static byte[] digest(byte[] salt, byte[] content) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update("gcstream state digest v1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            d.update(salt);
            d.update(content);
            return d.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** Everything but the salt and the peer's digest, as written. */
    private byte[] content() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try {
            writeContent(new DataOutputStream(b));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return b.toByteArray();
    }

    private void writeContent(DataOutputStream out) throws IOException {
        out.write(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(role.ordinal());
        out.write(id);
        out.writeLong(counter);
        out.writeLong(deltaLo);
        out.writeLong(deltaHi);
        out.writeInt(origins.size());
        for (Origin o : origins) {
            out.writeInt(o.width());
            out.write(o.circuitHash);
            out.writeInt(o.party().ordinal());
            out.writeInt(o.from());
        }
        for (long[] l : labels) {
            for (long v : l) {
                out.writeLong(v);
            }
        }
    }

    /**
     * Writes this half to {@code file}, readable and writable by its owner only (on file systems
     * with POSIX permissions), replacing it atomically where the file system allows.
     *
     * @throws IllegalStateException for an {@link #unusable} state
     */
    public void write(Path file) throws IOException {
        if (problem != null) {
            throw new IllegalStateException("an unusable state cannot be written: " + problem);
        }
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = dir.resolve("." + file.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(tmp);
        }
        try (FileChannel fc = FileChannel.open(tmp, StandardOpenOption.WRITE);
                OutputStream os = java.nio.channels.Channels.newOutputStream(fc);
                DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(os))) {
            writeContent(out);
            out.write(salt);
            out.write(peerDigest);
            out.flush();
            fc.force(true);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Reads a state file written by {@link #write}. Sizes are checked against the file's length
     * before anything is allocated.
     *
     * @throws StateFileException naming the file and what is wrong, for anything that is not a
     *     complete state file of this version
     */
    public static SessionState read(Path file) throws IOException {
        long size = Files.size(file);
        try (InputStream is = Files.newInputStream(file);
                DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(is))) {
            return read(in, size, file.toString());
        } catch (EOFException e) {
            throw new StateFileException(file + ": not a gcstream state file: it ends early");
        }
    }

    private static SessionState read(DataInputStream in, long size, String name) throws IOException {
        if (size < FIXED_BYTES + TRAILER_BYTES) {
            throw new StateFileException(name + ": not a gcstream state file (" + size + " bytes)");
        }
        byte[] magic = new byte[8];
        in.readFully(magic);
        if (!Arrays.equals(magic, MAGIC)) {
            throw new StateFileException(name + ": not a gcstream state file (wrong magic bytes)");
        }
        int version = in.readInt();
        if (version != VERSION) {
            throw new StateFileException(name + ": state file version " + version + " is not supported (this is "
                    + VERSION + ")");
        }
        int r = in.readInt();
        if (r != 0 && r != 1) {
            throw new StateFileException(name + ": bad role " + r);
        }
        Party role = Party.values()[r];
        byte[] id = new byte[16];
        in.readFully(id);
        long counter = in.readLong();
        long dLo = in.readLong();
        long dHi = in.readLong();
        if (role == Party.CREATOR && (dLo & 1) == 0) {
            throw new StateFileException(name + ": the creator's Δ is damaged (its lowest bit is 0)");
        }
        int n = in.readInt();
        if (n < 0 || n > MAX_VALUES || (long) n * PER_VALUE_BYTES > size) {
            throw new StateFileException(name + ": bad number of values " + n);
        }
        List<Origin> origins = new ArrayList<>(n);
        long bits = 0;
        for (int i = 0; i < n; i++) {
            int width = in.readInt();
            byte[] hash = new byte[32];
            in.readFully(hash);
            int p = in.readInt();
            int from = in.readInt();
            if (width < 1 || p < 0 || p > 1 || from < 0) {
                throw new StateFileException(name + ": value " + i + " is damaged (width " + width
                        + ", party " + p + ", from " + from + ")");
            }
            bits += width;
            origins.add(new Origin(hash, Party.values()[p], from, width));
        }
        long expected = FIXED_BYTES + (long) n * PER_VALUE_BYTES + 16 * bits + TRAILER_BYTES;
        if (expected != size) {
            throw new StateFileException(name + ": the file has " + size + " bytes but its header"
                    + " describes " + expected);
        }
        long[][] labels = new long[n][];
        for (int i = 0; i < n; i++) {
            long[] l = new long[2 * origins.get(i).width()];
            for (int j = 0; j < l.length; j++) {
                l[j] = in.readLong();
            }
            labels[i] = l;
        }
        byte[] salt = new byte[16];
        in.readFully(salt);
        byte[] peer = new byte[32];
        in.readFully(peer);
        return new SessionState(role, id, counter, dLo, dHi, origins, labels, salt, peer);
    }

    static String hex(byte[] h, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(n, h.length); i++) {
            sb.append(Character.forDigit((h[i] >> 4) & 15, 16)).append(Character.forDigit(h[i] & 15, 16));
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return problem != null ? "SessionState{unusable: " + problem + "}"
                : "SessionState{" + (role == Party.CREATOR ? "creator" : "evaluator") + ", " + origins.size()
                        + " values, " + totalWidth() + " bits}";
    }

    /** A state file that cannot be read: not one, damaged, or of another version. */
    public static final class StateFileException extends IOException {
        private static final long serialVersionUID = 1L;

        public StateFileException(String message) {
            super(message);
        }
    }
}
