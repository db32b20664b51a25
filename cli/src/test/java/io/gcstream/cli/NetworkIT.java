package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gcstream.cli.GcProcess.Done;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built gc jar as two processes over TLS and plain TCP: keys from {@code gc keygen}, the
 * password from {@code GC_TLS_PASSWORD}, refusals on both sides, the plain-TCP warning, and a
 * stopped peer (SIGSTOP) ending the other side within its timeout.
 */
class NetworkIT {
    private static final String KEY = "0x2b7e151628aed2a6abf7158809cf4f3c";
    private static final String PLAIN = "0x3243f6a8885a308d313198a2e0370734";
    private static final String CIPHER = "0x3925841d02dc09fbdc118597196a0b32";
    private static final String PASSWORD = "it's a secret";

    @TempDir
    static Path dir;

    @BeforeAll
    static void keys() throws Exception {
        for (String name : new String[] {"creator", "evaluator", "mallory"}) {
            Done d = finish(start("keygen", "--name", name, "--out", dir.resolve(name).toString()));
            assertEquals(0, d.status(), d.err());
            assertTrue(d.out().contains("SHA-256 fingerprint: "), d.out());
        }
        String[][] trusts = {{"creator", "evaluator"}, {"evaluator", "creator"}, {"mallory", "creator"}};
        for (String[] t : trusts) {
            Done d = finish(start("keygen", "--trust", crt(t[1]), "--out", trust(t[0])));
            assertEquals(0, d.status(), d.err());
        }
    }

    private static String crt(String name) {
        return dir.resolve(name).resolve(name + ".crt").toString();
    }

    private static String p12(String name) {
        return dir.resolve(name).resolve(name + ".p12").toString();
    }

    private static String trust(String name) {
        return dir.resolve(name).resolve("truststore.p12").toString();
    }

    private static List<String> tls(String name) {
        return List.of("--tls-keystore", p12(name), "--tls-truststore", trust(name));
    }

    private static List<String> args(Object... parts) {
        List<String> out = new ArrayList<>();
        for (Object p : parts) {
            if (p instanceof List<?> l) {
                l.forEach(x -> out.add(x.toString()));
            } else {
                out.add(p.toString());
            }
        }
        return out;
    }

    /**
     * A creator whose truststore trusts two parties and that names its evaluator with
     * {@code --tls-peer} refuses the other (one line on each side), keeps listening, and computes
     * AES with the evaluator (issue 26, finding 7).
     */
    @Test
    void aListenerWithTlsPeerRefusesAnotherTrustedPartyThenComputesWithItsPeer() throws Exception {
        String both = dir.resolve("creator").resolve("both.p12").toString();
        if (!Files.exists(Path.of(both))) {
            Done d = finish(start("keygen", "--trust", crt("evaluator"), "--trust", crt("mallory"), "--out", both));
            assertEquals(0, d.status(), d.err());
        }
        String fp = io.gcstream.ot.channel.TlsKeys.fingerprint(
                io.gcstream.ot.channel.TlsKeys.readCertificate(Path.of(crt("evaluator"))));
        int port = freePort();
        GcProcess creator = start(args("run", "--role", "creator", "--listen", port, "--input", KEY,
                "--tls-keystore", p12("creator"), "--tls-truststore", both, "--tls-peer", fp, "lib:aes128"));
        Done m = finish(start(args("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
                "--input", PLAIN, tls("mallory"), "lib:aes128")));
        Done e = finish(start(args("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
                "--input", PLAIN, tls("evaluator"), "lib:aes128")));
        Done c = finish(creator);
        assertEquals(1, m.status(), m.err());
        assertTrue(m.err().strip().startsWith("gc: TLS handshake with 127.0.0.1:" + port + " failed: the peer"), m.err());
        // The refusal races mallory's last handshake messages (TransportTest has the three outcomes).
        assertTrue(m.err().strip().endsWith("or not the peer it expects)")
                || m.err().strip().endsWith("during the handshake (it may not speak TLS, or may not accept this"
                        + " side's certificate)"), m.err());
        assertEquals(0, c.status(), c.err());
        assertEquals(0, e.status(), e.err());
        assertTrue(e.out().contains("evaluator output  (128 bits): " + CIPHER), e.out());
        assertTrue(c.err().contains("gc: warning: rejected a connection: TLS handshake with 127.0.0.1:"), c.err());
        assertTrue(c.err().contains("failed: the peer's certificate CN=mallory (SHA-256 "), c.err());
        assertTrue(c.err().contains(") is trusted but not the expected peer, SHA-256 " + fp), c.err());
        assertTrue(c.err().contains("peer CN=evaluator"), c.err());
        assertFalse(c.err().contains("more than one peer would be accepted"), c.err());
    }

