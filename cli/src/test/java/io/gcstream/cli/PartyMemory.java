package io.gcstream.cli;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import io.gcstream.ot.internal.base.BaseOtProtocol;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Measures what each party allocates, with the JVM's per-thread allocation counters
 * ({@code com.sun.management.ThreadMXBean}): a count of bytes this thread asked the heap for,
 * exact and unaffected by other processes or by when the collector runs, so a test can assert
 * on it on a noisy machine. Each party runs on its own thread over a loopback socket.
 */
final class PartyMemory {
    /**
     * Bytes each party's thread allocated in one session: for its set-up ({@link GcSession#handshake()}:
     * the hello, the base OTs and the OT extension's set-up), for the first execution (making the
     * circuit on the party's thread included) and for the second.
     */
    record Allocated(long creatorSetUp, long creatorFirst, long creatorSecond, long evaluatorSetUp,
            long evaluatorFirst, long evaluatorSecond) {
    }

    private PartyMemory() {
    }

    static long allocatedByThisThread() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /**
     * Sets a session up and runs {@code circuit} twice in it; the circuit is made on each party's
     * thread.
     */
    static Allocated run(Supplier<Circuit> circuit, boolean[] x, boolean[] y) throws Exception {
        return run(circuit, x, y, SessionOptions.defaults());
    }

    /** As {@link #run(Supplier, boolean[], boolean[])} with both parties under {@code options}. */
    static Allocated run(Supplier<Circuit> circuit, boolean[] x, boolean[] y, SessionOptions options)
            throws Exception {
        ChannelOptions ch = ChannelOptions.builder().readTimeout(options.timeout()).build();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<long[]> creator = CompletableFuture.supplyAsync(() -> party(() -> {
                try (TcpChannel c = Transport.plain().accept(server, ch)) {
                    return twice(GcSession.creator(c, options), circuit, x);
                }
            }));
            long[] e = party(() -> {
                try (TcpChannel c = Transport.plain().connect("127.0.0.1", server.getLocalPort(), ch)) {
                    return twice(GcSession.evaluator(c, options), circuit, y);
                }
            });
            long[] c = creator.get();
            return new Allocated(c[0], c[1], c[2], e[0], e[1], e[2]);
        }
    }

    /**
     * The allocations of 128 base OTs on one thread each ({@link io.gcstream.ot.BaseOtProtocol}
     * with one thread, over an in-memory pair): {receiver's, sender's}, as a session's creator
     * and evaluator run them for the OT extension.
     */
    static long[] baseOts() throws Exception {
        int n = 128;
        Channel[] pair = MemoryChannel.pair(ChannelOptions.defaults());
        CompletableFuture<Long> receiver = CompletableFuture.supplyAsync(() -> {
            long start = allocatedByThisThread();
            try {
                BaseOtProtocol.CHOU_ORLANDI.create(1, Prg.fromSecureRandom())
                        .receiveRandom(pair[1], new long[(n + 63) / 64], n, new long[2 * n]);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return allocatedByThisThread() - start;
        });
        long start = allocatedByThisThread();
        BaseOtProtocol.CHOU_ORLANDI.create(1, Prg.fromSecureRandom())
                .sendRandom(pair[0], n, new long[2 * n], new long[2 * n]);
        long sender = allocatedByThisThread() - start;
        return new long[] {receiver.get(), sender};
    }

    /**
     * Bytes each party allocated, on its own thread and on its threads of runs computed beside
     * each other ({@code gcstream-ROLE-run-k}), in a session's set-up and in two calls of
     * {@code runMany} of {@code n} runs each: {creator's set-up, first, second, evaluator's ...}.
     */
    static Allocated runMany(Circuit circuit, boolean[] x, boolean[] y, SessionOptions options, int n)
            throws Exception {
        ChannelOptions ch = ChannelOptions.builder().readTimeout(options.timeout()).build();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<long[]> creator = CompletableFuture.supplyAsync(() -> party(() -> {
                try (TcpChannel c = Transport.plain().accept(server, ch)) {
                    return twiceMany(GcSession.creator(c, options), "creator", circuit, x, n);
                }
            }));
            long[] e = party(() -> {
                try (TcpChannel c = Transport.plain().connect("127.0.0.1", server.getLocalPort(), ch)) {
                    return twiceMany(GcSession.evaluator(c, options), "evaluator", circuit, y, n);
                }
            });
            long[] c = creator.get();
            return new Allocated(c[0], c[1], c[2], e[0], e[1], e[2]);
        }
    }

    /** Bytes allocated so far by each live thread of a party's runs beside each other, by thread id. */
    private static java.util.Map<Long, Long> runThreads(String role) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        java.util.Map<Long, Long> m = new java.util.HashMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("gcstream-" + role + "-run-")) {
                m.put(t.getId(), mx.getThreadAllocatedBytes(t.getId()));
            }
        }
        return m;
    }

    /** What the run threads allocated from {@code before} to now (threads started since count from 0). */
    private static long since(java.util.Map<Long, Long> before, String role) {
        long sum = 0;
        for (java.util.Map.Entry<Long, Long> e : runThreads(role).entrySet()) {
            sum += e.getValue() - before.getOrDefault(e.getKey(), 0L);
        }
        return sum;
    }

    private static long[] twiceMany(GcSession s, String role, Circuit c, boolean[] bits, int n) throws Exception {
        long setUp = allocatedByThisThread();
        s.handshake();
        long[] out = new long[3];
        out[0] = allocatedByThisThread() - setUp;
        for (int k = 1; k <= 2; k++) {
            java.util.Map<Long, Long> threads = runThreads(role);
            long start = allocatedByThisThread();
            s.runMany(io.gcstream.engine.RunSpec.of(c), n, i -> bits, r -> { });
            out[k] = allocatedByThisThread() - start + since(threads, role);
        }
        return out;
    }

    private interface Party {
        long[] run() throws Exception;
    }

    private static long[] party(Party p) {
        try {
            return p.run();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static long[] twice(GcSession s, Supplier<Circuit> make, boolean[] bits) throws Exception {
        long setUp = allocatedByThisThread();
        s.handshake();
        long start = allocatedByThisThread();
        Circuit c = make.get();
        s.run(c, bits);
        long first = allocatedByThisThread() - start;
        long mid = allocatedByThisThread();
        s.run(c, bits);
        return new long[] {start - setUp, first, allocatedByThisThread() - mid};
    }
}
