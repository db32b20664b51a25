package io.gcstream.engine.internal.state;

import io.gcstream.circuits.Party;
import io.gcstream.engine.SessionState.StateFileException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The state file format, version 2 (docs/protocol.md, "State files"): a clear header, then the
 * body — in a creator's file always, in an evaluator's when a password is given, encrypted with
 * {@link StateCipher} and authenticated together with the header, except for the status and use
 * id, which a session rewrites when it uses the state. Big-endian. Every count is checked
 * against the file's length before anything is allocated. Internal.
 */
public final class StateFormat {
    /** Most values one state may hold. */
    public static final int MAX_VALUES = 1 << 16;
    /** Longest predecessor path, in bytes. */
    public static final int MAX_PATH = 4096;
    static final byte[] MAGIC = {'G', 'C', 'S', 'T', 'A', 'T', 'E', '1'};
    public static final int VERSION = 2;
    /** Where the status (int) and the use id (16 bytes) sit: outside the authenticated data. */
    static final int STATUS_AT = 12;
    static final int STATUS_END = STATUS_AT + 4 + Half.ID_BYTES;
    private static final int PLAIN = 0;
    private static final int PASSWORD = 1;
    private static final int PER_VALUE = 4 + 32 + 4 + 4;
    private static final int TRAILER = 16 + 32;

    private StateFormat() {
    }

    /** What a file's header says without its body: enough to check a predecessor. */
    public record Header(Party role, byte[] id, int status, byte[] useId) {
    }

