package io.gcstream.engine.internal.state;

import io.gcstream.circuits.internal.OutputFile;
import io.gcstream.engine.SessionState.StateFileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The files of one state path P (docs/protocol.md, "Saving state"): the committed half at P and,
 * while a save is unfinished, the new half at {@code .P.pending} beside it. A save writes the
 * pending file, the parties confirm to each other, and each then marks the state it resumed as
 * used and renames its pending file over P. Every write goes through {@link OutputFile}
 * (owner-only, fsync, atomic rename). Internal.
 */
public final class StateFiles {
    /** Largest state file read. */
    static final long MAX_FILE = 1L << 30;

    private StateFiles() {
    }

    /** Where the unfinished save of {@code file} is kept: {@code .NAME.pending} beside it. */
    public static Path pending(Path file) {
        Path abs = file.toAbsolutePath();
        return abs.resolveSibling("." + abs.getFileName() + ".pending");
    }

    /** The bytes of {@code file}, or null if there is none. */
    static byte[] bytes(Path file) throws IOException {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new StateFileException(file + " is not a regular file");
        }
        long size = Files.size(file);
        if (size > MAX_FILE) {
            throw new StateFileException(file + ": " + size + " bytes is too large for a state file (at most "
                    + MAX_FILE + ")");
        }
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** The half in {@code file}, or null if there is no such file. */
    public static Half read(Path file, char[] password) throws IOException {
        byte[] b = bytes(file);
        return b == null ? null : StateFormat.decode(b, file.toString(), password);
    }

    /** The file of the state that {@code h}, held for {@code file}, continues; or null. */
    public static Path predecessor(Path file, Half h) {
        Half.Predecessor p = h.predecessor();
        return p == null ? null : directory(file).resolve(p.file()).normalize();
    }

    /** {@code resumed} as a predecessor path of a half held for {@code file}: relative to its directory. */
    public static Path relative(Path file, Path resumed) {
        return directory(file).relativize(resumed.toAbsolutePath().normalize());
    }

    private static Path directory(Path file) {
        return file.toAbsolutePath().normalize().getParent();
    }

    /**
     * True if {@code pending}'s save of {@code file} can never complete: the state it continues
     * was used since by another session (its status says so, with another use id).
     */
    public static boolean blocked(Path file, Half pending) throws IOException {
        return blocked(file, pending.predecessor());
    }

    /**
     * True if the unfinished save beside {@code file} can never complete, from its header alone:
     * the state it continues was used since by another session.
     */
    public static boolean pendingBlocked(Path file) throws IOException {
        Path pending = pending(file);
        byte[] b = bytes(pending);
        return b != null && blocked(file, StateFormat.predecessor(b, pending.toString()));
    }

    private static boolean blocked(Path file, Half.Predecessor p) throws IOException {
        if (p == null) {
            return false;
        }
        Path pred = directory(file).resolve(p.file()).normalize();
        byte[] b = bytes(pred);
        if (b == null) {
            return false;
        }
        StateFormat.Header h = StateFormat.header(b, pred.toString());
        return Arrays.equals(h.id(), p.id()) && h.status() == Half.USED && !Arrays.equals(h.useId(), p.useId());
    }

    /** Writes {@code h} as the pending half of {@code file}: encrypted under {@code key} unless null. */
    public static void writePending(Path file, Half h, StateCipher key) throws IOException {
        byte[] b = StateFormat.encode(h, key);
        try (OutputFile f = OutputFile.open(pending(file), OutputFile.Access.SECRET, OutputFile.Existing.REPLACE)) {
            f.stream().write(b);
            f.commit();
        } finally {
            Arrays.fill(b, (byte) 0);
        }
    }

    /**
     * Completes a save on this side: marks the state the pending half continues as used (with
     * its session's use id) unless that is {@code file} itself, then renames the pending file
     * over {@code file}.
     */
    public static void commit(Path file, Half pending) throws IOException {
        Half.Predecessor p = pending.predecessor();
        Path pred = predecessor(file, pending);
        if (p != null && !same(pred, file)) {
            markUsed(pred, p.id(), p.useId());
        }
        OutputFile.move(pending(file), file);
    }

    /** Removes the pending half of {@code file}, if any: its save did not complete and never will. */
    public static void discardPending(Path file) throws IOException {
        Files.deleteIfExists(pending(file));
    }

    /**
     * Marks the state {@code id} in {@code file} used by the session {@code useId}, unless the
     * file holds another state now or is marked already.
     */
    public static void markUsed(Path file, byte[] id, byte[] useId) throws IOException {
        byte[] b = bytes(file);
        if (b == null) {
            return;
        }
        StateFormat.Header h = StateFormat.header(b, file.toString());
        if (!Arrays.equals(h.id(), id) || h.status() == Half.USED) {
            return;
        }
        byte[] marked = StateFormat.withStatus(b, Half.USED, useId);
        OutputFile.write(file, OutputFile.Access.SECRET, f -> {
            f.stream().write(marked);
            return null;
        });
    }

    /**
     * True if {@code a} and {@code b} name one file: by identity (device and inode) when both
     * exist, else when they have one name in one directory (the directories compared by identity),
     * so {@code x}, {@code ./x} and {@code dir/../x} are the same whether or not {@code x} exists.
     */
    public static boolean same(Path a, Path b) {
        Path x = a.toAbsolutePath().normalize();
        Path y = b.toAbsolutePath().normalize();
        try {
            if (Files.exists(x, LinkOption.NOFOLLOW_LINKS) && Files.exists(y, LinkOption.NOFOLLOW_LINKS)) {
                return Files.isSameFile(x, y);
            }
            return x.getFileName() != null && x.getFileName().equals(y.getFileName()) && x.getParent() != null
                    && y.getParent() != null && Files.isSameFile(x.getParent(), y.getParent());
        } catch (IOException e) {
            return x.equals(y);
        }
    }
}
