package io.gcstream.cli;

import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.channel.Transport;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetworkOptionsTest {
    private static NetworkOptions options(Map<String, String> env) {
        NetworkOptions n = new NetworkOptions();
        n.env = env::get;
        return n;
    }

    @Test
    void passwordComesFromTheFileElseTheEnvironment(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("pw");
        Files.writeString(f, "s3cret\r\nignored second line\n");
        assertArrayEquals("s3cret".toCharArray(),
                NetworkOptions.password(f.toString(), Map.of("GC_TLS_PASSWORD", "env")::get));
        assertArrayEquals("env".toCharArray(),
                NetworkOptions.password(null, Map.of("GC_TLS_PASSWORD", "env")::get));
        assertThrows(UserError.class, () -> NetworkOptions.password(null, Map.<String, String>of()::get));
        assertThrows(UserError.class, () -> NetworkOptions.password(null, Map.of("GC_TLS_PASSWORD", "")::get));
        Files.writeString(f, "\nsecond");
        assertThrows(UserError.class, () -> NetworkOptions.password(f.toString(), Map.<String, String>of()::get));
        Files.write(f, new byte[] {(byte) 0xff, 'a'});
        UserError e = assertThrows(UserError.class,
                () -> NetworkOptions.password(f.toString(), Map.<String, String>of()::get));
        assertTrue(e.getMessage().endsWith("not UTF-8 text"), e.getMessage());
        Files.write(f, new byte[NetworkOptions.MAX_PASSWORD_FILE + 1]);
        assertThrows(UserError.class, () -> NetworkOptions.password(f.toString(), Map.<String, String>of()::get));
        // UTF-8 text (a TLS password must also be printable ASCII: aTlsPasswordMustBePrintableAscii).
        Files.writeString(f, "ünïcode", StandardCharsets.UTF_8);
        assertArrayEquals("ünïcode".toCharArray(), NetworkOptions.password("--state-password-file", f.toString(),
                StateOptions.PASSWORD_ENV, Map.<String, String>of()::get));
    }

    /**
     * Issue 34, finding 1: a password from the environment that the JVM could not decode (in the
     * POSIX locale every non-ASCII byte arrives as U+FFFD, so any password of as many such bytes
     * would open the state) is refused in one line pointing to the password file; so is a non-ASCII
     * one when the environment is not decoded as UTF-8. A password file is UTF-8 in any locale.
     */
    @Test
    void anEnvironmentPasswordTheJvmMayHaveAlteredIsRefused(@TempDir Path dir) throws Exception {
        StateOptions s = new StateOptions();
        s.saveState = dir.resolve("state").toString();
        s.env = Map.of(StateOptions.PASSWORD_ENV, "\uFFFD".repeat(12))::get;
        UserError e = assertThrows(UserError.class, () -> s.password(io.gcstream.circuits.Party.CREATOR));
        assertEquals("GC_STATE_PASSWORD holds bytes this process's locale cannot decode (Java reads each as U+FFFD,"
                + " so other passwords would be the same): put the password in a file and give --state-password-file"
                + " FILE (read as UTF-8)", e.getMessage());
        s.env = Map.of(StateOptions.PASSWORD_ENV, "x\uFFFDy")::get;
        assertThrows(UserError.class, () -> s.password(io.gcstream.circuits.Party.EVALUATOR));
        s.env = Map.of(StateOptions.PASSWORD_ENV, "correct horse")::get;
        assertArrayEquals("correct horse".toCharArray(), s.password(io.gcstream.circuits.Party.CREATOR));

        // Non-ASCII text: accepted where the environment is UTF-8, refused where it is not.
        NetworkOptions.checkEnvironmentText("GC_STATE_PASSWORD", "--state-password-file", "пароль", null);
        NetworkOptions.checkEnvironmentText("GC_STATE_PASSWORD", "--state-password-file", "ascii only", "US-ASCII");
        e = assertThrows(UserError.class, () -> NetworkOptions.checkEnvironmentText("GC_STATE_PASSWORD",
                "--state-password-file", "пароль", "ISO-8859-1"));
        assertEquals("GC_STATE_PASSWORD holds non-ASCII characters and this process reads the environment as"
                + " ISO-8859-1, not UTF-8 (another locale would read another password): put the password in a file"
                + " and give --state-password-file FILE (read as UTF-8)", e.getMessage());
        // The same password from a file.
        Path f = Files.writeString(dir.resolve("pw"), "пароль\n", StandardCharsets.UTF_8);
        s.passwordFile = f.toString();
        assertArrayEquals("пароль".toCharArray(), s.password(io.gcstream.circuits.Party.CREATOR));
    }

    /**
     * Issue 34, finding 1: the JDK's PKCS#12 key stores refuse a password that is not printable
     * ASCII (gc keygen printed Java class names and exited 1): a user error in one line, from the
     * environment (mangled or not) or a file, before any key is made or store opened.
     */
    @Test
    void aTlsPasswordMustBePrintableAscii(@TempDir Path dir) throws Exception {
        String notAscii = "the TLS password must be printable ASCII (letters, digits, punctuation, spaces): the JDK's"
                + " PKCS#12 key stores refuse other characters";
        for (String pw : new String[] {"пароль", "\uFFFD\uFFFD\uFFFD\uFFFD", "tab\tinside"}) {
            UserError e = assertThrows(UserError.class,
                    () -> NetworkOptions.password(null, Map.of("GC_TLS_PASSWORD", pw)::get));
            assertEquals("GC_TLS_PASSWORD: " + notAscii, e.getMessage());
        }
        Path f = Files.writeString(dir.resolve("pw"), "пароль\n", StandardCharsets.UTF_8);
        UserError e = assertThrows(UserError.class, () -> NetworkOptions.password(f.toString(), Map.<String, String>of()::get));
        assertEquals("--tls-password-file " + f + ": " + notAscii, e.getMessage());
        assertArrayEquals("a long passphrase, 42!".toCharArray(),
                NetworkOptions.password(null, Map.of("GC_TLS_PASSWORD", "a long passphrase, 42!")::get));
        // gc keygen with such a password: one line, exit 2, no key written.
        CliTestSupport.Outcome o = gc("keygen", "--name", "a", "--out", dir.resolve("keys").toString(),
                "--tls-password-file", f.toString());
        assertEquals(2, o.status(), o.err());
        assertEquals("gc: --tls-password-file " + f + ": " + notAscii + System.lineSeparator(), o.err());
        assertFalse(Files.exists(dir.resolve("keys").resolve("a.p12")));
        KeygenCommand k = new KeygenCommand();
        k.name = "a";
        k.out = dir.resolve("keys").toString();
        k.env = Map.of("GC_TLS_PASSWORD", "\uFFFD".repeat(8))::get;
        e = assertThrows(UserError.class, () -> k.run(System.out));
        assertEquals("GC_TLS_PASSWORD: " + notAscii, e.getMessage());
    }

    @Test
    void plainUnlessBothStoresAreGiven() throws Exception {
        NetworkOptions n = options(Map.of());
        assertFalse(n.transport(System.err).isSecure());
        n.keystore = "a.p12";
        UserError e = assertThrows(UserError.class, () -> n.transport(System.err));
        assertTrue(e.getMessage().startsWith("TLS needs both --tls-keystore"), e.getMessage());
        NetworkOptions m = options(Map.of());
        m.passwordFile = "pw";
        assertThrows(UserError.class, () -> m.transport(System.err));
        NetworkOptions p = options(Map.of());
        p.peer = "CN=evaluator";
        e = assertThrows(UserError.class, () -> p.transport(System.err));
        assertEquals("--tls-peer is for TLS: give --tls-keystore and --tls-truststore too", e.getMessage());
    }

    @Test
    void bindDefaultsToLoopback() throws Exception {
        NetworkOptions n = options(Map.of());
        assertEquals(InetAddress.getByName("127.0.0.1"), n.bindAddress());
        n.bind = "0.0.0.0";
        assertTrue(n.bindAddress().isAnyLocalAddress());
        n.bind = "[::1]";
        assertTrue(n.bindAddress().isLoopbackAddress());
        n.bind = "no-such-host.invalid";
        assertThrows(UserError.class, n::bindAddress);
    }

    @Test
    void plainTcpIsWarnedAboutExactlyWhenItLeavesTheMachine() throws Exception {
        Transport plain = Transport.plain();
        assertFalse(NetworkOptions.plainWarning(plain, InetAddress.getByName("127.0.0.1")));
        assertFalse(NetworkOptions.plainWarning(plain, InetAddress.getByName("127.8.9.10")));
        assertFalse(NetworkOptions.plainWarning(plain, InetAddress.getByName("::1")));
        assertTrue(NetworkOptions.plainWarning(plain, InetAddress.getByName("0.0.0.0")));
        assertTrue(NetworkOptions.plainWarning(plain, InetAddress.getByName("192.168.1.5")));
    }

    @Test
    void networkOptionsAreRefusedWhereTheyMeanNothing() {
        CliTestSupport.Outcome local = gc("run", "--local", "--bind", "0.0.0.0", "lib:hamming8",
                "--creator-input", "1", "--evaluator-input", "2");
        assertEquals(2, local.status(), local.err());
        assertTrue(local.err().startsWith("gc: --local runs both parties in this process"), local.err());
        CliTestSupport.Outcome bindOnConnect = gc("run", "--role", "evaluator", "--connect", "127.0.0.1:1",
                "--bind", "127.0.0.1", "--input", "1", "lib:hamming8");
        assertEquals(2, bindOnConnect.status(), bindOnConnect.err());
        assertTrue(bindOnConnect.err().startsWith("gc: --bind is for --listen"), bindOnConnect.err());
    }

    @Test
    void twoPartiesComputeOverTlsInOneJvm(@TempDir Path dir) throws Exception {
        KeygenCommandTest.twoParties(dir);
        String pw = KeygenCommandTest.passwordFile(dir).toString();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            String p = Integer.toString(port);
            CompletableFuture<CliTestSupport.Outcome> creator = CompletableFuture.supplyAsync(() -> gc("run",
                    "--role", "creator", "--listen", p, "--input", "0xf0", "--timeout", "30",
                    "--tls-keystore", dir.resolve("creator/creator.p12").toString(),
                    "--tls-truststore", dir.resolve("creator/truststore.p12").toString(),
                    "--tls-password-file", pw, "lib:hamming8"), pool);
            CliTestSupport.Outcome evaluator = CompletableFuture.supplyAsync(() -> gc("run",
                    "--role", "evaluator", "--connect", "127.0.0.1:" + p, "--input", "0x0f", "--timeout", "30",
                    "--tls-keystore", dir.resolve("evaluator/evaluator.p12").toString(),
                    "--tls-truststore", dir.resolve("evaluator/truststore.p12").toString(),
                    "--tls-password-file", pw, "lib:hamming8"), pool).get(120, TimeUnit.SECONDS);
            CliTestSupport.Outcome c = creator.get(120, TimeUnit.SECONDS);
            assertEquals(0, c.status(), c.err());
            assertEquals(0, evaluator.status(), evaluator.err());
            assertTrue(evaluator.out().contains("evaluator output"), evaluator.out());
            assertTrue(evaluator.out().contains("0x8"), evaluator.out());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * {@code --tls-peer} narrows a truststore that trusts two peers to one; without it such a
     * truststore gets a warning; a peer the truststore could never accept is a user error.
     */
    @Test
    void theExpectedPeerNarrowsATruststoreOfSeveral(@TempDir Path dir) throws Exception {
        Path pw = KeygenCommandTest.passwordFile(dir);
        for (String name : new String[] {"evaluator", "mallory", "creator"}) {
            assertEquals(0, gc("keygen", "--name", name, "--out", dir.toString(), "--tls-password-file",
                    pw.toString()).status());
        }
        Path trust = dir.resolve("both.p12");
        assertEquals(0, gc("keygen", "--trust", dir.resolve("evaluator.crt").toString(), "--trust",
                dir.resolve("mallory.crt").toString(), "--out", trust.toString(), "--tls-password-file",
                pw.toString()).status());
        NetworkOptions n = options(Map.of());
        n.keystore = dir.resolve("creator.p12").toString();
        n.truststore = trust.toString();
        n.passwordFile = pw.toString();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        assertTrue(n.transport(new java.io.PrintStream(err, true, StandardCharsets.UTF_8)).isSecure());
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gc: warning: the truststore " + trust
                + " holds 2 certificate(s) or a certificate authority, so more than one peer would be accepted;"
                + " name the one you expect with --tls-peer FINGERPRINT"), err.toString(StandardCharsets.UTF_8));
        err.reset();
        String fp = io.gcstream.ot.channel.TlsKeys.fingerprint(
                io.gcstream.ot.channel.TlsKeys.readCertificate(dir.resolve("evaluator.crt")));
        n.peer = fp;
        assertEquals("TLS 1.3 as CN=creator", n.transport(new java.io.PrintStream(err, true, StandardCharsets.UTF_8))
                .toString());
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        n.peer = "carol";
        UserError e = assertThrows(UserError.class, () -> n.transport(System.err));
        assertEquals("--tls-peer: the expected peer, subject CN=carol, matches no certificate in the truststore "
                + trust + " (it holds [CN=evaluator, CN=mallory])", e.getMessage());
        n.peer = "not a name!";
        e = assertThrows(UserError.class, () -> n.transport(System.err));
        assertTrue(e.getMessage().startsWith("--tls-peer: the expected peer 'not a name!' is neither"), e.getMessage());
    }

    /**
     * Issue 34, finding 5: a version 1 certificate (what {@code openssl x509 -req -signkey} makes)
     * is an authority to the JDK, so a truststore holding one gets the warning, and a subject it
     * could issue is accepted only with {@code --tls-trust-authority}, which needs a subject pin
     * and an authority to trust.
     */
    @Test
    void aVersionOneCertificateIsAnAuthorityThatVouchesOnlyWhenTrustedTo(@TempDir Path dir) throws Exception {
        Path pw = KeygenCommandTest.passwordFile(dir);
        assertEquals(0, gc("keygen", "--name", "creator", "--out", dir.toString(), "--tls-password-file",
                pw.toString()).status());
        java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("EC");
        g.initialize(256);
        java.security.KeyPair kp = g.generateKeyPair();
        org.bouncycastle.asn1.x500.X500Name carol = new org.bouncycastle.asn1.x500.X500Name("CN=carol");
        java.util.Date now = new java.util.Date();
        java.security.cert.X509Certificate v1 = new org.bouncycastle.cert.jcajce.JcaX509CertificateConverter()
                .getCertificate(new org.bouncycastle.cert.jcajce.JcaX509v1CertificateBuilder(carol,
                        java.math.BigInteger.ONE, new java.util.Date(now.getTime() - 3_600_000),
                        new java.util.Date(now.getTime() + 86_400_000), carol, kp.getPublic())
                        .build(new org.bouncycastle.operator.jcajce.JcaContentSignerBuilder("SHA256withECDSA")
                                .build(kp.getPrivate())));
        Path trust = dir.resolve("carol-trust.p12");
        try (java.io.OutputStream out = Files.newOutputStream(trust)) {
            io.gcstream.ot.channel.TlsKeys.truststore(List.of(v1)).store(out, KeygenCommandTest.PASSWORD.toCharArray());
        }
        NetworkOptions n = options(Map.of());
        n.keystore = dir.resolve("creator.p12").toString();
        n.truststore = trust.toString();
        n.passwordFile = pw.toString();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        n.transport(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gc: warning: the truststore " + trust
                + " holds 1 certificate(s) or a certificate authority, so more than one peer would be accepted"),
                err.toString(StandardCharsets.UTF_8));
        n.peer = "CN=bob";
        UserError e = assertThrows(UserError.class, () -> n.transport(System.err));
        assertEquals("--tls-peer: the expected peer, subject CN=bob, matches no certificate in the truststore " + trust
                + " (it holds [CN=carol]); a certificate an authority there issued is accepted by subject only if you"
                + " trust it to (--tls-trust-authority)", e.getMessage());
        assertTrue(gc("run", "--help").out().contains("--tls-trust-authority"));
        n.trustAuthority = true;
        err.reset();
        assertTrue(n.transport(new java.io.PrintStream(err, true, StandardCharsets.UTF_8)).isSecure());
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        String needsSubject = "--tls-trust-authority lets an authority in the truststore vouch for the subject"
                + " --tls-peer names: give --tls-peer CN=NAME (a fingerprint names one certificate)";
        n.peer = io.gcstream.ot.channel.TlsKeys.fingerprint(v1);
        assertEquals(needsSubject, assertThrows(UserError.class, () -> n.transport(System.err)).getMessage());
        n.peer = null;
        assertEquals(needsSubject, assertThrows(UserError.class, () -> n.transport(System.err)).getMessage());
        // A truststore without an authority has none to trust.
        Path bobTrust = dir.resolve("creator-trust.p12");
        assertEquals(0, gc("keygen", "--trust", dir.resolve("creator.crt").toString(), "--out", bobTrust.toString(),
                "--tls-password-file", pw.toString()).status());
        n.truststore = bobTrust.toString();
        n.peer = "CN=creator";
        assertEquals("--tls-trust-authority: the truststore " + bobTrust + " holds no certificate authority to trust"
                + " (it holds [CN=creator])", assertThrows(UserError.class, () -> n.transport(System.err)).getMessage());
        NetworkOptions plain = options(Map.of());
        plain.trustAuthority = true;
        assertEquals("--tls-trust-authority is for TLS: give --tls-keystore and --tls-truststore too",
                assertThrows(UserError.class, () -> plain.transport(System.err)).getMessage());
    }

    /** Connects to the listener on {@code port} (retrying until it listens), then runs {@code probe}. */
    private static void probe(int port, java.util.function.Consumer<java.net.Socket> probe) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (java.net.Socket s = new java.net.Socket(InetAddress.getLoopbackAddress(), port)) {
                probe.accept(s);
                return;
            } catch (java.net.ConnectException e) {
                if (System.nanoTime() > until) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void probesDoNotKillAPlainListener() throws Exception {
        int port = freePort();
        CompletableFuture<CliTestSupport.Outcome> creator = CompletableFuture.supplyAsync(() -> gc("run", "--role",
                "creator", "--listen", "" + port, "--input", "200", "--timeout", "20", "lib:millionaires8"));
        probe(port, s -> { }); // connect and close
        probe(port, s -> {
            try {
                s.getOutputStream().write("GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                Thread.sleep(200);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        CliTestSupport.Outcome e = gc("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port, "--input", "100",
                "--timeout", "20", "lib:millionaires8");
        CliTestSupport.Outcome c = creator.get(60, TimeUnit.SECONDS);
        assertEquals(0, c.status(), c.err());
        assertEquals(0, e.status(), e.err());
        assertTrue(e.out().contains("evaluator output  (1 bits): 0x1"), e.out());
    }

    @Test
    void aListenerGivesUpAfterTenProbes() throws Exception {
        int port = freePort();
        CompletableFuture<CliTestSupport.Outcome> creator = CompletableFuture.supplyAsync(() -> gc("run", "--role",
                "creator", "--listen", "" + port, "--input", "200", "--timeout", "20", "lib:millionaires8"));
        for (int i = 0; i < 10; i++) { // the listener's limit of failed set-ups (Transport, PeerListener)
            probe(port, s -> { });
        }
        CliTestSupport.Outcome c = creator.get(60, TimeUnit.SECONDS);
        assertEquals(1, c.status(), c.err());
        assertTrue(c.err().contains("after 10 connections that were not a gcstream peer"), c.err());
    }
}
