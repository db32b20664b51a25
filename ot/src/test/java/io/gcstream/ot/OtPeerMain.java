package io.gcstream.ot;

import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import java.util.Random;

/**
 * One party of an OT-extension run in its own JVM, for the two-process tests and for manual
 * measurements:
 * <pre>
 * java -cp ... io.gcstream.ot.OtPeerMain sender|receiver PORT N BATCH cot|rot [THREADS [REPS]]
 * </pre>
 * The sender listens on PORT, the receiver connects. The receiver's choices come from
 * {@code new Random(1)} so that the sender can compute what the receiver must get. Both print
 * {@code digest=<hex> ots=<n> setupMs=<ms> extendMs=<ms> sent=<bytes>}; equal digests mean the
 * receiver got exactly x_i ^ c_i Delta (C-OT) or x_{c_i} (R-OT) for every i. With REPS > 1 the
 * N OTs are repeated (same session) and each repetition's time is printed ({@code rep=...}),
 * so that the JIT-warm throughput can be read off the later ones; the digest covers the first
 * repetition only (later ones are not checked, to time the OTs alone).
 */
public final class OtPeerMain {
    private OtPeerMain() {
    }

    public static void main(String[] args) throws Exception {
        boolean sender = args[0].equals("sender");
        int port = Integer.parseInt(args[1]);
        long n = Long.parseLong(args[2]);
        int batch = Integer.parseInt(args[3]);
        boolean cot = args[4].equals("cot");
        int threads = args.length > 5 ? Integer.parseInt(args[5]) : 2;
        int reps = args.length > 6 ? Integer.parseInt(args[6]) : 1;
        OtOptions o = OtOptions.builder().threads(threads).build();
        ChannelOptions co = ChannelOptions.defaults();
        long t0 = System.nanoTime();
        try (TcpChannel ch = sender ? Transport.plain().accept(new java.net.InetSocketAddress(port), co)
                : Transport.plain().connect("127.0.0.1", port, co)) {
            long t1 = System.nanoTime();
            OtExtensionSender s = sender ? OtExtensionSender.setup(ch, o) : null;
            OtExtensionReceiver r = sender ? null : OtExtensionReceiver.setup(ch, o);
            long t2 = System.nanoTime();
            long[] a = new long[2 * batch];
            long[] b = new long[2 * batch];
            long[] choices = new long[batch / 64 + 1];
            Random rnd = new Random(1);
            long dLo = 0x0123456789abcdefL | 1;
            long dHi = 0x0fedcba987654321L;
            long digest = 17;
            for (int rep = 0; rep < reps; rep++) {
            long tr = System.nanoTime();
            rnd = new Random(1);
            for (long done = 0; done < n; done += batch) {
                int k = (int) Math.min(batch, n - done);
                for (int w = 0; w < choices.length; w++) {
                    choices[w] = rnd.nextLong();
                }
                boolean check = rep == 0;
                if (sender) {
                    if (cot) {
                        s.correlated(dLo, dHi, k, a, 0);
                    } else {
                        s.random(k, a, 0, b, 0);
                    }
                    for (int i = 0; check && i < k; i++) {
                        long m = -((choices[i >>> 6] >>> (i & 63)) & 1);
                        long lo = cot ? a[2 * i] ^ (dLo & m) : (a[2 * i] & ~m) | (b[2 * i] & m);
                        long hi = cot ? a[2 * i + 1] ^ (dHi & m)
                                : (a[2 * i + 1] & ~m) | (b[2 * i + 1] & m);
                        digest = (digest * 31 + lo) * 31 + hi;
                    }
                } else {
                    if (cot) {
                        r.correlated(choices, 0, k, a, 0);
                    } else {
                        r.random(choices, 0, k, a, 0);
                    }
                    for (int i = 0; check && i < k; i++) {
                        digest = (digest * 31 + a[2 * i]) * 31 + a[2 * i + 1];
                    }
                }
            }
            long dt = System.nanoTime() - tr;
            if (reps > 1) {
                System.out.printf("rep=%d ms=%d otsPerSec=%.0f%n", rep, dt / 1_000_000,
                        n * 1e9 / dt);
            }
            }
            long t3 = System.nanoTime();
            System.out.println("digest=" + Long.toHexString(digest) + " ots=" + n
                    + " connectMs=" + (t1 - t0) / 1_000_000 + " setupMs=" + (t2 - t1) / 1_000_000
                    + " extendMs=" + (t3 - t2) / 1_000_000 + " sent=" + ch.bytesSent()
                    + " maxHeapMB=" + Runtime.getRuntime().maxMemory() / (1 << 20));
        }
    }
}
