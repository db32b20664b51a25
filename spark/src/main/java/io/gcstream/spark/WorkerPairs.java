package io.gcstream.spark;

import io.gcstream.circuits.Party;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.SessionOptions;
import io.gcstream.engine.SessionState;
import io.gcstream.engine.SharedDelta;
import io.gcstream.engine.internal.state.StateBytes;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.spark.internal.Endpoint;
import io.gcstream.spark.internal.Frames;
import io.gcstream.spark.internal.Job;
import io.gcstream.spark.internal.PairSettings;
import io.gcstream.spark.internal.PartyKeys;
import io.gcstream.spark.internal.Requests;
import io.gcstream.spark.internal.Rows;
import io.gcstream.spark.internal.SliceTask;
import io.gcstream.spark.internal.Workloads;
import java.io.IOException;
import java.net.ServerSocket;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.SparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One party's side of gcstream worker pairs on Apache Spark, made on its driver: partition i
 * of this party's {@code Dataset} is paired with partition i of the peer's, each pair one
 * gcstream session over its own mutually authenticated TLS connection, and the two parties are
 * two separate Spark applications. Both parties call the same methods in the same order (the
 * n-th job of one is paired with the n-th of the other; kind and number of slices must match,
 * else both fail saying so); each call blocks until the job is done and fails with a
 * {@link WorkerPairsException} of one line otherwise.
 *
 * <pre>{@code
 * // creator                                         // evaluator
 * try (WorkerPairs w = WorkerPairs.creator(spark, o)) { try (WorkerPairs w = WorkerPairs.evaluator(spark, o)) {
 *     w.prf(key, 4);                                     Dataset<Row> c = w.prf(rows, "id", "block");
 *     AggregateResult a = w.aggregate(mine, "u", "s");   AggregateResult a = w.aggregate(mine, "u", "s");
 * }                                                  }
 * }</pre>
 *
 * <p><b>Pairing.</b> The creator's driver publishes one endpoint ({@link WorkerPairsOptions.Builder#endpoint(String, int)}),
 * where the evaluator's tasks learn where the creator's task of their slice listens. Each
 * party's driver also runs a party-internal service that only the party's own certificate
 * opens, from which its executors take the job's secrets (Δ, the creator's key) and to which
 * they report; secrets are never in a task closure, broadcast or log. docs/scale.md lists the
 * ports and the sizes each party reveals (rows per slice, k).
 *
 * <p><b>Scheduling and faults.</b> Each round is a barrier stage, so all k tasks of a party
 * run at once (the cluster needs k task slots) and no pair waits on a task queued behind its
 * peer; a peer task that does not come within the connect timeout fails the job with that
 * message. A slice whose pair failed (a killed executor, a broken connection) is run again in
 * the next round by both parties as a fresh session; a slice is done when both parties hold its
 * result from the same round, and only that result is used. Not thread-safe: one job at a
 * time per instance.
 */
