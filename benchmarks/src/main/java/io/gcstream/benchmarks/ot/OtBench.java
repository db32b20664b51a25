package io.gcstream.benchmarks.ot;

import io.gcstream.ot.OtExtensionReceiver;
import io.gcstream.ot.OtExtensionSender;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.base.NaorPinkas;
import io.gcstream.ot.crypto.Prg;
import java.util.Arrays;

/**
 * A plain benchmark that prints a table (no JMH): 128 base OTs with 1, 2 and 4 threads, and
 * 10^7 C-OTs / R-OTs over loopback TCP, both parties in this JVM (two threads). Each figure is
 * the median of {@code reps} runs after {@code warmup} unmeasured runs (JIT warm-up).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.ot.OtBench [reps [warmup [part]]]
 * </pre>
 *
 * {@code part} is {@code all} (the default), {@code baseot} (only the base OTs) or {@code ext}
 * (only the OT extension), for scripts that time one of them.
 */
public final class OtBench {
    private OtBench() {
    }

    public static void main(String[] args) throws Exception {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        String part = args.length > 2 ? args[2] : "all";
        if (!part.equals("all") && !part.equals("baseot") && !part.equals("ext")) {
            System.err.println("OtBench: part must be all, baseot or ext, got " + part);
            System.exit(2);
        }
        System.out.printf("cores=%d java=%s reps=%d warmup=%d%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                reps, warmup);
        try (LoopbackPair pair = new LoopbackPair()) {
            long[] m0 = new long[256];
            long[] m1 = new long[256];
            long[] choices = new long[2];
            long[] out = new long[256];
            Prg p = Prg.fromSecureRandom();
            p.nextLongs(choices, 0, 2);
            System.out.println("| what | threads | median | min |");
            System.out.println("|---|---|---|---|");
            for (int threads : part.equals("ext") ? new int[0] : new int[] {1, 2, 4}) {
                NaorPinkas s = new NaorPinkas(threads, Prg.fromSecureRandom());
                NaorPinkas r = new NaorPinkas(threads, Prg.fromSecureRandom());
                double[] ms = time(reps, warmup * 5, () -> pair.both(
                        () -> s.send(pair.a, m0, m1, 128),
                        () -> r.receive(pair.b, choices, 128, out)));
                System.out.printf("| 128 base OTs (P-256) | %d | %.1f ms | %.1f ms |%n", threads,
                        median(ms), min(ms));
            }
            if (part.equals("baseot")) {
                return;
            }
            Object[] sess = pair.otSessions(OtOptions.defaults());
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
                    pair.both(() -> sender.correlatedSessionDelta(k, x0, 0),
                            () -> receiver.correlatedSessionDelta(c, 0, k, got, 0));
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
