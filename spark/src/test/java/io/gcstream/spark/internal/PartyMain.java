package io.gcstream.spark.internal;

import io.gcstream.spark.AggregateResult;
import io.gcstream.spark.WorkerPairs;
import io.gcstream.spark.WorkerPairsException;
import io.gcstream.spark.WorkerPairsOptions;
import io.gcstream.spark.examples.ExampleData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.BlockId;
import scala.runtime.AbstractFunction1;

/**
 * One party of {@code TwoApplicationsTest}, in a JVM of its own with a local-mode Spark
 * application: {@code ROLE KEYS PORT OUT WORK}, writing one line per job to OUT and, under
 * WORK, its event log, the creator's job secrets and the task binaries (the serialized closures
 * Spark broadcast to its executors). The jobs: the PRF and the aggregate for k = 1, 2, 3; an
 * aggregate whose creator task of slice 1 is killed in the first round; an aggregate whose
 * creator's slots are taken, so its tasks never come (with a connect timeout of 5 s).
 */
public final class PartyMain {
    static final byte[] KEY = HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f");

    private PartyMain() {
    }

    static long prfRows(int k) {
        return 7L * k + 3;
    }

    static long aggregateRows(String scenario, int party, int k) {
        return scenario.equals("retry") ? 8_000 : party == 0 ? 150L * k + 7 : 260L * k + 1;
    }

    /** The options of one party, with {@code connectTimeout} and the endpoint on {@code port}. */
    private static WorkerPairsOptions options(Path keys, String role, int port, int connectTimeout) throws Exception {
        String peer = role.equals("creator") ? "evaluator" : "creator";
        return WorkerPairsOptions.builder()
                .keys(keys.resolve(role + ".p12"), keys.resolve(role + "-trust.p12"))
                .peer(Files.readString(keys.resolve(peer + ".fingerprint")).trim())
                .passwordFile(keys.resolve("password")).endpoint("127.0.0.1", port).bindHost("127.0.0.1")
                .connectTimeout(Duration.ofSeconds(connectTimeout)).timeout(Duration.ofSeconds(30)).build();
    }

    public static void main(String[] args) throws Exception {
        String role = args[0];
        Path keys = Path.of(args[1]);
        int port = Integer.parseInt(args[2]);
        Path out = Path.of(args[3]);
        Path work = Path.of(args[4]);
        boolean creator = role.equals("creator");
        List<String> secrets = new ArrayList<>();
        if (creator) {
            Job.secretsForTests = (name, value) -> {
                synchronized (secrets) {
                    secrets.add(name + " " + HexFormat.of().formatHex(value));
                }
            };
        }
        Files.createDirectories(work.resolve("events"));
        SparkSession spark = SparkSession.builder().master("local[3]").appName("gcstream test " + role)
                .config("spark.ui.enabled", "false")
                .config("spark.eventLog.enabled", "true")
                .config("spark.eventLog.dir", work.resolve("events").toUri().toString())
                .config("spark.eventLog.compress", "false")
                .config("spark.broadcast.compress", "false")
                .config("spark.cleaner.referenceTracking", "false")
                .getOrCreate();
        List<String> lines = new ArrayList<>();
        try (WorkerPairs w = creator ? WorkerPairs.creator(spark, options(keys, role, port, 60))
                : WorkerPairs.evaluator(spark, options(keys, role, port, 60))) {
            for (int slices = 1; slices <= 3; slices++) {
                int k = slices;
                lines.add(attempt("prf k=" + k + " ", () -> prf(spark, w, creator, k)));
                lines.add(attempt("aggregate k=" + k + " ", () -> aggregate(spark, w, creator, "workloads", k)));
            }
            if (creator) {
                killOnce(spark.sparkContext(), 1);
            }
            lines.add(attempt("retry k=2 ", () -> aggregate(spark, w, creator, "retry", 2)));
        }
        // A peer whose tasks never come: the creator's slots are taken; a short connect timeout.
        try (WorkerPairs w = creator ? WorkerPairs.creator(spark, options(keys, role, port + 1, 5))
                : WorkerPairs.evaluator(spark, options(keys, role, port + 1, 5))) {
            if (creator) {
                occupySlots(spark.sparkContext());
            }
            lines.add(attempt("missing k=2 ", () -> aggregate(spark, w, creator, "workloads", 2)));
        }
        RELEASE.set(true);
        if (creator) {
            dumpTaskBinaries(work.resolve("closures.bin"));
            synchronized (secrets) {
                Files.write(work.resolve("secrets"), secrets);
            }
        }
        Files.write(out, lines);
        spark.stop();
        System.exit(0);
    }

