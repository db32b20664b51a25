package io.gcstream.spark.internal;

import io.gcstream.circuits.Party;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.SessionOptions;
import io.gcstream.engine.SessionState;
import io.gcstream.engine.SharedDelta;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TlsConfig;
import io.gcstream.ot.channel.Transport;
import io.gcstream.spark.examples.ExampleData;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The baseline of docs/scale.md: one gcstream pair doing a job's work without Spark, both
 * parties in this JVM on two threads over TLS on loopback, the same sessions a job of one slice
 * runs (the slice, then for the aggregate the combining run). Usage: {@code OnePair KEYS
 * WORKLOAD ROWS [SEED]} with the key files' password in {@code GC_TLS_PASSWORD}; prints the
 * answer and the seconds. Internal.
 */
public final class OnePair {
    private OnePair() {
    }

    public static void main(String[] args) throws Exception {
        Path keys = Path.of(args[0]);
        String workload = args[1];
        int rows = Integer.parseInt(args[2]);
        long seed = args.length > 3 ? Long.parseLong(args[3]) : 1;
        char[] pw = System.getenv("GC_TLS_PASSWORD").toCharArray();
        Transport[] t = new Transport[2];
        String[] roles = {"creator", "evaluator"};
        for (int i = 0; i < 2; i++) {
            t[i] = Transport.tls(TlsConfig.load(keys.resolve(roles[i] + ".p12"), keys.resolve(roles[i] + "-trust.p12"),
                    pw).withPeer(Files.readString(keys.resolve(roles[1 - i] + ".fingerprint")).trim()));
        }
        long t0 = System.nanoTime();
        String answer = workload.equals("prf") ? prf(t, rows, seed) : aggregate(t, rows, seed);
        System.out.printf("%s in %.1f s%n", answer, (System.nanoTime() - t0) / 1e9);
    }

    private static String prf(Transport[] t, int rows, long seed) throws Exception {
        byte[][] blocks = new byte[rows][];
        for (int i = 0; i < rows; i++) {
            blocks[i] = ExampleData.block(seed, i);
        }
        byte[] key = java.util.HexFormat.of().parseHex("2b7e151628aed2a6abf7158809cf4f3c");
        SessionOptions o = SessionOptions.builder().plannedRuns(rows).build();
        byte[][][] out = new byte[1][][];
        both(t, c -> Workloads.prfCreator(GcSession.creator(c, o), key, rows),
                e -> out[0] = Workloads.prfEvaluator(GcSession.evaluator(e, o), blocks));
        return "prf rows=" + rows + " last=" + java.util.HexFormat.of().formatHex(out[0][rows - 1]);
    }

    private static String aggregate(Transport[] t, int rows, long seed) throws Exception {
        long[][] min = new long[2][rows];
        long[][] sum = new long[2][rows];
        for (int p = 0; p < 2; p++) {
            for (int i = 0; i < rows; i++) {
                min[p][i] = ExampleData.mix(seed, p, i) & 0xFFFF_FFFFL;
                sum[p][i] = ExampleData.mix(seed, p + 2, i);
            }
        }
        SharedDelta delta = SharedDelta.random();
        SessionOptions o = SessionOptions.builder().build();
        SessionState[] halves = new SessionState[2];
        both(t, c -> halves[0] = Workloads.aggregateSlice(GcSession.creator(c, o, delta), min[0], sum[0], rows),
                e -> halves[1] = Workloads.aggregateSlice(GcSession.evaluator(e, o), min[1], sum[1], rows));
        long[][] answer = new long[1][];
        both(t, c -> Workloads.combine(GcSession.resume(c, o, List.of(halves[0]))),
                e -> answer[0] = Workloads.combine(GcSession.resume(e, o, List.of(halves[1]))));
        return "aggregate min=" + answer[0][0] + " sum=" + answer[0][1];
    }

    /** What one party does on its channel. */
    private interface Side {
        void run(Channel ch) throws Exception;
    }

    private static void both(Transport[] t, Side creator, Side evaluator) throws Exception {
        ChannelOptions co = ChannelOptions.defaults();
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            CompletableFuture<Void> e = CompletableFuture.runAsync(() -> {
                try (Channel ch = t[1].connect("127.0.0.1", server.getLocalPort(), co)) {
                    evaluator.run(ch);
                } catch (Exception x) {
                    throw new IllegalStateException(x);
                }
            });
            try (Channel ch = t[0].accept(server, co)) {
                creator.run(ch);
            }
            e.get();
        }
    }
}
