package io.gcstream.engine;

import io.gcstream.circuits.Party;
import io.gcstream.circuits.OutputFile;
import io.gcstream.engine.internal.session.SavedState;
import io.gcstream.engine.internal.session.StateCheck;
import io.gcstream.engine.internal.state.Half;
import io.gcstream.engine.internal.state.StateBytes;
import io.gcstream.engine.internal.state.StateCipher;
import io.gcstream.engine.internal.state.StateFiles;
import io.gcstream.engine.internal.state.ValueOrigin;
import io.gcstream.engine.internal.state.StateFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One party's half of garbled values saved for a later session (PartialGC-style reuse), as
 * read from its state file with {@link #read}: written by {@link GcSession#saveState} and
 * resumed with {@link GcSession#resume}. The creator's half holds the 0-labels, the session's
 * Δ and its gate counter; the evaluator's half holds the active labels and the same counter.
 * Neither half reveals the values.
 *
 * <p>Both halves carry the state's id and a salted digest of the peer's half; a session that
 * resumes checks, on both sides and without revealing either half, that the two halves belong
 * together and are unaltered, and otherwise fails on both sides with one line saying so.
 *
 * <p><b>Secrets.</b> A creator's state file is encrypted with a password (AES-256-GCM under a
 * PBKDF2-HMAC-SHA256 key), and so is an evaluator's when given one; all are owner-only.
 *
 * <p><b>Once.</b> A state resumes once: the session that resumes it marks its file used before
 * its first run that decodes an output, or when it saves the state that continues it. A used
 * state is refused unless both parties allow it ({@link SessionOptions#reuseState()}).
 *
 * <p><b>Saves are all or nothing across both parties.</b> A file may also hold an unfinished
 * save (killed or failed after this side wrote its new half); resuming it lets the two parties
 * settle it: the new halves if both hold them, else the previous ones (docs/protocol.md,
 * "Saving state").
 *
 * <p><b>In memory.</b> {@link GcSession#exportState} makes a state without a file, and
 * {@link #toBytes}/{@link #fromBytes} carry one between processes as the bytes of a state file.
 * Such a state is marked used in memory: this object resumes once (unless both parties allow
 * reuse); a copy made from its bytes escapes that, as a copied file does. Immutable but for
 * that mark.
 */
public final class SessionState {
    static {
        StateBytes.register(new StateBytes.Operations() {
            @Override
            public byte[] toBytes(SessionState s, byte[] key) {
                return s.toBytes(key);
            }

            @Override
            public SessionState fromBytes(byte[] bytes, byte[] key) throws StateFileException {
                return SessionState.fromBytes(bytes, key);
            }
        });
    }

    private final Party role;
    private final String problem;
    private final Path file;
    private final Half committed;
    private final Half pending;
    private final boolean pendingBlocked;
    /** The states a merged state combines ({@link #merge}), in order; empty otherwise. */
    private final List<SessionState> parts;
    /** An in-memory state's use: set by the session that resumed it (see the class comment). */
    private final AtomicBoolean usedInMemory = new AtomicBoolean();

    private SessionState(Party role, String problem, Path file, Half committed, Half pending, boolean pendingBlocked) {
        this(role, problem, file, committed, pending, pendingBlocked, List.of());
    }

    private SessionState(Party role, String problem, Path file, Half committed, Half pending, boolean pendingBlocked,
            List<SessionState> parts) {
        this.role = role;
        this.problem = problem;
        this.file = file;
        this.committed = committed;
        this.pending = pending;
        this.pendingBlocked = pendingBlocked;
        this.parts = parts;
    }

    /** An in-memory half, from no file. */
    SessionState(Half half) {
        this(half.role(), null, null, half, null, false);
    }

    /**
     * The bytes of a state file holding this state's half ({@link #read} of a file, or
     * {@link #fromBytes}, reads them back), to carry it to another process. Encrypted as a file
     * is: a creator's half, which holds Δ, always (AES-256-GCM under a key derived from
     * {@code password} by PBKDF2, which takes a while by design); an evaluator's when given a
     * password. The caller wipes the array when done.
     *
     * @param password required for a creator's half; null for an evaluator's in the clear
     * @throws IllegalArgumentException for a creator's half without a password
     * @throws IllegalStateException    for an unusable or merged state, or one with an unfinished save
     */
    public byte[] toBytes(char[] password) {
        if (problem != null || !parts.isEmpty() || pending != null) {
            throw new IllegalStateException("only a state of one settled half can be written as bytes: " + this);
        }
        if (role == Party.CREATOR && (password == null || password.length == 0)) {
            throw new IllegalArgumentException("the creator's state holds Δ and is written encrypted: a password is"
                    + " needed");
        }
        Half h = committed.status() == Half.USED || usedInMemory.get() ? committed.withStatus(Half.USED, new byte[16])
                : committed;
        return StateFormat.encode(h, password == null ? null : StateCipher.create(password));
    }

    /** As {@link #toBytes(char[])}, under a random key: see {@code StateBytes}. */
    byte[] toBytes(byte[] key) {
        char[] hex = keyText(key);
        try {
            if (problem != null || !parts.isEmpty() || pending != null) {
                throw new IllegalStateException("only a state of one settled half can be written as bytes: " + this);
            }
            Half h = committed.status() == Half.USED || usedInMemory.get()
                    ? committed.withStatus(Half.USED, new byte[16]) : committed;
            return StateFormat.encode(h, StateCipher.fromRandomKey(hex));
        } finally {
            Arrays.fill(hex, '\0');
        }
    }

    /** The state in {@code bytes}, written by {@link #toBytes(byte[])} under {@code key}. */
    static SessionState fromBytes(byte[] bytes, byte[] key) throws StateFileException {
        char[] hex = keyText(key);
        try {
            return fromBytes(bytes, hex);
        } finally {
            Arrays.fill(hex, '\0');
        }
    }

    /** {@code key} in hex, as chars rather than a String so that the caller can wipe them. */
    private static char[] keyText(byte[] key) {
        Objects.requireNonNull(key, "key");
        if (key.length < 16 || key.length > 64) {
            throw new IllegalArgumentException("a key of 16 to 64 random bytes, not " + key.length);
        }
        HexFormat hex = HexFormat.of();
        char[] c = new char[2 * key.length];
        for (int i = 0; i < key.length; i++) {
            c[2 * i] = hex.toHighHexDigit(key[i]);
            c[2 * i + 1] = hex.toLowHexDigit(key[i]);
        }
        return c;
    }

    /**
     * The state in {@code bytes}, written by {@link #toBytes} (or read from a state file), as an
     * in-memory state. Sizes are checked against the array's length before anything is allocated.
     *
     * @param password as for {@link #read(Path, char[])}
     * @throws StateFileException in one line: not a state, damaged, a wrong password, altered
     */
    public static SessionState fromBytes(byte[] bytes, char[] password) throws StateFileException {
        Objects.requireNonNull(bytes, "bytes");
        return new SessionState(StateFormat.decode(bytes, "state bytes", password));
    }

    /**
     * One state of this party's halves of {@code states}, for {@link GcSession#resume(
     * io.gcstream.ot.channel.Channel, SessionOptions, List)}: its values are theirs in order.
     */
    static SessionState merge(List<SessionState> states) {
        Objects.requireNonNull(states, "states");
        if (states.isEmpty() || states.size() > StateCheck.MAX_MERGED) {
            throw new IllegalArgumentException("a session resumes 1 to " + StateCheck.MAX_MERGED + " states, not "
                    + states.size());
        }
        Party role = states.get(0).role();
        long dLo = 0;
        long dHi = 0;
        long counter = 0;
        List<ValueOrigin> origins = new ArrayList<>();
        List<long[]> labels = new ArrayList<>();
        for (int i = 0; i < states.size(); i++) {
            SessionState s = Objects.requireNonNull(states.get(i), "state " + i);
            if (s.problem != null) {
                return unusable(role, "state " + i + " cannot be used: " + s.problem);
            }
            if (s.role != role) {
                throw new IllegalArgumentException("state " + i + " is the " + s.role.name().toLowerCase(java.util.Locale.ROOT)
                        + "'s half but state 0 the " + role.name().toLowerCase(java.util.Locale.ROOT) + "'s");
            }
            if (!s.parts.isEmpty() || s.pending != null || s.committed == null) {
                throw new IllegalArgumentException("state " + i + " " + (s.pending != null ? "has an unfinished save:"
                        + " resume it alone with its peer to settle it" : "is itself a merge"));
            }
            Half h = s.committed;
            if (i == 0) {
                dLo = h.deltaLo();
                dHi = h.deltaHi();
            } else if (h.deltaLo() != dLo || h.deltaHi() != dHi) {
                throw new IllegalArgumentException("state " + i + " was garbled under another Δ than state 0: only"
                        + " values of sessions under one Δ combine (SharedDelta)");
            }
            counter = Math.max(counter, h.counter());
            origins.addAll(h.origins());
            for (int v = 0; v < h.size(); v++) {
                labels.add(h.labels(v));
            }
        }
        if (origins.size() > StateFormat.MAX_VALUES) {
            throw new IllegalArgumentException("the states hold " + origins.size() + " values, more than "
                    + StateFormat.MAX_VALUES);
        }
        Half all = new Half(role, new byte[Half.ID_BYTES], counter, dLo, dHi, origins, labels.toArray(new long[0][]),
                new byte[16], new byte[32], Half.CURRENT, new byte[16], null);
        return new SessionState(role, null, null, all, null, false, List.copyOf(states));
    }

    /** Where a saved value came from: its circuit and the range of a party's outputs. Immutable. */
    public static final class Origin {
        private final ValueOrigin origin;

        private Origin(ValueOrigin origin) {
            this.origin = origin;
        }

        /** The {@link io.gcstream.circuits.Circuit#hash()} of the run that kept the value (a copy). */
        byte[] circuitHash() {
            return origin.circuitHash();
        }

        /** The party whose outputs the value was. */
        public Party party() {
            return origin.party();
        }

        /** The first of those outputs. */
        int from() {
            return origin.from();
        }

        /** The value's bits. */
        public int width() {
            return origin.width();
        }

        /** "creator outputs [0, 32) of circuit 3fa2…" (the first 8 bytes of the hash). */
        @Override
        public String toString() {
            return origin.toString();
        }
    }

    /**
     * A stand-in for a state that could not be read, or a party that cannot go ahead (a save
     * target it cannot write): resuming it makes the session handshake fail on both sides with
     * {@code problem}, so the peer learns why instead of waiting.
     */
    public static SessionState unusable(Party role, String problem) {
        return new SessionState(role, problem, null, null, null, false);
    }

    /**
     * Reads the state file {@code file}, and its unfinished save if there is one. Sizes are
     * checked against the file's length before anything is allocated.
     *
     * @param password the file's password: needed for a creator's file, and an evaluator's
     *     saved with one; may be null otherwise
     * @throws StateFileException naming the file and what is wrong, in one line: none there,
     *     not a state file, damaged, of another version, a wrong password, altered
     */
    public static SessionState read(Path file, char[] password) throws IOException {
        Half committed = StateFiles.read(file, password);
        Half pending = StateFiles.read(StateFiles.pending(file), password);
        if (committed == null && pending == null) {
            throw new StateFileException(file + " does not exist");
        }
        if (committed != null && pending != null && committed.role() != pending.role()) {
            throw new StateFileException(StateFiles.pending(file) + " is the other party's half: it does not"
                    + " belong beside " + file);
        }
        boolean blocked = pending != null && StateFiles.blocked(file, pending);
        if (blocked && committed == null) {
            throw new StateFileException(file + ": its save did not complete, and the state it continues was used by"
                    + " another session since: nothing here can be resumed");
        }
        Party role = committed != null ? committed.role() : pending.role();
        return new SessionState(role, null, file, committed, blocked ? null : pending, blocked);
    }

    /**
     * True if {@code a} and {@code b} name one state file, as a session that loads one and saves
     * the next compares them: by identity when both exist, else by one name in one directory, so
     * {@code x}, {@code ./x} and {@code dir/../x} are one file whether or not it exists. A state
     * is saved to a file other than the one it was loaded from.
     */
    public static boolean sameFile(Path a, Path b) {
        return StateFiles.same(a, b);
    }

    /**
     * Checks, before a session's work starts, that {@link GcSession#saveState} could write
     * {@code file}: a regular file or none, not a link, in a directory where a file can be
     * created, and no unfinished save of another session beside it that might still complete
     * (one that never can, because the state it continues was used since, is removed).
     *
     * @throws StateFileException naming the file and why not, in one line
     */
    public static void checkTarget(Path file) throws IOException {
        try {
            OutputFile.check(file, OutputFile.Access.SECRET, OutputFile.Existing.REPLACE);
        } catch (OutputFile.TargetException e) {
            throw new StateFileException(e.getMessage());
        }
        Path p = StateFiles.pending(file);
        if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            if (StateFiles.pendingBlocked(file)) {
                // The state it continues was used by another session since: it can never complete.
                StateFiles.discardPending(file);
                return;
            }
            throw new StateFileException(file + " has an unfinished save (" + p.getFileName() + "): resume " + file
                    + " with its peer to settle it, or delete " + p.getFileName() + " if the peer never saved its half");
        }
    }

    /**
     * The state's id (32 hex digits, of its newest half; empty for an unusable or merged
     * state): the same on both parties' halves and public (the hello carries it), so two
     * parties can tell which of their halves belong together.
     */
    public String id() {
        Half h = newest();
        return h == null || !parts.isEmpty() ? "" : hex(h.id(), Half.ID_BYTES);
    }

    /** Which party's half this is. */
    public Party role() {
        return role;
    }

    /**
     * The saved values' origins, in order, of the newest half the file holds (its unfinished
     * save, if any, which the session resumes if the peer holds it too); a resumed session
     * offers the values in the order of {@link GcSession#resumedValues()}.
     */
    public List<Origin> origins() {
        Half h = newest();
        if (h == null) {
            return List.of();
        }
        List<Origin> l = new ArrayList<>(h.origins().size());
        for (ValueOrigin o : h.origins()) {
            l.add(new Origin(o));
        }
        return List.copyOf(l);
    }

    /** Total bits of all saved values (of the newest half, as {@link #origins()}). */
    int totalWidth() {
        Half h = newest();
        return h == null ? 0 : h.totalWidth();
    }

    /** Null, or why this state cannot be used (see {@link #unusable}). */
    public String problem() {
        return problem;
    }

    /** The file it was read from, or null. */
    Path file() {
        return file;
    }

    /** The halves a resuming session offers its peer: the unfinished save first, then the committed half. */
    List<Half> candidates() {
        List<Half> c = new ArrayList<>(2);
        if (pending != null) {
            c.add(pending);
        }
        if (committed != null) {
            c.add(committed);
        }
        return c;
    }

    /** True for a {@link #merge} of several states. */
    boolean isMerged() {
        return !parts.isEmpty();
    }

    /** The hello's check of a merged state: each part's half, in order. */
    StateCheck mergedCheck(boolean reuse) {
        List<StateCheck.Candidate> each = new ArrayList<>(parts.size());
        for (SessionState s : parts) {
            Half h = s.committed;
            each.add(new StateCheck.Candidate(h.id(), h.counter(), h.ownDigest(), h.peerDigest(), false,
                    h.status() == Half.USED || s.usedInMemory.get()));
        }
        return StateCheck.merged(each, reuse);
    }

    /** How a session checks and marks this state, which has no file ({@link #merge}, or in memory). */
    SavedState.InMemory inMemory() {
        return new SavedState.InMemory() {
            @Override
            public boolean used() {
                return usedInMemory();
            }

            @Override
            public StateCheck mergedCheck(boolean reuse) {
                return isMerged() ? SessionState.this.mergedCheck(reuse) : null;
            }

            @Override
            public void markUsed(Half chosen, byte[] useId, boolean reuse) throws IOException {
                SessionState.this.markUsed(chosen, useId, reuse);
            }
        };
    }

    /** Whether an in-memory state was used by a session (see the class comment). */
    boolean usedInMemory() {
        return usedInMemory.get();
    }

    /**
     * Marks this state used by the session {@code useId}, which resumed its half {@code chosen}:
     * its file under the file's lock, or this object (and each part of a merge).
     *
     * @throws IOException if another session used or continued it since (unless {@code reuse})
     */
    void markUsed(Half chosen, byte[] useId, boolean reuse) throws IOException {
        if (!parts.isEmpty()) {
            for (SessionState s : parts) {
                s.markUsed(s.committed, useId, reuse);
            }
        } else if (file != null) {
            StateFiles.markUsed(file, chosen.id(), useId, reuse);
        } else if (usedInMemory.getAndSet(true) && !reuse) {
            throw new StateFileException("the state was used by another session after this one took it: a state"
                    + " resumes once, unless both parties allow it again (SessionOptions.reuseState)");
        }
    }

    /** True if {@code h} is the unfinished save. */
    boolean isPending(Half h) {
        return h == pending;
    }

    /** True if an unfinished save was found that can never complete (see {@link StateFiles#blocked}). */
    boolean hasBlockedPending() {
        return pendingBlocked;
    }

    private Half newest() {
        return pending != null ? pending : committed;
    }

    static String hex(byte[] h, int n) {
        return HexFormat.of().formatHex(h, 0, Math.min(n, h.length));
    }

    @Override
    public String toString() {
        return problem != null ? "SessionState{unusable: " + problem + "}"
                : "SessionState{" + (role == Party.CREATOR ? "creator" : "evaluator") + ", " + origins().size()
                        + " values, " + totalWidth() + " bits" + (pending != null ? ", unfinished save" : "") + "}";
    }

    /** A state file that cannot be read or written: not one, damaged, of another version, a wrong password. */
    public static final class StateFileException extends IOException {
        private static final long serialVersionUID = 1L;

        public StateFileException(String message) {
            super(message);
        }
    }
}