    @Test
    void twoProcessesComputeAesOverTlsWithMutualAuthentication() throws Exception {
        int port = freePort();
        GcProcess creator = start(args("run", "--role", "creator", "--listen", port, "--input", KEY,
                tls("creator"), "lib:aes128"));
        GcProcess evaluator = start(args("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
                "--input", PLAIN, tls("evaluator"), "lib:aes128"));
        Done e = finish(evaluator);
        Done c = finish(creator);
        assertEquals(0, c.status(), c.err());
        assertEquals(0, e.status(), e.err());
        assertTrue(e.out().contains("evaluator output  (128 bits): " + CIPHER), e.out());
        assertTrue(c.err().contains("gc: listening on 127.0.0.1:" + port + ", TLS 1.3 as CN=creator"), c.err());
        assertTrue(c.err().contains("TLSv1.3 TLS_AES_256_GCM_SHA384, peer CN=evaluator"), c.err());
        assertTrue(e.err().contains("TLSv1.3 TLS_AES_256_GCM_SHA384, peer CN=creator"), e.err());
        assertFalse(c.err().contains("warning"), c.err());
    }

    @Test
    void anUntrustedPeerIsRefusedOnBothSides() throws Exception {
        int port = freePort();
        GcProcess creator = start(args("run", "--role", "creator", "--listen", port, "--input", KEY,
                "--timeout", "10", tls("creator"), "lib:aes128"));
        GcProcess mallory = start(args("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
                "--input", PLAIN, "--timeout", "10", tls("mallory"), "lib:aes128"));
        Done m = finish(mallory);
        Done c = finish(creator);
        assertEquals(1, m.status(), m.err());
        assertEquals(1, c.status(), c.err());
        assertEquals("gc: TLS handshake with 127.0.0.1:" + port + " failed: the peer did not accept"
                + " this side's certificate (it is not in the peer's truststore, or not the peer it expects)",
                m.err().strip());
        assertTrue(c.err().contains("gc: warning: rejected a connection: TLS handshake with 127.0.0.1:"), c.err());
        assertTrue(c.lastError().startsWith("gc: no peer completed a TLS handshake on 127.0.0.1:" + port
                + " within 10000 ms (1 failed; the last: TLS handshake with 127.0.0.1:"), c.err());
        assertTrue(c.lastError().endsWith("the peer's certificate is not trusted (it is not in this side's"
                + " truststore))"), c.err());
        for (Done d : new Done[] {m, c}) {
            assertEquals("", d.out());
            assertFalse(d.err().contains("\tat "), d.err());
        }
    }

    @Test
    void tlsAgainstPlainIsRefusedOnBothSides() throws Exception {
        int port = freePort();
        GcProcess creator = start(args("run", "--role", "creator", "--listen", port, "--input", KEY,
                "--timeout", "10", tls("creator"), "lib:aes128"));
        GcProcess plain = start(args("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
                "--input", PLAIN, "--timeout", "10", "lib:aes128"));
        Done p = finish(plain);
        Done c = finish(creator);
        assertEquals(1, p.status(), p.err());
        assertEquals(1, c.status(), c.err());
        assertTrue(c.lastError().endsWith("the peer does not speak TLS (is it using plain TCP?))"), c.err());
        assertEquals(1, p.err().lines().count(), p.err());

        port = freePort();
        GcProcess plainListener = start(args("run", "--role", "creator", "--listen", port, "--input", KEY,
                "--timeout", "10", "lib:aes128"));
        GcProcess tlsConnector = start(args("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
                "--input", PLAIN, "--timeout", "10", tls("evaluator"), "lib:aes128"));
        Done t = finish(tlsConnector);
        Done l = finish(plainListener);
        assertEquals(1, t.status(), t.err());
        assertEquals(1, l.status(), l.err());
        assertEquals("gc: TLS handshake with 127.0.0.1:" + port + " failed: the peer does not speak TLS"
                + " (is it using plain TCP?)", t.err().strip());
        assertTrue(l.lastError().startsWith("gc: "), l.err());
    }

