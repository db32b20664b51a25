package io.gcstream.ot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Both parties in separate JVMs ({@link OtPeerMain}) talking over loopback TCP. */
class TwoProcessTest {
    private static final Pattern DIGEST = Pattern.compile("digest=([0-9a-f]+) ots=(\\d+)");

    @Test
    void correlatedOtsBetweenTwoProcesses() throws Exception {
        run("cot", 1_000_000, 65_536, "-Xmx256m");
    }

    @Test
    void randomOtsBetweenTwoProcesses() throws Exception {
        run("rot", 300_000, 100_000, "-Xmx256m");
    }

    /** 10^7 C-OTs with 64 MiB of heap per party: memory does not grow with the number of OTs. */
    @Test
    @Tag("slow")
    void tenMillionCorrelatedOtsIn64MegabytesOfHeap() throws Exception {
        run("cot", 10_000_000, 262_144, "-Xmx64m");
    }

    private static void run(String kind, int n, int batch, String heap) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Process sender = start(heap, "sender", port, n, batch, kind);
        Process receiver = start(heap, "receiver", port, n, batch, kind);
        String so = output(sender);
        String ro = output(receiver);
        assertEquals(0, sender.exitValue(), "sender failed:\n" + so);
        assertEquals(0, receiver.exitValue(), "receiver failed:\n" + ro);
        Matcher ms = DIGEST.matcher(so);
        Matcher mr = DIGEST.matcher(ro);
        assertTrue(ms.find(), so);
        assertTrue(mr.find(), ro);
        assertEquals(String.valueOf(n), ms.group(2));
        assertEquals(ms.group(1), mr.group(1), "receiver's outputs differ from the expected ones");
    }

    private static Process start(String heap, String role, int port, int n, int batch,
            String kind) throws IOException {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator
                + "java";
        List<String> cmd = new ArrayList<>(List.of(java, heap, "-cp",
                System.getProperty("java.class.path"), OtPeerMain.class.getName(), role,
                String.valueOf(port), String.valueOf(n), String.valueOf(batch), kind, "1"));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private static String output(Process p) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Thread pump = new Thread(() -> {
            try (InputStream in = p.getInputStream()) {
                in.transferTo(buf);
            } catch (IOException e) {
                // process gone; what we have is what it said
            }
        });
        pump.setDaemon(true);
        pump.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("party did not finish within 5 minutes");
        }
        pump.join(10_000);
        return buf.toString(StandardCharsets.UTF_8);
    }
}
