package io.gcstream.benchmarks.ot;

import io.gcstream.circuits.internal.Body;
import io.gcstream.ot.OtExtensionReceiver;
import io.gcstream.ot.OtExtensionSender;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.internal.SessionDeltaOt;
import io.gcstream.ot.internal.base.BaseOt;
import io.gcstream.ot.internal.base.BaseOtProtocol;
import io.gcstream.ot.internal.crypto.Prg;
import java.util.Arrays;

/**
 * A plain benchmark that prints a table (no JMH): 128 base OTs with 1, 2 and 4 threads (each
 * protocol of {@link BaseOtProtocol}, alternated run by run: Chou-Orlandi on edwards25519 alone
 * since Naor-Pinkas was removed), and 10^7 C-OTs / R-OTs over loopback TCP, both parties in this
 * JVM (two threads). Each figure is the median of {@code reps} runs after {@code warmup}
 * unmeasured runs (JIT warm-up; five times as many for the base OTs).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.ot.OtBench [reps [warmup [part [threads]]]]
 * </pre>
 *
 * {@code part} is {@code all} (the default), {@code baseot} (only the base OTs) or {@code ext}
 * (only the OT extension), for scripts that time one of them; {@code threads} is each side's
 * {@code OtOptions.Builder.threads} (default 1).
 */
public final class OtBench {
    private OtBench() {
    }

    public static void main(String[] args) throws Exception {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        String part = args.length > 2 ? args[2] : "all";
        int extThreads = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        if (!part.equals("all") && !part.equals("baseot") && !part.equals("ext")) {
            System.err.println("OtBench: part must be all, baseot or ext, got " + part);
            System.exit(2);
        }
        System.out.printf("cores=%d java=%s reps=%d warmup=%d%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                reps, warmup);
        try (LoopbackPair pair = new LoopbackPair()) {
            Prg p = Prg.fromSecureRandom();
            System.out.println("| what | threads | median | min |");
            System.out.println("|---|---|---|---|");
            for (int threads : part.equals("ext") ? new int[0] : new int[] {1, 2, 4}) {
                BaseOtProtocol[] protos = BaseOtProtocol.values();
                double[][] ms = new double[protos.length][reps];
                for (int i = -warmup * 5; i < reps; i++) {
                    for (int k = 0; k < protos.length; k++) {
                        double t = baseOts(pair, protos[k], threads);
                        if (i >= 0) {
                            ms[k][i] = t;
                        }
                    }
                }
                for (int k = 0; k < protos.length; k++) {
                    System.out.printf("| 128 base OTs (%s) | %d | %.1f ms | %.1f ms |%n",
                            protos[k].id(), threads, median(ms[k]), min(ms[k]));
                }
            }
            if (part.equals("baseot")) {
                return;
            }
            Object[] sess = pair.otSessions(OtOptions.builder().threads(extThreads).build());
            OtExtensionSender sender = (OtExtensionSender) sess[0];
            OtExtensionReceiver receiver = (OtExtensionReceiver) sess[1];
            int n = OtExtensionBenchmark.N;
            int batch = OtExtensionBenchmark.BATCH;
            long[] x0 = new long[2 * batch];
            long[] x1 = new long[2 * batch];
            long[] got = new long[2 * batch];
            long[] c = new long[batch / 64];
            p.nextLongs(c, 0, c.length);
            double[] cot = time(reps, warmup, () -> {
                for (int done = 0; done < n; done += batch) {
                    int k = Math.min(batch, n - done);
                    pair.both(() -> sender.correlated(0x1234L | 1, 0x5678L, k, x0, 0),
                            () -> receiver.correlated(c, 0, k, got, 0));
                }
            });
            double[] rot = time(reps, warmup, () -> {
                for (int done = 0; done < n; done += batch) {
                    int k = Math.min(batch, n - done);
                    pair.both(() -> sender.random(k, x0, 0, x1, 0),
                            () -> receiver.random(c, 0, k, got, 0));
                }
            });
            double[] sot = time(reps, warmup, () -> {
                for (int done = 0; done < n; done += batch) {
                    int k = Math.min(batch, n - done);
                    pair.both(() -> SessionDeltaOt.correlated(sender, k, x0, 0),
                            () -> SessionDeltaOt.correlated(receiver, c, 0, k, got, 0));
                }
            });
            System.out.printf("| 10^7 C-OTs, loopback | - | %.0f ms = %.1f M OT/s | %.1f M OT/s "
                    + "best |%n", median(cot), n / median(cot) / 1e3, n / min(cot) / 1e3);
            System.out.printf("| 10^7 R-OTs, loopback | - | %.0f ms = %.1f M OT/s | %.1f M OT/s "
                    + "best |%n", median(rot), n / median(rot) / 1e3, n / min(rot) / 1e3);
            System.out.printf("| 10^7 C-OTs, session Delta | - | %.0f ms = %.1f M OT/s | %.1f M "
                    + "OT/s best |%n", median(sot), n / median(sot) / 1e3, n / min(sot) / 1e3);
        }
    }

    /** One run of 128 random base OTs (fresh instances, as a session setup would make). */
    private static double baseOts(LoopbackPair pair, BaseOtProtocol proto, int threads)
            throws Exception {
        long[] out0 = new long[256];
        long[] out1 = new long[256];
        long[] out = new long[256];
        long[] choices = {0x0123456789abcdefL, 0x7edcba9876543210L};
        BaseOt s = proto.create(threads, Prg.fromSecureRandom());
        BaseOt r = proto.create(threads, Prg.fromSecureRandom());
        long t0 = System.nanoTime();
        pair.both(() -> s.sendRandom(pair.a, 128, out0, out1),
                () -> r.receiveRandom(pair.b, choices, 128, out));
        return (System.nanoTime() - t0) / 1e6;
    }

    interface Body {
        void run() throws Exception;
    }

    private static double[] time(int reps, int warmup, Body b) throws Exception {
        for (int i = 0; i < warmup; i++) {
            b.run();
        }
        double[] ms = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            b.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        return ms;
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