    @Test
    void plainTcpOffThisMachineIsWarnedAbout() throws Exception {
        GcProcess listener = start("run", "--role", "creator", "--listen", "0", "--bind", "0.0.0.0",
                "--input", KEY, "--timeout", "1", "lib:aes128");
        Done l = finish(listener);
        assertEquals(1, l.status(), l.err());
        List<String> lines = l.err().lines().toList();
        assertTrue(lines.get(0).startsWith("gc: listening on 0.0.0.0:"), l.err());
        assertTrue(lines.get(1).startsWith("gc: warning: plain TCP with 0.0.0.0:"), l.err());
        assertTrue(lines.get(2).startsWith("gc: no peer connected to "), l.err());

        Done quiet = finish(start("run", "--role", "creator", "--listen", "0", "--input", KEY,
                "--timeout", "1", "lib:aes128"));
        assertFalse(quiet.err().contains("warning"), quiet.err());

        InetAddress other = nonLoopbackAddress();
        assumeTrue(other != null, "no non-loopback IPv4 address on this machine");
        Done c = finish(start("run", "--role", "evaluator", "--connect", other.getHostAddress() + ":" + freePort(),
                "--input", PLAIN, "--timeout", "1", "lib:aes128"));
        assertEquals(1, c.status(), c.err());
        assertTrue(c.err().startsWith("gc: warning: plain TCP with " + other.getHostAddress() + ":"), c.err());
    }

    /** SIGSTOP of either party: the other exits within --timeout + 1 s (plain TCP and TLS). */
    @Test
    void aStoppedPeerEndsTheOtherSideWithinItsTimeout() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "needs /bin/kill to send SIGSTOP");
        int timeout = 3;
        List<String> measured = new ArrayList<>();
        for (boolean useTls : new boolean[] {false, true}) {
            for (boolean stopCreator : new boolean[] {false, true}) {
                int port = freePort();
                // A long connect timeout: on a loaded machine the two JVMs may take seconds to start.
                // A long connect timeout: on a loaded machine the two JVMs may take seconds to start.
                // --progress shows each finished run as 100% on stderr: the sign that the session is going.
                GcProcess creator = start(args("run", "--role", "creator", "--listen", port, "--input", KEY,
                        "--timeout", timeout, "--connect-timeout", 60, "--repeat", "100000", "--progress",
                        useTls ? tls("creator") : List.of(), "lib:aes128"));
                GcProcess evaluator = start(args("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
                        "--input", PLAIN, "--timeout", timeout, "--connect-timeout", 60, "--repeat", "100000",
                        "--progress", useTls ? tls("evaluator") : List.of(), "lib:aes128"));
                GcProcess stopped = stopCreator ? creator : evaluator;
                GcProcess survivor = stopCreator ? evaluator : creator;
                long wait = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!(Files.readString(survivor.err()).contains("100.0%") && Files.readString(stopped.err())
                        .contains("100.0%")) && System.nanoTime() < wait) {
                    Thread.sleep(100);
                }
                Thread.sleep(1000);
                assertTrue(stopped.process().isAlive() && survivor.process().isAlive(),
                        "both parties still running before the stop");
                signal("STOP", stopped.process());
                long start = System.nanoTime();
                try {
                    boolean ended = survivor.process().waitFor(timeout + 30, TimeUnit.SECONDS);
                    long ms = (System.nanoTime() - start) / 1_000_000;
                    assertTrue(ended, "survivor still running 30 s after its timeout");
                    Done s = finish(survivor);
                    String what = (useTls ? "TLS" : "plain") + ", stopped "
                            + (stopCreator ? "creator" : "evaluator") + ": " + s.err();
                    assertEquals(1, s.status(), what);
                    assertTrue(s.lastError().startsWith("gc: "), what);
                    assertFalse(s.err().contains("\tat "), what);
                    assertTrue(ms <= timeout * 1000L + 1000, "survivor ended " + ms + " ms after the stop; " + what);
                    measured.add((useTls ? "TLS" : "plain") + "/stopped " + (stopCreator ? "creator" : "evaluator")
                            + ": " + ms + " ms");
                } finally {
                    signal("CONT", stopped.process());
                    stopped.process().destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                    survivor.process().destroyForcibly();
                }
            }
        }
        System.out.println("NetworkIT: survivor exit after SIGSTOP with --timeout " + timeout + ": " + measured);
    }

    private static void signal(String sig, Process p) throws Exception {
        Process k = new ProcessBuilder("/bin/kill", "-" + sig, Long.toString(p.pid())).start();
        assertTrue(k.waitFor(10, TimeUnit.SECONDS));
    }

    private static InetAddress nonLoopbackAddress() throws IOException {
        for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!n.isUp() || n.isLoopback()) {
                continue;
            }
            for (InetAddress a : Collections.list(n.getInetAddresses())) {
                if (a instanceof Inet4Address && !a.isLoopbackAddress()) {
                    return a;
                }
            }
        }
        return null;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static GcProcess start(String... args) throws IOException {
        return start(List.of(args));
    }

    private static GcProcess start(List<String> args) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(GcProcess.gcCommand(List.of("-Xmx256m"), args));
        pb.environment().put(NetworkOptions.PASSWORD_ENV, PASSWORD);
        return GcProcess.start(pb, dir);
    }

    private static Done finish(GcProcess r) throws Exception {
        return r.finish(90);
    }
}
