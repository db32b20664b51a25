package io.gcstream.benchmarks.ot;

import io.gcstream.ot.channel.Transport;
import io.gcstream.ot.internal.base.BaseOtProtocol;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.internal.base.BaseOt;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.File;
import java.net.ServerSocket;
import java.util.Arrays;

/**
 * 128 random base OTs between two JVMs on this machine over loopback TCP (the setting of
 * EMP-toolkit's figures): this process is the base-OT receiver and starts a second JVM, the
 * sender. A run is timed on the receiver from sending the start command until the sender
 * reports that it has its outputs (so it includes one extra one-way message).
 *
 * <p>Prints, for each protocol ({@link BaseOtProtocol}; Chou-Orlandi alone since Naor-Pinkas
 * was removed), the first run in a fresh pair of JVMs (cold: class loading, tables,
 * interpreted code), then, in one pair of JVMs, {@code rounds} warm runs of each protocol
 * alternated run by run after {@code warmup} unmeasured ones: median, mean and minimum.
 * Finally one unmeasured run per protocol checks the outputs.
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.ot.BaseOtTwoProcess \
 *     [rounds [warmup [threads]]]          (defaults 20, 100, 2)
 * </pre>
 */
public final class BaseOtTwoProcess {
    private static final int N = 128;
    private static final int STOP = -1;
    private static final int CHECK = 100;

    private BaseOtTwoProcess() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("peer")) {
            peer(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            return;
        }
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        // The per-group code runs only 32 times per run: it takes ~100 runs to be fully compiled.
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        BaseOtProtocol[] protos = BaseOtProtocol.values();
        System.out.printf("cores=%d java=%s threads=%d rounds=%d warmup=%d, two JVMs%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                threads, rounds, warmup);
        System.out.println("| protocol | first run, fresh JVMs | warm median | warm mean | warm min |");
        System.out.println("|---|---|---|---|---|");
        double[] cold = new double[protos.length];
        for (int k = 0; k < protos.length; k++) {
            try (Peer p = new Peer(threads)) {
                cold[k] = p.run(protos[k], threads);
            }
        }
        double[][] warm = new double[protos.length][rounds];
        try (Peer p = new Peer(threads)) {
            for (int i = -warmup; i < rounds; i++) {
                for (int k = 0; k < protos.length; k++) {
                    double t = p.run(protos[k], threads);
                    if (i >= 0) {
                        warm[k][i] = t;
                    }
                }
            }
            for (BaseOtProtocol proto : protos) {
                p.check(proto, threads);
            }
        }
        for (int k = 0; k < protos.length; k++) {
            System.out.printf("| %s | %.1f ms | %.2f ms | %.2f ms | %.2f ms |%n", protos[k].id(),
                    cold[k], median(warm[k]), Arrays.stream(warm[k]).average().orElse(0),
                    min(warm[k]));
        }
    }

    /** The sender JVM: waits for commands (protocol ordinal, CHECK + ordinal, or STOP). */
    private static void peer(int port, int threads) throws Exception {
        try (TcpChannel ch = Transport.plain().connect("127.0.0.1", port, ChannelOptions.defaults())) {
            long[] out0 = new long[2 * N];
            long[] out1 = new long[2 * N];
            while (true) {
                int cmd = ch.readInt();
                if (cmd == STOP) {
                    return;
                }
                BaseOtProtocol proto = BaseOtProtocol.values()[cmd % CHECK];
                BaseOt s = proto.create(threads, Prg.fromSecureRandom());
                s.sendRandom(ch, N, out0, out1);
                ch.writeInt(1);
                if (cmd >= CHECK) {
                    ch.writeLongs(out0, 0, out0.length);
                    ch.writeLongs(out1, 0, out1.length);
                }
                ch.flush();
            }
        }
    }

    /** A sender JVM connected to this one. */
    private static final class Peer implements AutoCloseable {
        private final Process process;
        private final TcpChannel ch;
        private final long[] out = new long[2 * N];
        private final long[] choices = {0x0123456789abcdefL, 0x7edcba9876543210L};

        Peer(int threads) throws Exception {
            try (ServerSocket server = new ServerSocket(0)) {
                String java = System.getProperty("java.home") + File.separator + "bin"
                        + File.separator + "java";
                process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                        BaseOtTwoProcess.class.getName(), "peer",
                        Integer.toString(server.getLocalPort()), Integer.toString(threads))
                        .inheritIO().start();
                ch = Transport.plain().accept(server, ChannelOptions.defaults());
            }
        }

        /** One timed run; returns ms. */
        double run(BaseOtProtocol proto, int threads) throws Exception {
            BaseOt r = proto.create(threads, Prg.fromSecureRandom());
            long t0 = System.nanoTime();
            ch.writeInt(proto.ordinal());
            ch.flush();
            r.receiveRandom(ch, choices, N, out);
            if (ch.readInt() != 1) {
                throw new IllegalStateException("peer out of step");
            }
            return (System.nanoTime() - t0) / 1e6;
        }

        /** One untimed run whose sender outputs come back: the receiver must hold its choice. */
        void check(BaseOtProtocol proto, int threads) throws Exception {
            BaseOt r = proto.create(threads, Prg.fromSecureRandom());
            ch.writeInt(CHECK + proto.ordinal());
            ch.flush();
            r.receiveRandom(ch, choices, N, out);
            ch.readInt();
            long[] out0 = new long[2 * N];
            long[] out1 = new long[2 * N];
            ch.readLongs(out0, 0, out0.length);
            ch.readLongs(out1, 0, out1.length);
            for (int i = 0; i < N; i++) {
                long[] want = Blocks.bit(choices, i) ? out1 : out0;
                if (!Blocks.equals(want, i, out, i, 1)) {
                    throw new IllegalStateException(proto.id() + ": OT " + i + " is wrong");
                }
            }
        }

        @Override
        public void close() throws Exception {
            ch.writeInt(STOP);
            ch.flush();
            process.waitFor();
            ch.close();
        }
    }

    private static double median(double[] a) {
        double[] s = a.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static double min(double[] a) {
        return Arrays.stream(a).min().orElse(Double.NaN);
    }
}
