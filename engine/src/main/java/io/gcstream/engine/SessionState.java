package io.gcstream.engine;

import io.gcstream.circuits.Party;
import io.gcstream.circuits.OutputFile;
import io.gcstream.engine.internal.state.Half;
import io.gcstream.engine.internal.state.StateFiles;
import io.gcstream.engine.internal.state.ValueOrigin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

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
 * "Saving state"). Immutable.
 */
public final class SessionState {
    private final Party role;
    private final String problem;
    private final Path file;
    private final Half committed;
    private final Half pending;
    private final boolean pendingBlocked;

    private SessionState(Party role, String problem, Path file, Half committed, Half pending, boolean pendingBlocked) {
        this.role = role;
        this.problem = problem;
        this.file = file;
        this.committed = committed;
        this.pending = pending;
        this.pendingBlocked = pendingBlocked;
    }

    /** An in-memory half, from no file (tests). */
    SessionState(Half half) {
        this(half.role(), null, null, half, null, false);
    }

    /** Where a saved value came from: its circuit and the range of a party's outputs. Immutable. */
    public static final class Origin {
        private final ValueOrigin origin;

        private Origin(ValueOrigin origin) {
            this.origin = origin;
        }

        /** The {@link io.gcstream.circuits.Circuit#hash()} of the run that kept the value (a copy). */
        public byte[] circuitHash() {
            return origin.circuitHash();
        }

        /** The party whose outputs the value was. */
        public Party party() {
            return origin.party();
        }

        /** The first of those outputs. */
        public int from() {
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
    public int totalWidth() {
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
