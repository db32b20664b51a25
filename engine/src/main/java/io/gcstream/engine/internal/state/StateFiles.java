package io.gcstream.engine.internal.state;

import io.gcstream.circuits.OutputFile;
import io.gcstream.circuits.internal.OutputFiles;
import io.gcstream.engine.SessionState.StateFileException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The files of one state path P (docs/protocol.md, "Saving state"): the committed half at P and,
 * while a save is unfinished, the new half at {@code .P.pending} beside it. A save writes the
 * pending file, the parties confirm to each other, and each then marks the state it resumed as
 * used and renames its pending file over P. Every write goes through {@link OutputFile}
 * (owner-only, fsync, atomic rename); a pending file is created, never replaced. Marking P
 * used and renaming over it happen under P's lock ({@code .P.lock} beside it, kept), so that
 * two sessions that resumed one state cannot both use it. Internal.
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

    /**
     * The bytes of {@code file}, or null if there is none. It must be a regular file, not a link:
     * checked before it is opened, and opened without following a link, so a link put in its
     * place meanwhile fails the open instead of being read through; the size bound and the read
     * use the opened file, and a file that changes identity or length while it is read is refused.
     */
    static byte[] bytes(Path file) throws IOException {
        BasicFileAttributes checked;
        try {
            checked = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
        if (!checked.isRegularFile()) {
            throw new StateFileException(file + " is not a regular file");
        }
        beforeOpen.accept(file);
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            // The open refuses a link that took the file's place since the check.
            if (Files.isSymbolicLink(file)) {
                throw new StateFileException(file + " is not a regular file");
            }
            throw e;
        }
        try (ch) {
            BasicFileAttributes now = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!now.isRegularFile() || !Objects.equals(checked.fileKey(), now.fileKey())) {
                throw new StateFileException(file + " changed while it was read");
            }
            long size = ch.size();
            if (size > MAX_FILE) {
                throw new StateFileException(file + ": " + size + " bytes is too large for a state file (at most "
                        + MAX_FILE + ")");
            }
            byte[] b = new byte[(int) size];
            ByteBuffer buf = ByteBuffer.wrap(b);
            while (buf.hasRemaining()) {
                if (ch.read(buf) < 0) {
                    Arrays.fill(b, (byte) 0);
                    throw new StateFileException(file + " changed while it was read (it became shorter)");
                }
            }
            if (ch.read(ByteBuffer.allocate(1)) > 0) {
                Arrays.fill(b, (byte) 0);
                throw new StateFileException(file + " changed while it was read (it became longer)");
            }
            return b;
        }
    }

    /** Tests only: runs between the check of a file and its opening in {@link #bytes}. */
    static volatile Consumer<Path> beforeOpen = p -> {
    };

    /** The half in {@code file}, or null if there is no such file. */
    public static Half read(Path file, char[] password) throws IOException {
        byte[] b = bytes(file);
        if (b == null) {
            return null;
        }
        try {
            return StateFormat.decode(b, file.toString(), password);
        } finally {
            // An evaluator's clear file holds its labels.
            Arrays.fill(b, (byte) 0);
        }
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

    /**
     * Writes {@code h} as the pending half of {@code file}, encrypted under {@code key} unless
     * null. The pending file is created, never replaced: a second save to the same file (the
     * peer's, or another session's) finds it and fails, and so does a save beside an unfinished
     * one.
     *
     * @throws StateFileException if a pending file is there already, saying what to do
     */
    public static void writePending(Path file, Half h, StateCipher key) throws IOException {
        byte[] b = StateFormat.encode(h, key);
        Path pending = pending(file);
        try (OutputFile f = OutputFile.open(pending, OutputFile.Access.SECRET, OutputFile.Existing.REFUSE)) {
            f.stream().write(b);
            f.commit();
        } catch (IOException e) {
            if (Files.exists(pending, LinkOption.NOFOLLOW_LINKS)) {
                throw new StateFileException(pending + " exists: another save to " + file + " is under way, or one"
                        + " did not complete; if none is under way, resume " + file + " with its peer to settle it, or"
                        + " delete " + pending.getFileName() + " if the peer never saved its half");
            }
            throw e;
        } finally {
            Arrays.fill(b, (byte) 0);
        }
    }

    /**
     * Completes a save on this side: marks the state the pending half continues as used (with
     * its session's use id, as {@link #markUsed} does) unless that is {@code file} itself, which
     * must then still hold that state, unmarked by another session; then renames the pending file
     * over {@code file}, under {@code file}'s lock.
     *
     * @param reuse both parties allow a used state again ({@link #markUsed})
     * @throws StateFileException if the state the pending half continues was continued or used by
     *     another session since (unless {@code reuse}): the save can then never complete
     */
    public static void commit(Path file, Half pending, boolean reuse) throws IOException {
        Half.Predecessor p = pending.predecessor();
        Path pred = predecessor(file, pending);
        boolean inPlace = p != null && same(pred, file);
        if (p != null && !inPlace) {
            markUsed(pred, p.id(), p.useId(), reuse);
        }
        locked(file, () -> {
            if (inPlace) {
                claim(file, p.id(), p.useId(), reuse, false);
            }
            OutputFiles.move(pending(file), file);
        });
    }

    /** Removes the pending half of {@code file}, if any: its save did not complete and never will. */
    public static void discardPending(Path file) throws IOException {
        Files.deleteIfExists(pending(file));
    }

    /**
     * Marks the state {@code id} in {@code file} used by the session {@code useId}, as one step
     * under the file's lock ({@link #locked}): reads the file again, checks that it still holds
     * that state and that no other session marked it, and writes the mark. Nothing is written if
     * the file is gone (nothing is left to resume) or this session marked it already.
     *
     * @param reuse both parties allow a used state again: the state continued or used by another
     *     session is then no error (and nothing is written)
     * @throws StateFileException naming the file, if another session continued the state in its
     *     file or marked it used since this session read it (unless {@code reuse})
     */
    public static void markUsed(Path file, byte[] id, byte[] useId, boolean reuse) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            locked(file, () -> claim(file, id, useId, reuse, true));
        }
    }

    /** As {@link #markUsed}, without writing the mark: whether this session may still use the state. */
    public static void checkUnused(Path file, byte[] id, byte[] useId, boolean reuse) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            locked(file, () -> claim(file, id, useId, reuse, false));
        }
    }

    /** {@link #markUsed} ({@code mark}) or {@link #checkUnused}, the caller holding the file's lock. */
    private static void claim(Path file, byte[] id, byte[] useId, boolean reuse, boolean mark) throws IOException {
        byte[] b = bytes(file);
        if (b == null) {
            return;
        }
        try {
            StateFormat.Header h = StateFormat.header(b, file.toString());
            if (!Arrays.equals(h.id(), id)) {
                if (reuse) {
                    return;
                }
                throw new StateFileException(file + " no longer holds the state this session resumed: another session"
                        + " continued it (a state resumes once)");
            }
            if (h.status() == Half.USED) {
                if (reuse || Arrays.equals(h.useId(), useId)) {
                    return;
                }
                throw new StateFileException(file + " was used by another session after this one read it: a state"
                        + " resumes once, unless both parties allow it again (gc run --reuse-state,"
                        + " SessionOptions.reuseState)");
            }
            if (mark) {
                byte[] marked = StateFormat.withStatus(b, Half.USED, useId);
                try {
                    OutputFiles.write(file, OutputFile.Access.SECRET, f -> {
                        f.stream().write(marked);
                        return null;
                    });
                } finally {
                    Arrays.fill(marked, (byte) 0);
                }
            }
        } finally {
            Arrays.fill(b, (byte) 0);
        }
    }

    /** What runs under a state file's lock. */
    @FunctionalInterface
    private interface Step {
        void run() throws IOException;
    }

    /** Longest wait for a state file's lock. */
    static final long LOCK_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** Sessions of this JVM take a state file's lock one at a time (a file lock is per process). */
    private static final ReentrantLock IN_PROCESS = new ReentrantLock();

    /** The lock file of {@code file}: {@code .NAME.lock} beside it, in its directory as resolved. */
    static Path lockFile(Path file) throws IOException {
        Path abs = file.toAbsolutePath().normalize();
        return directory(abs).toRealPath().resolve("." + abs.getFileName() + ".lock");
    }

    /**
     * Runs {@code step} holding {@code file}'s lock: this JVM's lock and an exclusive lock of its
     * lock file ({@link #lockFile}, created owner-only and kept), so that reading, checking and
     * rewriting the file are one step for every session of every process that locks it; waits
     * for it at most {@link #LOCK_WAIT_NANOS}.
     */
    private static void locked(Path file, Step step) throws IOException {
        Path lock = lockFile(file);
        long deadline = System.nanoTime() + LOCK_WAIT_NANOS;
        try {
            if (!IN_PROCESS.tryLock(LOCK_WAIT_NANOS, TimeUnit.NANOSECONDS)) {
                throw new StateFileException(file + " is locked by another session of this process");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the lock of " + file);
        }
        try (FileChannel ch = FileChannel.open(lock, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS), ownerOnly(lock))) {
            FileLock held;
            while ((held = ch.tryLock()) == null) {
                if (System.nanoTime() - deadline > 0) {
                    throw new StateFileException(file + " is locked by another process (" + lock.getFileName()
                            + "): try again once its session has ended");
                }
                Thread.sleep(10);
            }
            try {
                step.run();
            } finally {
                held.release();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the lock of " + file);
        } finally {
            IN_PROCESS.unlock();
        }
    }

    private static FileAttribute<?>[] ownerOnly(Path lock) throws IOException {
        if (!Files.getFileStore(lock.getParent()).supportsFileAttributeView("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))};
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
