package io.gcstream.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.internal.session.CorrelatedOt;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * LocalPair.Outcome r = LocalPair.run(circuit, creatorBits, evaluatorBits);
 * boolean[] evaluatorOut = r.evaluatorOutputs();
 * }</pre>
 *
 * <p>Errors: a party's failure is the {@link SessionException} it threw (the creator's, with the
 * evaluator's attached as suppressed, if both failed); a loopback connection that cannot be
 * opened is an {@link UncheckedIOException}. Nothing here throws a checked exception.
 */
public final class LocalPair {
    /** How the two threads talk. */
    public enum Connection {
        /** An in-memory channel pair. */
        MEMORY,
        /** A TCP connection over the loopback interface (ephemeral port). */
        TCP
    }

    /** Both parties' outputs and statistics of one run. */
    public static final class Outcome {
        private final boolean[] creatorOutputs;
        private final boolean[] evaluatorOutputs;
        private final RunStats creatorStats;
        private final RunStats evaluatorStats;

        private Outcome(boolean[] creatorOutputs, boolean[] evaluatorOutputs, RunStats creatorStats,
                RunStats evaluatorStats) {
            this.creatorOutputs = creatorOutputs;
            this.evaluatorOutputs = evaluatorOutputs;
            this.creatorStats = creatorStats;
            this.evaluatorStats = evaluatorStats;
        }

        /** The creator's output bits, bit 0 first. */
        public boolean[] creatorOutputs() {
            return creatorOutputs.clone();
        }

        /** The evaluator's output bits, bit 0 first. */
        public boolean[] evaluatorOutputs() {
            return evaluatorOutputs.clone();
        }

        /** What the run cost the creator. */
        public RunStats creatorStats() {
            return creatorStats;
        }

        /** What the run cost the evaluator. */
        public RunStats evaluatorStats() {
            return evaluatorStats;
        }
    }

    private LocalPair() {
    }

    /**
     * One run in memory with default options, planned as a single run
     * ({@link SessionOptions.Builder#plannedRuns}).
     */
    public static Outcome run(Circuit circuit, boolean[] creatorInputs, boolean[] evaluatorInputs) {
        return runAll(circuit, List.of(creatorInputs), List.of(evaluatorInputs),
                SessionOptions.builder().plannedRuns(1).build(), Connection.MEMORY).get(0);
    }

    /**
     * Executions in one session with the given options and connection, so base OTs are done
     * once: run {@code i} uses {@code creatorInputs.get(i)} and {@code evaluatorInputs.get(i)}.
     * Returns one outcome per run.
     *
     * @throws IllegalArgumentException if the two lists differ in length or are empty
     */
    public static List<Outcome> runAll(Circuit circuit, List<boolean[]> creatorInputs,
            List<boolean[]> evaluatorInputs, SessionOptions options, Connection connection) {
        return run(circuit, creatorInputs, evaluatorInputs, options, connection, null, null);
    }

    static List<Outcome> run(Circuit circuit, List<boolean[]> xs, List<boolean[]> ys, SessionOptions options,
            Connection connection, CorrelatedOt creatorOt, CorrelatedOt evaluatorOt) {
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
            Channel[] pair = connect(connection, options, pool);
            Future<List<PartyRun>> ev = pool.submit(() -> {
                try (GcSession s = GcSession.create(Party.EVALUATOR, pair[1], options, evaluatorOt)) {
                    return runParty(s, circuit, ys);
                }
            });
            List<PartyRun> cr;
            try (GcSession s = GcSession.create(Party.CREATOR, pair[0], options, creatorOt)) {
                cr = runParty(s, circuit, xs);
            } catch (RuntimeException e) {
                try {
                    get(ev);
                } catch (RuntimeException other) {
                    e.addSuppressed(other);
                }
                throw e;
            }
            List<PartyRun> er = get(ev);
            List<Outcome> results = new ArrayList<>(runs);
            for (int i = 0; i < runs; i++) {
                results.add(new Outcome(cr.get(i).outputs(), er.get(i).outputs(), cr.get(i).stats(),
                        er.get(i).stats()));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The creator's and the evaluator's channel, connected to each other. */
    private static Channel[] connect(Connection connection, SessionOptions options, ExecutorService pool) {
        ChannelOptions o = ChannelOptions.builder().readTimeout(options.timeout()).build();
        if (connection == Connection.MEMORY) {
            return MemoryChannel.pair(o);
        }
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = server.getLocalPort();
            Future<Channel> evaluator = pool.submit(() -> Transport.plain().connect(
                    InetAddress.getLoopbackAddress().getHostAddress(), port, o));
            Channel creator = Transport.plain().accept(server, o);
            try {
                return new Channel[] {creator, get(evaluator)};
            } catch (RuntimeException e) {
                creator.close();
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a loopback connection: " + e.getMessage(), e);
        }
    }

    /** One run as one party saw it. */
    private record PartyRun(boolean[] outputs, RunStats stats) {
    }

    /** One party's runs, in order. */
    private static List<PartyRun> runParty(GcSession s, Circuit circuit, List<boolean[]> inputs) {
        List<PartyRun> out = new ArrayList<>(inputs.size());
        for (boolean[] in : inputs) {
            boolean[] o = s.run(circuit, in);
            out.add(new PartyRun(o, s.lastStats()));
        }
        return out;
    }

    /** The evaluator thread's result, or its exception as thrown there. */
    private static <T> T get(Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SessionException("interrupted while waiting for the evaluator thread", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            if (c instanceof IOException io) {
                throw new UncheckedIOException(io.getMessage(), io);
            }
            throw new IllegalStateException("the evaluator thread failed: " + c.getMessage(), c);
        }
    }
}