    /**
     * The bytes of a file holding {@code h}: the body encrypted under {@code key}, or clear if
     * {@code key} is null (refused for a creator's half, which holds Δ). The caller zeroes them
     * once written (a clear body holds the evaluator's labels).
     */
    public static byte[] encode(Half h, StateCipher key) {
        if (key == null && h.role() == Party.CREATOR) {
            throw new IllegalArgumentException("a creator's state holds Δ and is written encrypted only");
        }
        try {
            ByteArrayOutputStream hb = new ByteArrayOutputStream();
            DataOutputStream head = new DataOutputStream(hb);
            head.write(MAGIC);
            head.writeInt(VERSION);
            head.writeInt(h.status());
            head.write(h.useId());
            head.writeInt(h.role().ordinal());
            head.write(h.id());
            byte[] nonce = null;
            if (key == null) {
                head.writeInt(PLAIN);
            } else {
                nonce = StateCipher.nonce();
                head.writeInt(PASSWORD);
                head.writeInt(key.iterations());
                head.write(key.salt());
                head.write(key.check());
                head.write(nonce);
            }
            Half.Predecessor p = h.predecessor();
            if (p == null) {
                head.writeInt(0);
            } else {
                byte[] path = p.file().toString().getBytes(StandardCharsets.UTF_8);
                if (path.length > MAX_PATH) {
                    throw new IllegalArgumentException("the resumed state's path is longer than " + MAX_PATH + " bytes");
                }
                head.writeInt(path.length);
                head.write(path);
                head.write(p.id());
                head.write(p.useId());
            }
            // The clear body holds Δ and the labels: sized exactly (never grown, so no copy is
            // left behind) and zeroed once sealed or copied into the file.
            byte[] body = new byte[h.valuesBytes(true)];
            try {
                h.writeValues(ByteBuffer.wrap(body), true);
                int bodyLength = key == null ? body.length : body.length + StateCipher.TAG_BYTES;
                head.writeInt(bodyLength);
                byte[] header = hb.toByteArray();
                byte[] sealed = key == null ? body : key.seal(nonce, aad(header, header.length), body);
                byte[] file = Arrays.copyOf(header, header.length + sealed.length);
                System.arraycopy(sealed, 0, file, header.length, sealed.length);
                return file;
            } finally {
                Arrays.fill(body, (byte) 0);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code file} with another status and use id: unauthenticated, so no key is needed. */
    public static byte[] withStatus(byte[] file, int status, byte[] useId) {
        byte[] f = file.clone();
        ByteBuffer.wrap(f).putInt(STATUS_AT, status).position(STATUS_AT + 4).put(useId, 0, Half.ID_BYTES);
        return f;
    }

    /** The header's role, id, status and use id; {@code name} names the file in errors. */
    public static Header header(byte[] file, String name) throws StateFileException {
        ByteBuffer b = start(file, name);
        int status = status(b.getInt(), name);
        byte[] useId = bytes(b, Half.ID_BYTES);
        Party role = role(b.getInt(), name);
        return new Header(role, bytes(b, Half.ID_BYTES), status, useId);
    }

    /**
     * Reads a whole file. {@code password} may be null for a clear body.
     *
     * @throws StateFileException naming the file and what is wrong, in one line
     */
    public static Half decode(byte[] file, String name, char[] password) throws StateFileException {
        try {
            return decodeChecked(file, name, password);
        } catch (java.nio.BufferUnderflowException e) {
            throw new StateFileException(name + ": not a gcstream state file: it ends early");
        }
    }

    /** A file's header up to its body: everything readable without the password. */
    private record Head(int status, byte[] useId, Party role, byte[] id, int protection, int rounds, byte[] kdfSalt,
            byte[] check, byte[] nonce, Half.Predecessor predecessor, int length) {
    }

    private static Head head(byte[] file, String name) throws StateFileException {
        ByteBuffer b = start(file, name);
        int status = status(b.getInt(), name);
        byte[] useId = bytes(b, Half.ID_BYTES);
        Party role = role(b.getInt(), name);
        byte[] id = bytes(b, Half.ID_BYTES);
        int protection = b.getInt();
        if (protection != PLAIN && protection != PASSWORD) {
            throw new StateFileException(name + ": unknown protection " + protection);
        }
        if (protection == PLAIN && role == Party.CREATOR) {
            throw new StateFileException(name + ": a creator's state file must be encrypted, and this one is not");
        }
        int rounds = 0;
        byte[] kdfSalt = null;
        byte[] check = null;
        byte[] nonce = null;
        if (protection == PASSWORD) {
            rounds = b.getInt();
            if (rounds < 1 || rounds > StateCipher.MAX_ITERATIONS) {
                throw new StateFileException(name + ": bad key derivation cost " + rounds);
            }
            kdfSalt = bytes(b, StateCipher.SALT_BYTES);
            check = bytes(b, StateCipher.CHECK_BYTES);
            nonce = bytes(b, StateCipher.NONCE_BYTES);
        }
        Half.Predecessor predecessor = predecessor(b, name);
        int bodyLength = b.getInt();
        if (bodyLength != b.remaining()) {
            throw new StateFileException(name + ": the file has " + file.length + " bytes but its header describes "
                    + ((long) b.position() + bodyLength));
        }
        return new Head(status, useId, role, id, protection, rounds, kdfSalt, check, nonce, predecessor, b.position());
    }

    /** The state a file continues, from its header alone (no password needed); null for none. */
    public static Half.Predecessor predecessor(byte[] file, String name) throws StateFileException {
        try {
            return head(file, name).predecessor();
        } catch (java.nio.BufferUnderflowException e) {
            throw new StateFileException(name + ": not a gcstream state file: it ends early");
        }
    }

    private static Half decodeChecked(byte[] file, String name, char[] password) throws StateFileException {
        Head h = head(file, name);
        byte[] body = Arrays.copyOfRange(file, h.length(), file.length);
        if (h.protection() == PASSWORD) {
            if (password == null) {
                throw new StateFileException(name + ": the state file is encrypted: its password is needed");
            }
            StateCipher key = StateCipher.derive(password, h.rounds(), h.kdfSalt());
            if (!key.checks(h.check())) {
                throw new StateFileException(name + ": wrong password for this state file");
            }
            byte[] plain = key.open(h.nonce(), aad(file, h.length()), body);
            if (plain == null) {
                throw new StateFileException(name + ": the state file was altered (its authentication failed)");
            }
            body = plain;
        }
        try {
            return body(ByteBuffer.wrap(body), name, h.role(), h.id(), h.status(), h.useId(), h.predecessor());
        } finally {
            if (h.protection() == PASSWORD) {
                Arrays.fill(body, (byte) 0);
            }
        }
    }

    private static Half body(ByteBuffer b, String name, Party role, byte[] id, int status, byte[] useId,
            Half.Predecessor predecessor) throws StateFileException {
        long counter = b.getLong();
        long dLo = b.getLong();
        long dHi = b.getLong();
        if (role == Party.CREATOR && (dLo & 1) == 0) {
            throw new StateFileException(name + ": the creator's Δ is damaged (its lowest bit is 0)");
        }
        int n = b.getInt();
        if (n < 1 || n > MAX_VALUES || (long) n * PER_VALUE > b.remaining()) {
            throw new StateFileException(name + ": bad number of values " + n);
        }
        List<ValueOrigin> origins = new ArrayList<>(n);
        long bits = 0;
        for (int i = 0; i < n; i++) {
            int width = b.getInt();
            byte[] hash = bytes(b, 32);
            int p = b.getInt();
            int from = b.getInt();
            if (width < 1 || p < 0 || p > 1 || from < 0) {
                throw new StateFileException(name + ": value " + i + " is damaged (width " + width
                        + ", party " + p + ", from " + from + ")");
            }
            bits += width;
            origins.add(new ValueOrigin(hash, Party.values()[p], from, width));
        }
        if (16 * bits + TRAILER != b.remaining()) {
            throw new StateFileException(name + ": its values take " + (16 * bits + TRAILER) + " bytes but "
                    + b.remaining() + " are left");
        }
        long[][] labels = new long[n][];
        for (int i = 0; i < n; i++) {
            long[] l = new long[2 * origins.get(i).width()];
            for (int j = 0; j < l.length; j++) {
                l[j] = b.getLong();
            }
            labels[i] = l;
        }
        byte[] salt = bytes(b, 16);
        byte[] peer = bytes(b, 32);
        return new Half(role, id, counter, dLo, dHi, origins, labels, salt, peer, status, useId, predecessor);
    }

    private static ByteBuffer start(byte[] file, String name) throws StateFileException {
        if (file.length < STATUS_END + 4 + Half.ID_BYTES) {
            throw new StateFileException(name + ": not a gcstream state file (" + file.length + " bytes)");
        }
        ByteBuffer b = ByteBuffer.wrap(file);
        if (!Arrays.equals(bytes(b, MAGIC.length), MAGIC)) {
            throw new StateFileException(name + ": not a gcstream state file (wrong magic bytes)");
        }
        int version = b.getInt();
        if (version == 1) {
            throw new StateFileException(name + ": state file version 1, from an earlier gcstream, holds Δ in the"
                    + " clear and is not read by this one (version " + VERSION + "): finish its chain with the"
                    + " earlier gcstream, or start a new one");
        }
        if (version != VERSION) {
            throw new StateFileException(name + ": state file version " + version + " is not supported (this is "
                    + VERSION + ")");
        }
        return b;
    }

    private static Half.Predecessor predecessor(ByteBuffer b, String name) throws StateFileException {
        int length = b.getInt();
        if (length < 0 || length > MAX_PATH || length > b.remaining()) {
            throw new StateFileException(name + ": bad length " + length + " of the resumed state's path");
        }
        if (length == 0) {
            return null;
        }
        byte[] raw = bytes(b, length);
        try {
            String path = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(raw)).toString();
            return new Half.Predecessor(Path.of(path), bytes(b, Half.ID_BYTES), bytes(b, Half.ID_BYTES));
        } catch (CharacterCodingException | InvalidPathException e) {
            throw new StateFileException(name + ": the resumed state's path is damaged");
        }
    }

    private static int status(int s, String name) throws StateFileException {
        if (s != Half.CURRENT && s != Half.USED) {
            throw new StateFileException(name + ": bad status " + s);
        }
        return s;
    }

    private static Party role(int r, String name) throws StateFileException {
        if (r != 0 && r != 1) {
            throw new StateFileException(name + ": bad role " + r);
        }
        return Party.values()[r];
    }

    private static byte[] bytes(ByteBuffer b, int n) {
        byte[] r = new byte[n];
        b.get(r);
        return r;
    }

    /** The authenticated part of a header of {@code length} bytes: all but the status and use id. */
    private static byte[] aad(byte[] header, int length) {
        byte[] a = new byte[length - (STATUS_END - STATUS_AT)];
        System.arraycopy(header, 0, a, 0, STATUS_AT);
        System.arraycopy(header, STATUS_END, a, STATUS_AT, length - STATUS_END);
        return a;
    }
}