public final class WorkerPairs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerPairs.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SparkSession spark;
    private final Party role;
    private final PairSettings options;
    private final PartyKeys keys;
    private final Endpoint endpoint;
    private int seq;

    private WorkerPairs(SparkSession spark, Party role, WorkerPairsOptions options) {
        this.spark = Objects.requireNonNull(spark, "spark");
        this.role = role;
        this.options = Objects.requireNonNull(options, "options").settings();
        this.keys = PartyKeys.load(this.options);
        this.endpoint = new Endpoint(role, this.options, keys);
    }

    /** The creator's side: starts its published endpoint and its party-internal service. */
    public static WorkerPairs creator(SparkSession spark, WorkerPairsOptions options) {
        return new WorkerPairs(spark, Party.CREATOR, options);
    }

    /** The evaluator's side: starts its party-internal service; it connects to the creator's endpoint. */
    public static WorkerPairs evaluator(SparkSession spark, WorkerPairsOptions options) {
        return new WorkerPairs(spark, Party.EVALUATOR, options);
    }

    /**
     * The creator's side of the oblivious PRF over {@code slices} pairs: AES-128 under
     * {@code key} (16 bytes; copied and wiped after the job) of every evaluator row. Learns
     * nothing but the number of rows of each slice.
     */
    public void prf(byte[] key, int slices) {
        require(Party.CREATOR, "prf(key, slices)");
        Objects.requireNonNull(key, "key");
        if (key.length != 16) {
            throw new IllegalArgumentException("an AES-128 key is 16 bytes, not " + key.length);
        }
        RDD<Object> none = rdd(spark.sparkContext().parallelize(
                scala.jdk.javaapi.CollectionConverters.asScala(List.<Object>of()).toSeq(), slices,
                scala.reflect.ClassTag$.MODULE$.apply(Object.class)));
        Job j = endpoint.open(seq++, Job.PRF, checkSlices(slices));
        j.secret("key", key);
        try {
            rounds(j, none);
        } finally {
            endpoint.forget(j);
        }
    }

    /**
     * The evaluator's side of the oblivious PRF: for each row of {@code rows}, the AES-128
     * encryption of its {@code blockColumn} (binary, 16 bytes) under the creator's key, as a
     * Dataset of ({@code keyColumn}, {@code ciphertext}) in slice order. Keys are strings, longs,
     * ints or binary. The slices are the partitions of {@code rows} (use {@code repartition(k)},
     * not {@code coalesce}); the ciphertexts are gathered on this driver.
     */
    public Dataset<Row> prf(Dataset<Row> rows, String keyColumn, String blockColumn) {
        require(Party.EVALUATOR, "prf(rows, keyColumn, blockColumn)");
        Dataset<Row> in = rows.select(functions.col(keyColumn), functions.col(blockColumn));
        RDD<Object> data = rdd(in.rdd());
        Job j = join(Job.PRF, data.getNumPartitions());
        try {
            rounds(j, data);
            List<Row> out = new ArrayList<>();
            for (Job.Result r : j.results()) {
                Rows.decode(r.payload(), out);
            }
            return spark.createDataFrame(out, Rows.schema(in.schema().fields()[0]));
        } finally {
            endpoint.forget(j);
        }
    }

    /**
     * The minimum of {@code minColumn} (unsigned 32-bit values) and the sum modulo 2^64 of
     * {@code sumColumn} (64-bit) over both parties' rows; both parties call it with their own
     * rows and learn the answer and nothing else. Each pair folds its slice into a value kept
     * garbled, under one Δ shared by the creator's workers and a salt of its own; a last run
     * between the drivers combines the k kept values. Slices are the partitions of {@code rows}.
     */
    public AggregateResult aggregate(Dataset<Row> rows, String minColumn, String sumColumn) {
        Dataset<Row> in = rows.select(functions.col(minColumn).cast("long"), functions.col(sumColumn).cast("long"));
        RDD<Object> data = rdd(in.rdd());
        int k = checkSlices(data.getNumPartitions());
        Job j;
        ServerSocket combine = null;
        SharedDelta delta = null;
        byte[] halvesKey = new byte[32];
        RANDOM.nextBytes(halvesKey);
        try {
            if (role == Party.CREATOR) {
                j = endpoint.open(seq++, Job.AGGREGATE, k);
                delta = SharedDelta.random();
                byte[] d = delta.toBytes();
                j.secret("delta", d);
                Arrays.fill(d, (byte) 0);
                combine = new ServerSocket();
                Endpoint.bind(combine, options);
            } else {
                j = join(Job.AGGREGATE, k);
            }
            j.secret("halves", halvesKey);
            try {
                rounds(j, data, combine == null ? 0 : combine.getLocalPort());
                long[] answer = combine(j, combine, halvesKey);
                return new AggregateResult(answer[0], answer[1], k, j.round());
            } finally {
                endpoint.forget(j);
            }
        } catch (IOException e) {
            throw new WorkerPairsException("cannot listen for the combining run on " + options.bindHost() + ": "
                    + Frames.line(e));
        } finally {
            Arrays.fill(halvesKey, (byte) 0);
            if (delta != null) {
                delta.destroy();
            }
            if (combine != null) {
                try {
                    combine.close();
                } catch (IOException ignored) {
                    // closing
                }
            }
        }
    }

    /** The combining run between the drivers: the k halves, resumed at once; returns {min, sum}. */
    private long[] combine(Job j, ServerSocket server, byte[] halvesKey) {
        List<SessionState> halves = new ArrayList<>();
        try {
            for (Job.Result r : j.results()) {
                halves.add(StateBytes.fromBytes(r.payload(), halvesKey));
            }
        } catch (IOException e) {
            throw new WorkerPairsException("a slice's half cannot be read back: " + Frames.line(e));
        }
        ChannelOptions co = ChannelOptions.builder().connectTimeout(options.connectTimeout())
                .readTimeout(options.timeout()).writeTimeout(options.timeout()).build();
        SessionOptions so = SessionOptions.builder().timeout(options.timeout()).build();
        try (Channel ch = role == Party.CREATOR ? keys.peer().accept(server, co)
                : keys.peer().connect(options.endpointHost(), j.lastDecision().combinePort(), co)) {
            SliceTask.preamble(ch, java.util.HexFormat.of().parseHex(j.id()), j.kind(), 0, -1, 0);
            try (GcSession s = GcSession.resume(ch, so, halves)) {
                return Workloads.combine(s);
            }
        } catch (IOException | RuntimeException e) {
            throw new WorkerPairsException("the combining run of job " + j.seq() + " failed: " + Frames.line(e), e);
        }
    }

    /** The evaluator joins the creator's job of this sequence number, waiting up to the connect timeout. */
    private Job join(int kind, int slices) {
        checkSlices(slices);
        int n = seq++;
        long deadline = System.nanoTime() + options.connectTimeout().toNanos();
        try {
            while (true) {
                Frames.In a = Requests.published(keys, options, new Frames.Out(Endpoint.JOIN).i32(n).i32(kind)
                        .i32(slices).build());
                int t = a.type();
                if (t == Endpoint.OK) {
                    return endpoint.adopt(a.bytes(16), n, kind, slices);
                }
                if (t != Endpoint.WAIT) {
                    throw new WorkerPairsException("the creator refused job " + n + ": " + a.text());
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new WorkerPairsException("the creator did not start job " + n + " (" + describe(kind, slices)
                            + ") within " + options.connectTimeout().toMillis() + " ms");
                }
                sleep(200);
            }
        } catch (IOException e) {
            throw new WorkerPairsException(Frames.line(e), e);
        }
    }

    private void rounds(Job j, RDD<Object> data) {
        rounds(j, data, 0);
    }

    /** Rounds of barrier stages until every slice is done on both sides, or the job fails. */
    private void rounds(Job j, RDD<Object> data, int combinePort) {
        SparkContext sc = spark.sparkContext();
        String driverHost = Endpoint.advertised(options, sc.conf().get("spark.driver.host", "127.0.0.1"));
        while (true) {
            int r = j.round();
            SliceTask task = new SliceTask(role, j.kind(), java.util.HexFormat.of().parseHex(j.id()), r, j.done(),
                    options, driverHost, endpoint.internalPort());
            String group = "gcstream-" + j.id() + "-" + r;
            sc.setJobGroup(group, "gcstream worker pairs, job " + j.seq() + ", round " + r, true);
            Thread watcher = role == Party.CREATOR ? cancelOnPeerFailure(sc, j, r, group) : null;
            String failure = null;
            try {
                data.barrier().mapPartitions(task, false, scala.reflect.ClassTag$.MODULE$.apply(Object.class)).count();
            } catch (Exception e) { // SparkException is checked to Java but thrown undeclared
                failure = "round " + r + ": this party's Spark job failed: " + Frames.line(e);
            } finally {
                sc.clearJobGroup();
                if (watcher != null) {
                    watcher.interrupt();
                }
            }
            j.endRound(failure);
            Job.Decision d = role == Party.CREATOR ? decide(j, r, combinePort) : reportAndAwait(j, r);
            LOG.info("gcstream worker pairs: job {} ({}), round {}: {} of {} slices done{}", j.seq(),
                    describe(j.kind(), j.slices()), r, d.done().cardinality(), j.slices(),
                    j.failures().isEmpty() ? "" : "; failures: " + String.join("; ", j.failures()));
            if (role == Party.EVALUATOR) {
                j.keep(d.done());
            } else if (d.kind() != Job.Decision.NEXT) {
                // Before this job's end may close the endpoint: the evaluator learns how it ended.
                try {
                    j.awaitFetched(r, options.connectTimeout().toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (d.kind() == Job.Decision.DONE) {
                return;
            }
            if (d.kind() == Job.Decision.FAIL) {
                throw new WorkerPairsException(d.failure());
            }
            j.nextRound();
        }
    }

    /** Creator: cancels its round's stage when the evaluator reports a failure that another round cannot mend. */
    private static Thread cancelOnPeerFailure(SparkContext sc, Job j, int round, String group) {
        Thread t = new Thread(() -> {
            try {
                while (!j.peerFatal(round)) {
                    Thread.sleep(100);
                }
                sc.cancelJobGroup(group);
            } catch (InterruptedException ignored) {
                // the round ended
            }
        }, "gcstream-spark-round-watch");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Creator: waits for the evaluator's report of the round, then decides for both. */
    private Job.Decision decide(Job j, int round, int combinePort) {
        long deadline = System.nanoTime() + options.connectTimeout().plus(options.timeout()).toNanos();
        while (j.fatal() == null && !j.peerEnded(round)) {
            if (System.nanoTime() - deadline > 0) {
                Job.Decision d = new Job.Decision(Job.Decision.FAIL, j.done(), 0, "the evaluator's driver did not"
                        + " report round " + round + " within " + (options.connectTimeout().plus(options.timeout()))
                        .toMillis() + " ms");
                j.decided(round, d);
                return d;
            }
            sleep(50);
        }
        return j.decide(options.maxRounds(), combinePort);
    }

    /** Evaluator: reports the round to the creator and waits for its decision. */
    private Job.Decision reportAndAwait(Job j, int round) {
        Frames.Out report = new Frames.Out(Endpoint.ROUND_END).bytes(java.util.HexFormat.of().parseHex(j.id()))
                .i32(round);
        java.util.Map<Integer, String> held = j.held();
        report.i32(held.size());
        held.forEach((s, id) -> report.i32(s).text(id));
        List<String> failures = j.failures();
        report.i32(j.fatal() != null ? 1 : 0).text(j.fatal() != null ? j.fatal()
                : failures.isEmpty() ? "" : failures.get(failures.size() - 1));
        long deadline = System.nanoTime() + options.connectTimeout().plus(options.timeout()).toNanos();
        try {
            Requests.published(keys, options, report.build());
            while (true) {
                Frames.In a = Requests.published(keys, options, new Frames.Out(Endpoint.DECISION)
                        .bytes(java.util.HexFormat.of().parseHex(j.id())).i32(round).build());
                int t = a.type();
                if (t == Endpoint.OK) {
                    Job.Decision d = Endpoint.decodeDecision(a, j.slices());
                    j.decided(round, d);
                    return d;
                }
                if (t != Endpoint.WAIT) {
                    throw new WorkerPairsException("the creator: " + a.text());
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new WorkerPairsException("the creator did not decide round " + round + " of job " + j.seq()
                            + " within " + options.connectTimeout().plus(options.timeout()).toMillis() + " ms");
                }
                sleep(100);
            }
        } catch (IOException e) {
            throw new WorkerPairsException(Frames.line(e), e);
        }
    }

    private void require(Party p, String what) {
        if (role != p) {
            throw new IllegalStateException(what + " is the " + (p == Party.CREATOR ? "creator" : "evaluator")
                    + "'s side of the job; this is the " + (role == Party.CREATOR ? "creator" : "evaluator"));
        }
    }

    private static int checkSlices(int k) {
        if (k < 1 || k > Endpoint.MAX_SLICES) {
            throw new IllegalArgumentException("a job has 1 to " + Endpoint.MAX_SLICES + " slices, not " + k);
        }
        return k;
    }

    private static String describe(int kind, int slices) {
        return (kind == Job.PRF ? "oblivious PRF" : "aggregate") + " over " + slices + " slices";
    }

    @SuppressWarnings("unchecked")
    private static RDD<Object> rdd(RDD<?> r) {
        return (RDD<Object>) r;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkerPairsException("interrupted");
        }
    }

    /** Stops this party's services; secrets still held are wiped. */
    @Override
    public void close() {
        endpoint.close();
    }

    @Override
    public String toString() {
        return "WorkerPairs{" + (role == Party.CREATOR ? "creator" : "evaluator") + ", " + options + "}";
    }
}
