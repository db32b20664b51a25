package io.gcstream.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.internal.session.CorrelatedOt;
import io.gcstream.engine.internal.session.OtExtensionCot;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.TcpChannel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Both parties in one process, on two threads: for tests, demos and {@code gc run --local}.
 * The creator runs on the calling thread and the evaluator on a new one, over an in-memory
 * channel pair or a loopback TCP connection. Each party still learns only what the protocol
 * gives it; this class merely collects both results.
 *
 * <pre>{@code
 * LocalPair.Result r = LocalPair.run(circuit, creatorBits, evaluatorBits);
 * boolean[] evaluatorOut = r.evaluatorOutputs();
 * }</pre>
 */
public final class LocalPair {
    /** How the two threads talk. */
    public enum Transport {
        /** An in-memory channel pair. */
        MEMORY,
        /** A TCP connection over the loopback interface (ephemeral port). */
        TCP
    }

    /** Both parties' outputs and statistics. */
    public record Result(boolean[] creatorOutputs, boolean[] evaluatorOutputs,
            RunStats creatorStats, RunStats evaluatorStats) {
    }

    private LocalPair() {
    }

    /**
     * One run in memory with default options, planned as a single run
     * ({@link SessionOptions#singleRun()}).
     */
    public static Result run(Circuit circuit, boolean[] creatorInputs, boolean[] evaluatorInputs)
            throws IOException {
        return run(circuit, creatorInputs, evaluatorInputs, SessionOptions.builder().singleRun(true).build(),
                Transport.MEMORY);
    }

    /** One run with the given options and transport. */
    public static Result run(Circuit circuit, boolean[] creatorInputs, boolean[] evaluatorInputs,
            SessionOptions options, Transport transport) throws IOException {
        return runAll(circuit, List.of(creatorInputs), List.of(evaluatorInputs), options, transport).get(0);
    }

    /**
     * Several executions in one session, so base OTs are done once: run {@code i} uses
     * {@code creatorInputs.get(i)} and {@code evaluatorInputs.get(i)}. Returns one result per run.
     *
     * @throws IllegalArgumentException if the two lists differ in length or are empty
     */
    public static List<Result> runAll(Circuit circuit, List<boolean[]> creatorInputs,
            List<boolean[]> evaluatorInputs, SessionOptions options, Transport transport) throws IOException {
        return run(circuit, creatorInputs, evaluatorInputs, options, transport,
                OtExtensionCot.forSession(options.seed(), true, options.otBlockSize()),
                OtExtensionCot.forSession(options.seed(), false, options.otBlockSize()));
    }

    static List<Result> run(Circuit circuit, List<boolean[]> xs, List<boolean[]> ys, SessionOptions options,
            Transport transport, CorrelatedOt creatorOt, CorrelatedOt evaluatorOt)
            throws IOException {
        if (xs.size() != ys.size() || xs.isEmpty()) {
            throw new IllegalArgumentException("need the same positive number of creator and evaluator inputs, got "
                    + xs.size() + " and " + ys.size());
        }
        int runs = xs.size();
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gcstream-local-evaluator");
            t.setDaemon(true);
            return t;
        });
        try {
            Channel creatorCh;
            Future<Channel> evaluatorCh;
            if (transport == Transport.MEMORY) {
                MemoryChannel[] pair = MemoryChannel.pair(ChannelOptions.builder().readTimeout(options.timeout()).build());
                creatorCh = pair[0];
                Channel e = pair[1];
                evaluatorCh = java.util.concurrent.CompletableFuture.completedFuture(e);
            } else {
                try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                    int port = server.getLocalPort();
                    evaluatorCh = pool.submit(() -> TcpChannel.connect(
                            InetAddress.getLoopbackAddress().getHostAddress(), port,
                            ChannelOptions.builder().readTimeout(options.timeout()).build()));
                    creatorCh = TcpChannel.accept(server, ChannelOptions.builder().readTimeout(options.timeout()).build());
                }
            }
            Channel ech = get(evaluatorCh);
            Future<List<PartyRun>> ev = pool.submit(() -> {
                try (Channel c = ech) {
                    return runParty(GcSession.create(Party.EVALUATOR, c, options, evaluatorOt), circuit, ys);
                }
            });
            List<PartyRun> cr;
            try (Channel c = creatorCh) {
                cr = runParty(GcSession.create(Party.CREATOR, c, options, creatorOt), circuit, xs);
            } catch (IOException | RuntimeException e) {
                try {
                    get(ev);
                } catch (IOException | RuntimeException other) {
                    e.addSuppressed(other);
                }
                throw e;
            }
            List<PartyRun> er = get(ev);
            List<Result> results = new ArrayList<>(runs);
            for (int i = 0; i < runs; i++) {
                results.add(new Result(cr.get(i).outputs(), er.get(i).outputs(), cr.get(i).stats(),
                        er.get(i).stats()));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One run as one party saw it. */
    private record PartyRun(boolean[] outputs, RunStats stats) {
    }

    /** One party's runs, in order. */
    private static List<PartyRun> runParty(GcSession s, Circuit circuit, List<boolean[]> inputs)
            throws IOException {
        List<PartyRun> out = new ArrayList<>(inputs.size());
        for (boolean[] in : inputs) {
            boolean[] o = s.run(circuit, in);
            out.add(new PartyRun(o, s.lastStats()));
        }
        return out;
    }

    private static <T> T get(Future<T> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the evaluator thread", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException) {
                throw (IOException) c;
            }
            if (c instanceof RuntimeException) {
                throw (RuntimeException) c;
            }
            if (c instanceof Error) {
                throw (Error) c;
            }
            throw new IOException("the evaluator thread failed: " + c.getMessage(), c);
        }
    }
}
