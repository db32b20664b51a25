package io.gcstream.benchmarks.ot;

import static io.gcstream.benchmarks.report.CircuitRuns.median;

import com.beust.jcommander.Parameter;
import io.gcstream.benchmarks.report.Cli;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What sending costs the sender's thread over loopback TCP with no garbling at all: the kernel
 * time per 32 bytes (one half-gates AND's table) of a stream written in fixed pieces, in
 * several fresh sender processes. It isolates the kernel's copy of written bytes into socket
 * buffers, which is fast in most processes and several times slower in some on the development
 * VM (docs/results/2026-11-23-24-garbler-passes-1e7-and.md, "10^7 AND: the two modes"), from the engine's own work.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.ot.LoopbackSendCost \
 *     [--processes 8] [--rounds 5] [--mb 320] [--piece 65536]
 * </pre>
 *
 * This process reads (a blocking reader thread); each sender is a child JVM that writes
 * {@code rounds} × {@code mb} MB from one direct buffer through a {@code SocketChannel} and
 * reports its thread's system and total CPU time per round. Prints one row per process: the
 * median over its rounds of system ns and CPU ns per 32 bytes. System time is CPU time minus
 * user time, and the JVM reads user time in 10 ms ticks: keep rounds long (the default 320 MB
 * take 0.3-0.6 s, so a tick is at most ~3 %).
 */
public final class LoopbackSendCost {
    /** The command line. */
    static final class Options {
        @Parameter(names = "--processes", validateWith = Cli.AtLeastOne.class)
        int processes = 8;

        @Parameter(names = "--rounds", validateWith = Cli.AtLeastOne.class)
        int rounds = 5;

        @Parameter(names = "--mb", validateWith = Cli.AtLeastOne.class)
        long mb = 320;

        @Parameter(names = "--piece", validateWith = Cli.AtLeastOne.class)
        int piece = 65536;

        /** A sender's: the reader's port. */
        @Parameter(names = "--send-to", hidden = true)
        int port = -1;
    }

    private LoopbackSendCost() {
    }

    public static void main(String[] args) throws Exception {
        Options o = Cli.parse(new Options(), "LoopbackSendCost", args);
        int processes = o.processes;
        int rounds = o.rounds;
        long mb = o.mb;
        int piece = o.piece;
        int port = o.port;
        if (port >= 0) {
            send(port, rounds, mb * 1_000_000, piece);
            return;
        }
        System.out.printf("%d sender processes, each %d rounds of %d MB in %d-byte writes; ns per 32"
                + " bytes, medians over the rounds%n", processes, rounds, mb, piece);
        System.out.println("| process | system | CPU |");
        System.out.println("|---|---|---|");
        for (int p = 0; p < processes; p++) {
            double[][] r = oneSender(rounds, mb, piece);
            System.out.printf("| %d | %.1f | %.1f |%n", p + 1, median(r[0]), median(r[1]));
        }
    }

    /** Starts a sender child, reads all it sends; returns its per-round system and CPU ns/32 B. */
    static double[][] oneSender(int rounds, long mb, int piece) throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
            List<String> cmd = List.of(System.getProperty("java.home") + "/bin/java", "-cp",
                    System.getProperty("java.class.path"), LoopbackSendCost.class.getName(),
                    "--send-to", String.valueOf(port), "--rounds", String.valueOf(rounds), "--mb",
                    String.valueOf(mb), "--piece", String.valueOf(piece));
            Process child = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            List<String> lines = new ArrayList<>();
            Thread out = new Thread(() -> {
                try (BufferedReader br = new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String l; (l = br.readLine()) != null;) {
                        lines.add(l);
                    }
                } catch (IOException ignored) {
                    // the child ended
                }
            });
            out.start();
            try (SocketChannel s = server.accept()) {
                ByteBuffer b = ByteBuffer.allocateDirect(1 << 16);
                while (s.read(b) >= 0) {
                    b.clear();
                }
            }
            int rc = child.waitFor();
            out.join();
            double[][] r = new double[2][rounds];
            int k = 0;
            for (String l : lines) {
                if (l.startsWith("round ") && k < rounds) {
                    String[] f = l.split(" ");
                    r[0][k] = Double.parseDouble(f[2]);
                    r[1][k] = Double.parseDouble(f[3]);
                    k++;
                }
            }
            if (rc != 0 || k != rounds) {
                throw new IOException("sender failed (exit " + rc + "): " + String.join("\n", lines));
            }
            return r;
        }
    }

    /** The sender: prints "round R SYS CPU" (ns per 32 bytes) per round. */
    private static void send(int port, int rounds, long bytes, int piece) throws IOException {
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        ByteBuffer b = ByteBuffer.allocateDirect(piece);
        try (SocketChannel s = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))) {
            for (int r = 0; r < rounds; r++) {
                long cpu0 = tm.getCurrentThreadCpuTime();
                long user0 = tm.getCurrentThreadUserTime();
                for (long sent = 0; sent < bytes;) {
                    b.clear();
                    while (b.hasRemaining()) {
                        sent += s.write(b);
                    }
                }
                long cpu = tm.getCurrentThreadCpuTime() - cpu0;
                long user = tm.getCurrentThreadUserTime() - user0;
                double per = bytes / 32.0;
                System.out.printf(Locale.ROOT, "round %d %.2f %.2f%n", r, (cpu - user) / per, cpu / per);
            }
        }
    }
}
