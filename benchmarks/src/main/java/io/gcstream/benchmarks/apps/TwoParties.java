package io.gcstream.benchmarks.apps;

import io.gcstream.circuits.Circuit;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.RunStats;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Both parties of one warm session in this JVM, over a loopback TCP connection, one execution at
 * a time: the calling thread is the creator, one helper thread the evaluator. Each
 * {@link #run} hands the evaluator its half of exactly one execution and returns when both
 * halves are done, so a caller can time one execution per call. For the benchmarks only.
 *
 * <p>Failure ends the pair: if either party fails, both channels are closed (the other party's
 * blocked read then fails at once instead of waiting for its read timeout), the first error is
 * thrown with the other attached as suppressed, and later calls are refused. The evaluator's
 * half is awaited at most the session's read timeout plus 10 s, so no call hangs forever.
 * {@link #close} ends the session and the helper thread. Not thread-safe: one caller.
 */
public final class TwoParties implements AutoCloseable {
    /** Both parties' view of one execution. */
    public record Execution(boolean[] creatorOutputs, boolean[] evaluatorOutputs, RunStats creatorStats,
            RunStats evaluatorStats, long creatorAllocatedBytes, long evaluatorAllocatedBytes) {
    }

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final ExecutorService evaluatorThread;
    private final TcpChannel creatorChannel;
    private final TcpChannel evaluatorChannel;
    private final GcSession creator;
    private final GcSession evaluator;
    private final long waitMillis;
    private boolean closed;

    private TwoParties(ExecutorService pool, TcpChannel c, TcpChannel e, SessionOptions options) {
        this.evaluatorThread = pool;
        this.creatorChannel = c;
        this.evaluatorChannel = e;
        this.creator = GcSession.creator(c, options);
        this.evaluator = GcSession.evaluator(e, options);
        this.waitMillis = options.timeout().toMillis() + 10_000;
    }

    /** Connects a creator and an evaluator over loopback TCP; nothing is run yet. */
    public static TwoParties open(SessionOptions options) throws IOException {
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "two-parties-evaluator");
            t.setDaemon(true);
            return t;
        });
        TcpChannel c = null;
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = server.getLocalPort();
            Future<TcpChannel> e = pool.submit(() -> Transport.plain().connect(
                    InetAddress.getLoopbackAddress().getHostAddress(), port, ChannelOptions.builder().readTimeout(options.timeout()).build()));
            c = Transport.plain().accept(server, ChannelOptions.builder().readTimeout(options.timeout()).build());
            return new TwoParties(pool, c, await(e, ChannelOptions.builder().readTimeout(options.timeout()).build().connectTimeout().toMillis() + 10_000),
                    options);
        } catch (IOException | RuntimeException ex) {
            if (c != null) {
                c.close();
            }
            pool.shutdownNow();
            throw ex;
        }
    }

    /**
     * One execution of {@code circuit}: the creator with {@code creatorBits} on this thread, the
     * evaluator with {@code evaluatorBits} on the helper thread.
     *
     * @throws IllegalArgumentException if an input has the wrong length (nothing is run)
     * @throws IllegalStateException    if the pair was closed or failed before
     * @throws IOException              if either party fails (the pair is closed)
     */
    public Execution run(Circuit circuit, boolean[] creatorBits, boolean[] evaluatorBits) throws IOException {
        if (closed) {
            throw new IllegalStateException("the two parties were closed");
        }
        // Checked here: a creator that refuses its input sends nothing and the evaluator would wait.
        check(creatorBits.length, circuit.creatorInputCount(), "creator");
        check(evaluatorBits.length, circuit.evaluatorInputCount(), "evaluator");
        Future<Object[]> ev = evaluatorThread.submit(() -> {
            long a0 = THREADS.getCurrentThreadAllocatedBytes();
            boolean[] out = evaluator.run(circuit, evaluatorBits);
            return new Object[] {out, THREADS.getCurrentThreadAllocatedBytes() - a0};
        });
        boolean[] creatorOut;
        long creatorAllocated;
        try {
            long a0 = THREADS.getCurrentThreadAllocatedBytes();
            creatorOut = creator.run(circuit, creatorBits);
            creatorAllocated = THREADS.getCurrentThreadAllocatedBytes() - a0;
        } catch (RuntimeException e) {
            closeQuietly();
            try {
                await(ev, waitMillis);
            } catch (IOException | RuntimeException other) {
                e.addSuppressed(other);
            }
            throw e;
        }
        Object[] e;
        try {
            e = await(ev, waitMillis);
        } catch (IOException | RuntimeException ex) {
            closeQuietly();
            throw ex;
        }
        return new Execution(creatorOut, (boolean[]) e[0], creator.lastStats(), evaluator.lastStats(),
                creatorAllocated, (Long) e[1]);
    }

    private static void check(int got, int expected, String party) {
        if (got != expected) {
            throw new IllegalArgumentException(party + " input has " + got + " bits, the circuit takes " + expected);
        }
    }

    private static <T> T await(Future<T> f, long millis) throws IOException {
        try {
            return f.get(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the evaluator thread", e);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new IOException("the evaluator thread did not finish within " + millis + " ms", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) {
                throw io;
            }
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new IOException(c);
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException ignored) {
            // Already failing; the first error is what the caller needs.
        }
    }

    /** Closes both channels and stops the helper thread. Idempotent. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            creatorChannel.close();
        } finally {
            try {
                evaluatorChannel.close();
            } finally {
                evaluatorThread.shutdownNow();
            }
        }
    }
}
