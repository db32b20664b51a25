package io.gcstream.ot.internal.parallel;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the Linux scheduler says about some threads and the machine: how long each thread has
 * waited, runnable, for a core (its <em>run delay</em>, {@code /proc/<pid>/task/<tid>/schedstat}),
 * and how many tasks are runnable now ({@code /proc/loadavg}). Threads that work in lockstep use
 * them to tell a core lost to another process, which adds to a thread's run delay, from a pause
 * of the whole virtual machine by its host, which the guest's scheduler does not see and adds
 * none; waits alone look the same in both cases. Each reading is one small read of a kept-open
 * file (a few microseconds): read once per window of milliseconds, not per batch.
 *
 * <p>Elsewhere than on Linux {@link #open} returns null, and callers time their work instead.
 * Not thread-safe: one thread reads.
 */
public final class RunQueues implements AutoCloseable {
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final String LOADAVG = "/proc/loadavg";

    private final RandomAccessFile[] schedstat;
    private final RandomAccessFile loadavg;
    private final byte[] buf = new byte[256];

    private RunQueues(RandomAccessFile[] schedstat, RandomAccessFile loadavg) {
        this.schedstat = schedstat;
        this.loadavg = loadavg;
    }

    /** The calling thread's id in the operating system, or null where it is not known. */
    public static String currentThreadId() {
        try {
            return Files.readSymbolicLink(THREAD_SELF).getFileName().toString();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }

    /**
     * Readings of the threads {@code threadIds} (from {@link #currentThreadId()}, each of this
     * process) and of the machine's run queues; null if any of them cannot be read here.
     */
    public static RunQueues open(String... threadIds) {
        RandomAccessFile[] files = new RandomAccessFile[threadIds.length];
        RandomAccessFile load = null;
        try {
            for (int k = 0; k < threadIds.length; k++) {
                String id = threadIds[k];
                if (id == null || id.isEmpty() || !id.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    throw new IOException("no thread id");
                }
                files[k] = new RandomAccessFile("/proc/self/task/" + id + "/schedstat", "r");
            }
            load = new RandomAccessFile(LOADAVG, "r");
            RunQueues q = new RunQueues(files, load);
            for (int k = 0; k < threadIds.length; k++) {
                q.runDelayNanos(k);
            }
            q.othersRunnable();
            return q;
        } catch (IOException | SecurityException | IllegalArgumentException e) {
            closeAll(files);
            closeAll(new RandomAccessFile[] {load});
            return null;
        }
    }

    /** The run delay of thread {@code k} of {@link #open}, in nanoseconds since it started. */
    public long runDelayNanos(int k) throws IOException {
        return runDelay(buf, read(schedstat[k]));
    }

    /** Tasks of the machine runnable now, besides the calling thread (which is running). */
    public int othersRunnable() throws IOException {
        return Math.max(0, runnable(buf, read(loadavg)) - 1);
    }

    private int read(RandomAccessFile f) throws IOException {
        f.seek(0);
        int n = f.read(buf);
        if (n <= 0) {
            throw new IOException("nothing to read");
        }
        return n;
    }

    /** The second field of a {@code schedstat} line ("run time, run delay, time slices"). */
    static long runDelay(byte[] b, int n) throws IOException {
        int i = skipFields(b, n, 1);
        return number(b, n, i, ' ');
    }

    /** The runnable count of a {@code loadavg} line: the number before the '/' of its fourth field. */
    static int runnable(byte[] b, int n) throws IOException {
        int i = skipFields(b, n, 3);
        long v = number(b, n, i, '/');
        if (v > Integer.MAX_VALUE) {
            throw new IOException("runnable tasks out of range");
        }
        return (int) v;
    }

    private static int skipFields(byte[] b, int n, int fields) throws IOException {
        int i = 0;
        for (int seen = 0; seen < fields; i++) {
            if (i >= n) {
                throw new IOException("a line of fewer than " + (fields + 1) + " fields");
            }
            if (b[i] == ' ') {
                seen++;
            }
        }
        return i;
    }

    /** The decimal number at {@code b[i ..]}, ended by {@code end}, a space, a newline or the line's end. */
    private static long number(byte[] b, int n, int i, char end) throws IOException {
        long v = 0;
        int start = i;
        for (; i < n && b[i] != end && b[i] != ' ' && b[i] != '\n'; i++) {
            if (b[i] < '0' || b[i] > '9' || v > (Long.MAX_VALUE - 9) / 10) {
                throw new IOException("not a count at byte " + i);
            }
            v = 10 * v + (b[i] - '0');
        }
        if (i == start) {
            throw new IOException("no count at byte " + i);
        }
        return v;
    }

    @Override
    public void close() {
        closeAll(schedstat);
        closeAll(new RandomAccessFile[] {loadavg});
    }

    private static void closeAll(RandomAccessFile[] files) {
        for (RandomAccessFile f : files) {
            if (f != null) {
                try {
                    f.close();
                } catch (IOException e) {
                    // a read-only file: nothing is lost
                }
            }
        }
    }
}