    /** A job's line, or its failure's, after {@code prefix}. */
    private static String attempt(String prefix, java.util.concurrent.Callable<String> job) throws Exception {
        try {
            return prefix + job.call();
        } catch (WorkerPairsException e) {
            return prefix + "failed: " + e.getMessage();
        }
    }

    private static String prf(SparkSession spark, WorkerPairs w, boolean creator, int k) {
        if (creator) {
            w.prf(KEY, k);
            return "served";
        }
        List<String> rows = new ArrayList<>();
        for (Row r : w.prf(ExampleData.prfRows(spark, k, prfRows(k), k), "key", "block").collectAsList()) {
            rows.add(r.getLong(0) + " " + HexFormat.of().formatHex((byte[]) r.get(1)));
        }
        return String.join(",", rows);
    }

    private static String aggregate(SparkSession spark, WorkerPairs w, boolean creator, String scenario, int k) {
        int party = creator ? 0 : 1;
        AggregateResult a = w.aggregate(ExampleData.aggregateRows(spark, k, party,
                aggregateRows(scenario, party, k), k), "u", "s");
        return "min=" + a.min() + " sum=" + a.sum() + " slices=" + a.slices() + " rounds=" + a.rounds();
    }

    /**
     * Kills the next task of partition {@code slice} once, as soon as it listens for its peer
     * (so it is killed while pairing or in its session, never after).
     */
    private static void killOnce(SparkContext sc, int slice) {
        java.util.concurrent.atomic.AtomicLong task = new java.util.concurrent.atomic.AtomicLong(-1);
        AtomicBoolean listened = new AtomicBoolean();
        AtomicBoolean done = new AtomicBoolean();
        Runnable kill = () -> {
            if (listened.get() && task.get() >= 0 && !done.getAndSet(true)) {
                sc.killTaskAttempt(task.get(), true, "test: a lost task");
            }
        };
        sc.addSparkListener(new SparkListener() {
            @Override
            public void onTaskStart(SparkListenerTaskStart e) {
                if (e.taskInfo().index() == slice && task.get() < 0) {
                    task.set(e.taskInfo().taskId());
                    kill.run();
                }
            }
        });
        Job.listeningForTests = (round, s) -> {
            if (s == slice) {
                listened.set(true);
                kill.run();
            }
        };
    }

    /** Set when the scenario is over: the tasks holding the slots end (local mode: one JVM). */
    static final AtomicBoolean RELEASE = new AtomicBoolean();

    /** Takes every task slot with a job that sleeps, so the creator's slice tasks cannot start. */
    private static void occupySlots(SparkContext sc) throws InterruptedException {
        Thread t = new Thread(() -> {
            try {
                new org.apache.spark.api.java.JavaSparkContext(sc).parallelize(List.of(1, 2, 3), 3).foreach(x -> {
                    while (!RELEASE.get()) {
                        Thread.sleep(100);
                    }
                });
            } catch (RuntimeException ignored) {
                // cancelled when the test ends
            }
        });
        t.setDaemon(true);
        t.start();
        Thread.sleep(3000);
    }

    /** The broadcast pieces in this JVM's block manager: the task binaries of every stage run. */
    private static void dumpTaskBinaries(Path file) throws Exception {
        var bm = SparkEnv.get().blockManager();
        var ids = bm.getMatchingBlockIds(new AbstractFunction1<BlockId, Object>() {
            @Override
            public Object apply(BlockId id) {
                return id.isBroadcast() && id.name().contains("piece");
            }
        });
        try (var outStream = Files.newOutputStream(file)) {
            var it = ids.iterator();
            while (it.hasNext()) {
                BlockId id = it.next();
                var bytes = bm.memoryStore().getBytes(id);
                if (bytes.isDefined()) {
                    outStream.write(bytes.get().toArray());
                }
            }
        }
    }
}
