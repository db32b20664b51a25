package io.gcstream.circuits;

import io.gcstream.circuits.internal.OutputFiles;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One output file written so that a reader never sees half of it and a failure leaves nothing
 * behind: the content goes to a temporary file in the target's directory, which
 * {@link #commit()} flushes to the disk ({@code fsync}) and moves over the target in one atomic
 * rename (then syncs the directory); {@link #close()} without a commit removes it, and so does
 * the JVM's shutdown on SIGINT or SIGTERM ({@link #abortAll()}). Every file gcstream writes
 * goes through here: circuits, state files, keys.
 *
 * <p>What a target may be (docs/security.md, "Output files"):
 * <ul>
 *   <li>absent, in an existing directory: created;</li>
 *   <li>a regular file: replaced ({@link Existing#REPLACE}) or refused ({@link Existing#REFUSE});</li>
 *   <li>a FIFO or a character device ({@code /dev/null}, {@code /dev/stdout}): written
 *       through, without a temporary file or a rename, for {@link Access#PUBLIC} content only —
 *       a pipe is what a user who names one means; a secret is refused;</li>
 *   <li>a symbolic link: for public content, the file it leads to is written as above (the
 *       link stays); for a secret, refused;</li>
 *   <li>anything else (a directory, a block device, a socket): refused.</li>
 * </ul>
 * A rename never replaces anything but a regular file.
 *
 * <p>Permissions: {@link Access#SECRET} files are created {@code rw-------};
 * {@link Access#PUBLIC} ones {@code rw-rw-rw-} less the process's umask, or with the
 * permissions of the regular file they replace. Not thread-safe.
 */
public final class OutputFile implements Closeable {
    /** Who may read the content. */
    public enum Access {
        /** Anyone the umask allows: circuits, certificates. */
        PUBLIC,
        /** The owner only, and never through a link or a pipe: state files, private keys. */
        SECRET
    }

    /** What to do with a regular file already at the target. */
    public enum Existing {
        /** Replace it (atomically, at the commit). */
        REPLACE,
        /** Refuse it, also if it appears before the commit. */
        REFUSE
    }

    /** The file types that decide what a target may be. */
    private enum Type {
        ABSENT, REGULAR, DIRECTORY, LINK, FIFO, CHAR_DEVICE, OTHER
    }

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final FileAttribute<Set<PosixFilePermission>> UMASKED =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-rw-rw-"));

    /** Temporary files not yet committed or removed, with their targets. */
    private static final Map<Path, Path> LIVE = new LinkedHashMap<>();
    /** Targets whose temporary files {@link #abortAll()} removed. */
    private static final List<Path> ABORTED = new ArrayList<>();
    private static boolean shuttingDown;
    private static boolean hookInstalled;

    private final Path target;
    private final Path temp;
    private final Existing existing;
    private final FileChannel channel;
    private boolean done;

    static {
        // gcstream's own writers (through circuits.internal.OutputFiles) reach what is not public here.
        OutputFiles.register(new OutputFiles.Operations() {
            @Override
            public boolean writesThrough(OutputFile f) {
                return f.temp == null;
            }

            @Override
            public FileChannel channel(OutputFile f) {
                return f.channel;
            }

            @Override
            public Path target(OutputFile f) {
                return f.target;
            }

            @Override
            public void move(Path from, Path to) throws IOException {
                OutputFile.move(from, to);
            }
        });
    }

    private OutputFile(Path target, Path temp, Existing existing, FileChannel channel) {
        this.target = target;
        this.temp = temp;
        this.existing = existing;
        this.channel = channel;
    }

    /** A target that cannot be written as asked: the message names it and says why, in one line. */
    public static final class TargetException extends IOException {
        private static final long serialVersionUID = 1L;

        TargetException(String message) {
            super(message);
        }
    }

    /**
     * Opens {@code target} for writing: its temporary file, or the target itself where it is
     * written through (see the class comment).
     *
     * @throws TargetException if the target may not be written (naming it and why)
     */
    public static OutputFile open(Path target, Access access, Existing existing) throws IOException {
        Path resolved = resolve(target, access, existing);
        if (resolved == null) {
            // A FIFO or character device: written through, nothing to rename or remove.
            return new OutputFile(target, null, existing, FileChannel.open(target, StandardOpenOption.WRITE));
        }
        Path dir = parent(resolved);
        Path temp;
        synchronized (LIVE) {
            if (shuttingDown) {
                throw new IOException("the process is shutting down: " + target + " was not written");
            }
            installHook();
            temp = Files.createTempFile(dir, "." + resolved.getFileName() + ".", ".tmp", attributes(dir, access));
            LIVE.put(temp, resolved);
        }
        try {
            if (access == Access.PUBLIC && Files.isRegularFile(resolved, LinkOption.NOFOLLOW_LINKS)
                    && posix(dir)) {
                Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(resolved));
            }
            return new OutputFile(resolved, temp, existing, FileChannel.open(temp, StandardOpenOption.WRITE));
        } catch (IOException | RuntimeException e) {
            discard(temp);
            throw e;
        }
    }

    /**
     * Checks, before any work is done, that {@code target} could be written as {@link #open}
     * would: the same refusals, and a file can be created in its directory (one is created and
     * removed). Returns the file that would be written (the target, or where its link leads).
     *
     * @throws TargetException if it could not (naming it and why)
     */
    public static Path check(Path target, Access access, Existing existing) throws IOException {
        Path resolved = resolve(target, access, existing);
        if (resolved == null) {
            return target;
        }
        Path dir = parent(resolved);
        try {
            Path probe = Files.createTempFile(dir, "." + resolved.getFileName() + ".", ".probe", attributes(dir, access));
            Files.delete(probe);
        } catch (IOException e) {
            throw new TargetException("cannot write " + target + ": cannot create a file in " + dir + " ("
                    + reason(e) + ")");
        }
        return resolved;
    }

    /** A stream over the file being written; closing it does not commit (buffer it yourself). */
    public OutputStream stream() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                while (buf.hasRemaining()) {
                    channel.write(buf);
                }
            }
        };
    }

    /**
     * Makes the content the target's: flushes it to the disk, moves it over the target
     * atomically and syncs the directory. On failure the target is left as it was and the
     * temporary file removed.
     *
     * @throws FileAlreadyExistsException with {@link Existing#REFUSE}, if the target appeared meanwhile
     */
    public void commit() throws IOException {
        if (done) {
            throw new IllegalStateException(target + " is already committed or closed");
        }
        if (temp == null) {
            done = true;
            channel.close();
            return;
        }
        try {
            channel.force(true);
            channel.close();
            synchronized (LIVE) {
                if (!LIVE.containsKey(temp)) {
                    throw new IOException("interrupted: " + target + " was not written");
                }
                if (existing == Existing.REFUSE) {
                    moveNew(temp, target);
                } else {
                    moveReplacing(temp, target);
                }
                LIVE.remove(temp);
            }
            done = true;
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
        syncDirectory(parent(target));
    }

    /** Removes the temporary file unless committed; safe to call more than once. */
    @Override
    public void close() {
        if (done) {
            return;
        }
        done = true;
        try {
            channel.close();
        } catch (IOException ignored) {
            // Removing the temporary file matters more than a close that failed.
        }
        if (temp != null) {
            discard(temp);
        }
    }

    /** {@link OutputFiles#move}. */
    private static void move(Path from, Path to) throws IOException {
        Type t = type(to, false);
        if (t != Type.ABSENT && t != Type.REGULAR) {
            throw new TargetException(to + " is not a regular file: refusing to replace it");
        }
        moveReplacing(from, to);
        syncDirectory(parent(to));
    }

    /**
     * Removes every temporary file not yet committed and refuses new ones: for the JVM's
     * shutdown (SIGINT, SIGTERM), whose hook calls it. Returns the targets whose temporary
     * files were removed, by this call or an earlier one.
     */
    public static List<Path> abortAll() {
        synchronized (LIVE) {
            shuttingDown = true;
            for (Map.Entry<Path, Path> e : LIVE.entrySet()) {
                try {
                    Files.deleteIfExists(e.getKey());
                } catch (IOException ignored) {
                    // Best effort while the process ends.
                }
                ABORTED.add(e.getValue());
            }
            LIVE.clear();
            return List.copyOf(ABORTED);
        }
    }

    /**
     * The regular file to write for {@code target}, or null to write the target through;
     * refusals as in the class comment.
     */
    private static Path resolve(Path target, Access access, Existing existing) throws IOException {
        Type t = type(target, false);
        if (t == Type.LINK) {
            if (access == Access.SECRET) {
                throw new TargetException(target + " is a symbolic link: a secret is not written through one;"
                        + " name the file itself");
            }
            Type to = type(target, true);
            if (to == Type.ABSENT) {
                throw new TargetException(target + " is a symbolic link to a missing file: refusing to write"
                        + " through it");
            }
            if (to == Type.REGULAR) {
                Path real = target.toRealPath();
                return resolve(real, access, existing);
            }
            t = to;
        }
        switch (t) {
            case ABSENT:
                Path dir = parent(target);
                if (!Files.isDirectory(dir)) {
                    throw new TargetException("cannot write " + target + ": the directory " + dir + " does not exist");
                }
                return target.toAbsolutePath();
            case REGULAR:
                if (existing == Existing.REFUSE) {
                    throw new TargetException(target + " exists: refusing to overwrite it (delete it first)");
                }
                return target.toAbsolutePath();
            case DIRECTORY:
                throw new TargetException(target + " is a directory");
            case FIFO:
            case CHAR_DEVICE:
                String what = t == Type.FIFO ? "a FIFO" : "a device";
                if (access == Access.SECRET) {
                    throw new TargetException(target + " is " + what + ", not a regular file: a secret is"
                            + " written to a regular file only");
                }
                if (existing == Existing.REFUSE) {
                    throw new TargetException(target + " exists (" + what + "): refusing to write to it");
                }
                return null;
            default:
                throw new TargetException(target + " is not a regular file (a block device, socket or other"
                        + " special file): refusing to write to it");
        }
    }

    private static Type type(Path p, boolean follow) throws IOException {
        LinkOption[] opts = follow ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class, opts);
        } catch (NoSuchFileException e) {
            return Type.ABSENT;
        }
        if (a.isSymbolicLink()) {
            return Type.LINK;
        }
        if (a.isRegularFile()) {
            return Type.REGULAR;
        }
        if (a.isDirectory()) {
            return Type.DIRECTORY;
        }
        try {
            int mode = (Integer) Files.getAttribute(p, "unix:mode", opts);
            int kind = mode & 0170000;
            if (kind == 0010000) {
                return Type.FIFO;
            }
            if (kind == 0020000) {
                return Type.CHAR_DEVICE;
            }
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            // No unix view: an unknown special file, refused.
        }
        return Type.OTHER;
    }

    private static Path parent(Path p) {
        Path abs = p.toAbsolutePath();
        Path dir = abs.getParent();
        return dir != null ? dir : abs.getRoot();
    }

    private static boolean posix(Path dir) throws IOException {
        return Files.getFileStore(dir).supportsFileAttributeView("posix");
    }

    private static FileAttribute<?>[] attributes(Path dir, Access access) throws IOException {
        if (!posix(dir)) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {access == Access.SECRET ? OWNER_ONLY : UMASKED};
    }

    private static void moveReplacing(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Moves {@code from} to {@code to} unless something is there: a hard link fails if it is. */
    private static void moveNew(Path from, Path to) throws IOException {
        try {
            Files.createLink(to, from);
        } catch (FileAlreadyExistsException e) {
            throw new FileAlreadyExistsException(to.toString(), null, "it appeared while it was being written;"
                    + " refusing to overwrite it");
        } catch (UnsupportedOperationException | FileSystemException e) {
            if (e instanceof FileSystemException f && Files.exists(to, LinkOption.NOFOLLOW_LINKS)) {
                throw f;
            }
            // No hard links here: a move that refuses an existing target (not atomic with its check).
            Files.move(from, to);
            return;
        }
        Files.delete(from);
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException | RuntimeException ignored) {
            // Not every platform can open a directory; the rename itself is then as durable as it gets.
        }
    }

    private static void discard(Path temp) {
        synchronized (LIVE) {
            LIVE.remove(temp);
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // Nothing more to do; the temporary name starts with a dot and ends with .tmp.
        }
    }

    private static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void installHook() {
        if (hookInstalled) {
            return;
        }
        hookInstalled = true;
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(OutputFile::abortAll, "gcstream-output-cleanup"));
        } catch (IllegalStateException e) {
            // Already shutting down: the temporary file is removed by its own failure path.
        }
    }
}
