package io.gcstream.compiler.internal;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A sequence of unsigned LEB128 varints written once, front to back, then read any number of
 * times: backward (the compiler's passes alternate direction, as KSS12's did) or forward. It
 * stays in memory up to {@link #MEMORY_LIMIT} bytes and then moves to a temporary file, so a
 * small circuit never touches the disk and a large one holds one 64 KiB buffer.
 *
 * <p><b>The file</b> is created in a fresh owner-only directory under {@link #directory()}
 * (the system property {@value #DIRECTORY_PROPERTY}, else {@code java.io.tmpdir}), opened, and
 * unlinked at once with its directory: nobody can open or replace it, it is read only through
 * the channel this object holds, and the system frees it when the channel is closed — by
 * {@link #close()} or at the latest when the process ends, whatever way it ends. (Where a file
 * cannot be unlinked while open, it is deleted on close.) A write that fails, a full disk
 * above all, is an {@link UncheckedIOException} saying where and how much was written.
 *
 * <p>Reading backward works because in LEB128 every byte but the last of a varint has its top
 * bit set: a byte without it ends a varint, so the bytes before it, up to the previous such
 * byte, are the rest of that varint.
 */
public final class Spill implements Closeable {
    /** System property naming the directory for spill files; default {@code java.io.tmpdir}. */
    public static final String DIRECTORY_PROPERTY = "gcstream.spill.dir";
    /** Bytes held in memory before the spill moves to a file. */
    static final int MEMORY_LIMIT = 1 << 20;
    static final int BUFFER = 1 << 16;
    /** Bytes in spill files of this process now, and the most at once (for reports). */
    private static final AtomicLong ON_DISK = new AtomicLong();
    private static final AtomicLong PEAK_ON_DISK = new AtomicLong();

    private final String what;
    private final long fileLimit;
    private byte[] buf = new byte[4096];
    private int len;
    private long fileBytes;
    private FileChannel channel;
    private Path where;
    private boolean finished;
    private boolean closed;

    /** @param what what is spilled, for error messages ("the main body") */
    public Spill(String what) {
        this(what, Long.MAX_VALUE);
    }

    /** For tests: a file that takes at most {@code fileLimit} bytes, as a nearly full disk. */
    Spill(String what, long fileLimit) {
        this.what = what;
        this.fileLimit = fileLimit;
    }

    /** The most bytes this process's spill files held at once, since it started or {@link #resetPeak}. */
    public static long peakBytesOnDisk() {
        return PEAK_ON_DISK.get();
    }

    /** Starts a new {@link #peakBytesOnDisk} from the bytes on disk now. */
    public static void resetPeak() {
        PEAK_ON_DISK.set(ON_DISK.get());
    }

    /** The directory spill files go to. */
    public static Path directory() {
        String d = System.getProperty(DIRECTORY_PROPERTY);
        return Path.of(d != null && !d.isBlank() ? d : System.getProperty("java.io.tmpdir"));
    }

    // ---- writing ---------------------------------------------------------------------------

    /** Appends {@code v} (treated as unsigned) as a varint. */
    public void write(long v) {
        if (len + 10 > buf.length) {
            grow();
        }
        byte[] b = buf;
        int p = len;
        while ((v & ~0x7FL) != 0) {
            b[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        len = p;
    }

    /** Appends a non-negative int as a varint (the common case, without the long loop). */
    public void write(int v) {
        if (len + 5 > buf.length) {
            grow();
        }
        byte[] b = buf;
        int p = len;
        while ((v & ~0x7F) != 0) {
            b[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        len = p;
    }

    private void grow() {
        if (finished) {
            throw new IllegalStateException("spill already finished");
        }
        if (channel == null && buf.length < MEMORY_LIMIT) {
            buf = Arrays.copyOf(buf, Math.min(MEMORY_LIMIT, buf.length * 2));
            return;
        }
        if (channel == null) {
            open();
        }
        flush();
        if (buf.length != BUFFER) {
            buf = new byte[BUFFER];
        }
    }

    /** Ends writing; the spill can be read from now on. */
    public Spill finish() {
        if (!finished) {
            if (channel != null) {
                flush();
            }
            finished = true;
            if (channel == null && buf.length > len + BUFFER) {
                buf = Arrays.copyOf(buf, len);
            }
        }
        return this;
    }

    /** A finished copy of what an in-memory spill holds so far (this one goes on). */
    Spill snapshot() {
        if (channel != null) {
            throw new IllegalStateException("spill is on disk");
        }
        Spill s = new Spill(what);
        s.buf = Arrays.copyOf(buf, len);
        s.len = len;
        s.finished = true;
        return s;
    }

    /** Bytes written. */
    public long size() {
        return channel == null ? len : fileBytes + len;
    }

    /** True if the bytes are in a file rather than in memory. */
    public boolean onDisk() {
        return channel != null;
    }

    private void open() {
        Path dir = directory();
        try {
            FileAttribute<?>[] owner = FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                    ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))}
                    : new FileAttribute<?>[0];
            Path d = Files.createTempDirectory(dir, "gcstream-spill-", owner);
            Path f = d.resolve("body");
            channel = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
            where = d;
            try {
                // On POSIX systems DELETE_ON_CLOSE has unlinked the file already.
                Files.deleteIfExists(f);
                Files.delete(d);
            } catch (IOException stillOpen) {
                // A file system that keeps an open file: DELETE_ON_CLOSE removes it when closed.
                d.toFile().deleteOnExit();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(new IOException("cannot create a spill file for " + what + " in " + dir
                    + ": " + reason(e) + " (set another directory with -D" + DIRECTORY_PROPERTY + "=DIR)", e));
        }
    }

    /** What went wrong, in words: NIO's messages for a missing or forbidden path are the path alone. */
    private static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such directory";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage();
    }

    private void flush() {
        ByteBuffer bb = ByteBuffer.wrap(buf, 0, len);
        try {
            if (fileBytes + len > fileLimit) {
                throw new IOException("No space left on device");
            }
            while (bb.hasRemaining()) {
                int w = channel.write(bb, fileBytes);
                fileBytes += w;
                PEAK_ON_DISK.accumulateAndGet(ON_DISK.addAndGet(w), Math::max);
            }
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(new IOException("cannot write the spill file of " + what + " in "
                    + where.getParent() + " after " + (fileBytes >> 20) + " MiB: " + reason(e)
                    + " (free space there or set another directory with -D" + DIRECTORY_PROPERTY + "=DIR)", e));
        }
        len = 0;
    }

    // ---- reading ---------------------------------------------------------------------------

    /** A reader from the end back to the start. */
    public Backward backward() {
        requireFinished();
        return new Backward();
    }

    /** A reader from the start to the end. */
    public Forward forward() {
        requireFinished();
        return new Forward();
    }

    private void requireFinished() {
        if (!finished || closed) {
            throw new IllegalStateException(closed ? "spill closed" : "spill not finished");
        }
    }

    /** Reads {@code n} bytes of the file at {@code pos} into {@code dst} from {@code off}. */
    private void readFile(long pos, byte[] dst, int off, int n) {
        ByteBuffer bb = ByteBuffer.wrap(dst, off, n);
        try {
            while (bb.hasRemaining()) {
                int r = channel.read(bb, pos + bb.position() - off);
                if (r < 0) {
                    throw new IOException("spill file is shorter than written");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(new IOException("cannot read the spill file of " + what + ": "
                    + e.getMessage(), e));
        }
    }

    /** Frees the memory or the file; readers must not be used afterwards. */
    @Override
    public void close() {
        closed = true;
        buf = new byte[0];
        len = 0;
        if (channel != null && channel.isOpen()) {
            ON_DISK.addAndGet(-fileBytes);
            try {
                channel.close();
            } catch (IOException ignored) {
                // the file is already unlinked; closing only releases it
            }
        }
    }

    /** Varints from the last to the first. */
    public final class Backward {
        private final byte[] b;
        private final boolean direct;
        private int i;
        private long start; // file offset of b[0]

        private Backward() {
            if (channel == null) {
                b = buf;
                direct = true;
                i = len;
                start = 0;
            } else {
                b = new byte[BUFFER];
                direct = false;
                start = fileBytes;
                i = 0;
            }
        }

        /** True if there is a varint before the current position. */
        public boolean hasMore() {
            return i > 0 || start > 0;
        }

        private byte prev() {
            if (i == 0) {
                refill();
            }
            return b[--i];
        }

        private void refill() {
            if (direct || start == 0) {
                throw new IllegalStateException("read past the start of the spill");
            }
            int n = (int) Math.min(b.length, start);
            start -= n;
            readFile(start, b, 0, n);
            i = n;
        }

        /** The previous varint, as a long. */
        public long readLong() {
            byte x = prev();
            long v = x & 0x7F;
            while (i > 0 || start > 0) {
                if (i == 0) {
                    refill();
                }
                byte y = b[i - 1];
                if (y >= 0) {
                    break;
                }
                i--;
                v = (v << 7) | (y & 0x7F);
            }
            return v;
        }

        /** The previous varint, which must fit in an int. */
        public int read() {
            int p = i;
            if (p >= 6) {
                // Fast path: the varint (at most 5 bytes) and the byte before it are buffered.
                byte[] a = b;
                int v = a[--p];
                for (int k = 0; k < 4 && a[p - 1] < 0; k++) {
                    v = v << 7 | (a[--p] & 0x7F);
                }
                i = p;
                return v;
            }
            return (int) readLong();
        }
    }

    /** Varints from the first to the last. */
    public final class Forward {
        private final byte[] b;
        private final boolean direct;
        private int i;
        private int lim;
        private long next; // file offset after b[lim - 1]

        private Forward() {
            if (channel == null) {
                b = buf;
                direct = true;
                lim = len;
            } else {
                b = new byte[BUFFER];
                direct = false;
            }
        }

        /** True if there is another varint. */
        public boolean hasMore() {
            return i < lim || (!direct && next < fileBytes);
        }

        private void refill() {
            int keep = lim - i;
            System.arraycopy(b, i, b, 0, keep);
            int n = (int) Math.min(b.length - keep, fileBytes - next);
            readFile(next, b, keep, n);
            next += n;
            lim = keep + n;
            i = 0;
        }

        /** The next varint, as a long. */
        public long readLong() {
            if (lim - i < 10 && !direct && next < fileBytes) {
                refill();
            }
            long v = 0;
            int shift = 0;
            while (true) {
                if (i >= lim) {
                    throw new IllegalStateException("read past the end of the spill");
                }
                byte x = b[i++];
                v |= (long) (x & 0x7F) << shift;
                if (x >= 0) {
                    return v;
                }
                shift += 7;
            }
        }

        /** The next varint, which must fit in an int. */
        public int read() {
            if (lim - i >= 5) {
                // Fast path: all of the varint's at most 5 bytes are buffered.
                byte[] a = b;
                int p = i;
                int v = 0;
                for (int shift = 0; ; shift += 7) {
                    int x = a[p++];
                    v |= (x & 0x7F) << shift;
                    if (x >= 0 || shift == 28) {
                        i = p;
                        return v;
                    }
                }
            }
            return (int) readLong();
        }
    }
}
