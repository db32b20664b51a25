package io.gcstream.ot.channel;

import io.gcstream.ot.internal.TlsPolicy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.internal.TlsRecords;
import io.gcstream.ot.testutil.Threads;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class TransportTest {
    /** Short connect timeout: the refused cases wait for it on the listener's side. */
    private static final ChannelOptions SHORT = ChannelOptions.builder()
            .readTimeout(Duration.ofSeconds(10)).connectTimeout(Duration.ofSeconds(3)).build();
    private static final ChannelOptions NORMAL = ChannelOptions.builder()
            .readTimeout(Duration.ofSeconds(20)).connectTimeout(Duration.ofSeconds(20)).build();

    interface Io<T> {
        T run() throws Exception;
    }

    static <T> CompletableFuture<T> async(Io<T> f) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return f.run();
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, Threads.POOL);
    }

    static ServerSocket loopback() throws IOException {
        return new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    }

    /** The exception a future failed with (unwrapped), or an assertion error if it did not fail. */
    static Throwable failure(CompletableFuture<?> f) throws Exception {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(60, TimeUnit.SECONDS));
        Throwable t = e.getCause();
        return t instanceof RuntimeException && t.getCause() != null ? t.getCause() : t;
    }

    /**
     * Waits until the listener has rejected {@code n} connections, then closes its server
     * socket, which ends its accept (the summary at the connect timeout is checked by
     * {@link #aListenerThatRejectedConnectionsSaysSoWhenItGivesUp}).
     */
    static Throwable stopListener(ServerSocket server, List<String> rejected, int n,
            CompletableFuture<?> acc) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (rejected.size() < n && System.nanoTime() - until < 0) {
            Thread.sleep(20);
        }
        assertEquals(n, rejected.size(), rejected.toString());
        server.close();
        return failure(acc);
    }

    /** A connected TLS pair: [listener side, connector side]. */
    static TcpChannel[] tlsPair(Transport listener, Transport connector, ChannelOptions o)
            throws Exception {
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc = async(() -> listener.accept(server, o));
            TcpChannel c = connector.connect("127.0.0.1", server.getLocalPort(), o);
            return new TcpChannel[] {acc.get(60, TimeUnit.SECONDS), c};
        }
    }

    @Test
    void tlsRoundTripWithMutualAuthentication() throws Exception {
        TcpChannel[] p = tlsPair(TlsFixtures.alice(), TlsFixtures.bob(), NORMAL);
        try {
            ChannelContract.roundTrip(p[0], p[1]);
            assertTrue(p[0].isSecure() && p[1].isSecure());
            assertTrue(p[0].security().startsWith("TLSv1.3 TLS_AES_256_GCM_SHA384, peer CN=bob"),
                    p[0].security());
            assertTrue(p[1].security().endsWith("peer CN=alice"), p[1].security());
            assertEquals(TlsKeys.certificate(TlsFixtures.BOB), p[0].peerCertificate().orElseThrow());
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    @Test
    void tlsWithTinyBuffersAndCleanClose() throws Exception {
        ChannelOptions tiny = NORMAL.toBuilder().bufferSize(64).build();
        TcpChannel[] p = tlsPair(TlsFixtures.bob(), TlsFixtures.alice(), tiny);
        try {
            ChannelContract.closedPeer(p[0], p[1]);
        } finally {
            p[1].close();
        }
    }

    @Test
    void untrustedConnectorIsRefusedOnBothSides() throws Exception {
        Transport mallory = Transport.tls(TlsFixtures.config(TlsFixtures.MALLORY, TlsFixtures.ALICE));
        List<String> rejected = new CopyOnWriteArrayList<>();
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc =
                    async(() -> TlsFixtures.alice().accept(server, NORMAL, rejected::add));
            int port = server.getLocalPort();
            TlsHandshakeException c = assertThrows(TlsHandshakeException.class,
                    () -> mallory.connect("127.0.0.1", port, NORMAL));
            stopListener(server, rejected, 1, acc);
            assertEquals("TLS handshake with 127.0.0.1:" + port
                    + " failed: the peer did not accept this side's certificate (it is not in the"
                    + " peer's truststore, or not the peer it expects)", c.getMessage());
            assertTrue(rejected.get(0).matches("TLS handshake with 127\\.0\\.0\\.1:\\d+ failed: the"
                    + " peer's certificate is not trusted \\(it is not in this side's truststore\\)"),
                    rejected.get(0));
        }
    }

    @Test
    void untrustedListenerIsRefusedOnBothSides() throws Exception {
        Transport mallory = Transport.tls(TlsFixtures.config(TlsFixtures.MALLORY, TlsFixtures.BOB));
        List<String> rejected = new CopyOnWriteArrayList<>();
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc =
                    async(() -> mallory.accept(server, NORMAL, rejected::add));
            int port = server.getLocalPort();
            TlsHandshakeException c = assertThrows(TlsHandshakeException.class,
                    () -> TlsFixtures.bob().connect("127.0.0.1", port, NORMAL));
            stopListener(server, rejected, 1, acc);
            assertEquals("TLS handshake with 127.0.0.1:" + port
                    + " failed: the peer's certificate is not trusted (it is not in this side's"
                    + " truststore)", c.getMessage());
            // The connector's alert and its close race: the listener sees one or the other.
            String r = rejected.get(0);
            assertTrue(r.endsWith("the peer did not accept this side's certificate (it is not in the peer's truststore,"
                    + " or not the peer it expects)")
                    || r.endsWith("the peer closed the connection during the handshake (it may not speak TLS, or may"
                    + " not accept this side's certificate)"), rejected.toString());
        }
    }

    /**
     * A listener that names the peer it expects refuses another certificate its truststore
     * trusts (as a CA in it would admit anything it signed), in one line on both sides, and
     * keeps listening: the expected peer then gets in.
     */
    @Test
    void aListenerThatNamesItsPeerRefusesAnotherTrustedOneOnBothSides() throws Exception {
        Transport alice = Transport.tls(TlsFixtures.trusting(TlsFixtures.ALICE, TlsFixtures.BOB, TlsFixtures.MALLORY)
                .withPeer("CN=bob"));
        Transport mallory = Transport.tls(TlsFixtures.config(TlsFixtures.MALLORY, TlsFixtures.ALICE));
        List<String> rejected = new CopyOnWriteArrayList<>();
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc = async(() -> alice.accept(server, NORMAL, rejected::add));
            int port = server.getLocalPort();
            TlsHandshakeException m = assertThrows(TlsHandshakeException.class,
                    () -> mallory.connect("127.0.0.1", port, NORMAL));
            // Mallory's last handshake messages cross the refusal: it reads the alert, or the
            // reset of a listener that closed with them unread, after its handshake completed or,
            // on a loaded machine, while its handshake was still reading.
            String head = "TLS handshake with 127.0.0.1:" + port + " failed: ";
            assertTrue(m.getMessage().equals(head + "the peer did not accept"
                    + " this side's certificate (it is not in the peer's truststore, or not the peer it expects)")
                    || m.getMessage().equals(head + "the peer closed the"
                    + " connection instead of accepting this side's certificate (it may not be in the peer's"
                    + " truststore, or not the peer it expects)")
                    || m.getMessage().equals(head + "the peer closed the connection during the handshake (it may"
                    + " not speak TLS, or may not accept this side's certificate)"), m.getMessage());
            try (TcpChannel b = TlsFixtures.bob().connect("127.0.0.1", port, NORMAL);
                    TcpChannel a = acc.get(60, TimeUnit.SECONDS)) {
                assertTrue(a.security().endsWith("peer CN=bob"), a.security());
            }
            assertEquals(1, rejected.size(), rejected.toString());
            assertTrue(rejected.get(0).matches("TLS handshake with 127\\.0\\.0\\.1:\\d+ failed: the peer's"
                    + " certificate CN=mallory \\(SHA-256 " + TlsKeys.fingerprint(TlsKeys.certificate(TlsFixtures.MALLORY))
                    + "\\) is trusted but not the expected peer, subject CN=bob"), rejected.get(0));
        }
    }

    /** A connector that names its peer by fingerprint refuses a listener with another trusted certificate. */
    @Test
    void aConnectorThatNamesItsPeerRefusesAnotherTrustedListener() throws Exception {
        String alices = TlsKeys.fingerprint(TlsKeys.certificate(TlsFixtures.ALICE));
        Transport bob = Transport.tls(TlsFixtures.trusting(TlsFixtures.BOB, TlsFixtures.ALICE, TlsFixtures.MALLORY)
                .withPeer(alices));
        Transport mallory = Transport.tls(TlsFixtures.config(TlsFixtures.MALLORY, TlsFixtures.BOB));
        List<String> rejected = new CopyOnWriteArrayList<>();
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc = async(() -> mallory.accept(server, NORMAL, rejected::add));
            int port = server.getLocalPort();
            TlsHandshakeException b = assertThrows(TlsHandshakeException.class,
                    () -> bob.connect("127.0.0.1", port, NORMAL));
            stopListener(server, rejected, 1, acc);
            assertTrue(b.getMessage().startsWith("TLS handshake with 127.0.0.1:" + port + " failed: the peer's"
                    + " certificate CN=mallory (SHA-256 "), b.getMessage());
            assertTrue(b.getMessage().endsWith(") is trusted but not the expected peer, SHA-256 " + alices),
                    b.getMessage());
        }
        // The expected listener is accepted.
        TcpChannel[] p = tlsPair(TlsFixtures.alice(), bob, NORMAL);
        p[0].close();
        p[1].close();
    }

    /**
     * Issue 34, finding 5, over TLS: Alice trusts Bob and Carol, whose certificate is version 1,
     * and expects the subject CN=bob. Mallory, holding Carol's key, makes a CN=bob certificate
     * of her own: refused, the listener saying why, and then Bob gets in. With the authorities
     * trusted to vouch for subjects (on purpose), Mallory's certificate is accepted.
     */
    @Test
    void aSubjectPinRefusesACertificateAVersionOneCertificateIssued() throws Exception {
        java.security.KeyPair carolKey = TlsFixtures.keyPair("EC", 256);
        java.security.cert.X509Certificate carol = TlsFixtures.versionOne("carol", carolKey);
        java.security.KeyPair malloryKey = TlsFixtures.keyPair("EC", 256);
        java.security.cert.X509Certificate forged = TlsFixtures.issued("bob", malloryKey.getPublic(), carol,
                carolKey.getPrivate(), false);
        Transport mallory = Transport.tls(TlsConfig.of(TlsFixtures.keystore(malloryKey.getPrivate(), forged, carol),
                TlsFixtures.truststore(TlsFixtures.ALICE), TlsFixtures.PASSWORD));
        KeyStore aliceTrust = TlsKeys.truststore(List.of(TlsKeys.certificate(TlsFixtures.BOB), carol));
        TlsConfig alice = TlsConfig.of(TlsFixtures.ALICE, aliceTrust, TlsFixtures.PASSWORD);
        Transport pinned = Transport.tls(alice.withPeer("CN=bob"));
        List<String> rejected = new CopyOnWriteArrayList<>();
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc = async(() -> pinned.accept(server, NORMAL, rejected::add));
            int port = server.getLocalPort();
            assertThrows(TlsHandshakeException.class, () -> mallory.connect("127.0.0.1", port, NORMAL).close());
            try (TcpChannel b = TlsFixtures.bob().connect("127.0.0.1", port, NORMAL);
                    TcpChannel a = acc.get(60, TimeUnit.SECONDS)) {
                assertTrue(a.security().endsWith("peer CN=bob"), a.security());
                assertEquals(TlsKeys.certificate(TlsFixtures.BOB), a.peerCertificate().orElseThrow());
            }
            assertEquals(1, rejected.size(), rejected.toString());
            assertTrue(rejected.get(0).endsWith("failed: the peer's certificate " + PeerPin.describe(forged)
                    + " has the expected subject CN=bob but is not in the truststore, and an authority there vouching"
                    + " for a subject is not allowed (--tls-trust-authority); name the peer by its fingerprint"),
                    rejected.get(0));
        }
        TcpChannel[] p = tlsPair(Transport.tls(alice.trustingAuthorities().withPeer("CN=bob")), mallory, NORMAL);
        try {
            assertEquals(forged, p[0].peerCertificate().orElseThrow());
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    /**
     * A connection turned back to the party that made it (a truststore that holds both parties'
     * certificates, as one shared between them would, trusts this side's own): both ends present
     * the same key, and both refuse it, so a party never computes with itself in either role.
     */
    @Test
    void aConnectionBackToItselfIsRefusedOnBothEnds() throws Exception {
        Transport alice = Transport.tls(TlsFixtures.trusting(TlsFixtures.ALICE, TlsFixtures.ALICE, TlsFixtures.BOB));
        List<String> rejected = new CopyOnWriteArrayList<>();
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc = async(() -> alice.accept(server, NORMAL, rejected::add));
            int port = server.getLocalPort();
            TlsHandshakeException c = assertThrows(TlsHandshakeException.class,
                    () -> alice.connect("127.0.0.1", port, NORMAL));
            stopListener(server, rejected, 1, acc);
            assertTrue(c.getMessage().contains("failed: the peer presents this side's own key (CN=alice (SHA-256 "),
                    c.getMessage());
            assertTrue(c.getMessage().endsWith(")): the connection leads back to this party; each party needs a key"
                    + " of its own"), c.getMessage());
            assertTrue(rejected.get(0).contains("the peer did not accept this side's certificate")
                    || rejected.get(0).contains("the peer closed the connection during the handshake"), rejected.toString());
        }
    }

    /** Keys of each accepted kind complete a handshake: RSA 2048 (RSA-PSS signatures) and Ed25519 against EC P-256. */
    @Test
    void everyAcceptedKindOfKeyCompletesAHandshake() throws Exception {
        for (KeyStore other : List.of(TlsFixtures.selfSigned("rsa", "RSA", 2048, "SHA256withRSA"),
                TlsFixtures.selfSigned("ed", "Ed25519", 0, "Ed25519"))) {
            TcpChannel[] p = tlsPair(Transport.tls(TlsFixtures.trusting(TlsFixtures.ALICE, other)),
                    Transport.tls(TlsFixtures.trusting(other, TlsFixtures.ALICE)), NORMAL);
            try {
                ChannelContract.roundTrip(p[0], p[1]);
            } finally {
                p[0].close();
                p[1].close();
            }
        }
    }

    /**
     * A peer's certificate subject is its own text: in what this side prints it is printable
     * ASCII, a right-to-left override and a line separator escaped (RFC 4514).
     */
    @Test
    void aPeersSubjectIsShownInPrintableAscii() throws Exception {
        KeyStore odd = TlsFixtures.selfSigned("eve\u202Egpj.exe\u2028gc: forged", "EC", 256, "SHA256withECDSA");
        TcpChannel[] p = tlsPair(Transport.tls(TlsFixtures.trusting(TlsFixtures.ALICE, odd)),
                Transport.tls(TlsFixtures.trusting(odd, TlsFixtures.ALICE)), NORMAL);
        try {
            assertTrue(p[0].security().endsWith("peer CN=eve\\E2\\80\\AEgpj.exe\\E2\\80\\A8gc: forged"),
                    p[0].security());
            assertEquals("CN=eve\\E2\\80\\AEgpj.exe\\E2\\80\\A8gc: forged",
                    TlsFixtures.trusting(odd, TlsFixtures.ALICE).identity());
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    @Test
    void plainConnectorToTlsListenerIsRefusedOnBothSides() throws Exception {
        List<String> rejected = new CopyOnWriteArrayList<>();
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc =
                    async(() -> TlsFixtures.alice().accept(server, NORMAL, rejected::add));
            // The plain side behaves like a session: sends its hello, then reads the peer's,
            // which is the listener's TLS alert.
            try (TcpChannel plain = Transport.plain().connect("127.0.0.1", server.getLocalPort(), NORMAL)) {
                plain.writeInt(0x31534347);
                plain.writeLong(2);
                plain.flush();
                assertTrue(TlsRecords.looksLikeTls(plain.readInt()));
            }
            stopListener(server, rejected, 1, acc);
            assertTrue(rejected.get(0).endsWith("the peer does not speak TLS (is it using plain TCP?)"),
                    rejected.toString());
        }
    }

    @Test
    void tlsConnectorToPlainListenerIsRefusedOnBothSides() throws Exception {
        try (ServerSocket server = loopback()) {
            CompletableFuture<Integer> plainSide = async(() -> {
                try (TcpChannel plain = Transport.plain().accept(server, NORMAL)) {
                    plain.writeInt(0x31534347);
                    plain.writeLong(2);
                    plain.flush();
                    return plain.readInt();
                }
            });
            TlsHandshakeException c = assertThrows(TlsHandshakeException.class,
                    () -> TlsFixtures.bob().connect("127.0.0.1", server.getLocalPort(), NORMAL));
            assertTrue(TlsRecords.looksLikeTls(plainSide.get(60, TimeUnit.SECONDS)));
            assertTrue(c.getMessage().endsWith("the peer does not speak TLS (is it using plain TCP?)"),
                    c.getMessage());
        }
    }

    @Test
    void aListenerThatRejectedConnectionsSaysSoWhenItGivesUp() throws Exception {
        List<String> rejected = new CopyOnWriteArrayList<>();
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc =
                    async(() -> TlsFixtures.alice().accept(server, SHORT, rejected::add));
            try (Socket s = new Socket("127.0.0.1", server.getLocalPort())) {
                s.getOutputStream().write("GCS1 plain hello".getBytes());
                s.getInputStream().read();
            }
            Throwable l = failure(acc);
            assertTrue(l instanceof PeerTimeoutException, l.toString());
            assertTrue(l.getMessage().matches("no peer completed a TLS handshake on 127\\.0\\.0\\.1:"
                    + server.getLocalPort() + " within 3000 ms \\(1 failed; the last: TLS handshake with"
                    + " 127\\.0\\.0\\.1:\\d+ failed: the peer does not speak TLS \\(is it using plain"
                    + " TCP\\?\\)\\)"), l.getMessage());
            assertEquals(List.of(l.getMessage().replaceAll(".*the last: (.*)\\)$", "$1")), rejected);
        }
    }

    @Test
    void probesDoNotKillATlsListener() throws Exception {
        List<String> rejected = new CopyOnWriteArrayList<>();
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc =
                    async(() -> TlsFixtures.alice().accept(server, NORMAL, rejected::add));
            int port = server.getLocalPort();
            // connect and close at once; connect, send garbage, close
            new Socket("127.0.0.1", port).close();
            try (Socket s = new Socket("127.0.0.1", port)) {
                s.getOutputStream().write("GET / HTTP/1.0\r\n\r\n".getBytes());
                s.getInputStream().read();
            }
            try (TcpChannel c = TlsFixtures.bob().connect("127.0.0.1", port, NORMAL);
                    TcpChannel l = acc.get(60, TimeUnit.SECONDS)) {
                c.writeLong(99);
                c.flush();
                assertEquals(99, l.readLong());
            }
            assertEquals(2, rejected.size(), rejected.toString());
            assertTrue(rejected.get(0).contains("the peer closed the connection during the handshake"),
                    rejected.get(0));
            assertTrue(rejected.get(1).contains("the peer does not speak TLS"), rejected.get(1));
        }
    }

    @Test
    void aTlsListenerGivesUpAfterTooManyFailedHandshakes() throws Exception {
        List<String> rejected = new CopyOnWriteArrayList<>();
        try (ServerSocket server = loopback()) {
            CompletableFuture<TcpChannel> acc =
                    async(() -> TlsFixtures.alice().accept(server, NORMAL, rejected::add));
            for (int i = 0; i < TlsPolicy.MAX_FAILED_HANDSHAKES; i++) {
                try (Socket s = new Socket("127.0.0.1", server.getLocalPort())) {
                    s.getOutputStream().write(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
                    s.getInputStream().read();
                } catch (IOException e) {
                    // the listener may reset the connection: that is what a probe gets
                }
            }
            Throwable l = failure(acc);
            assertTrue(l instanceof TlsHandshakeException, l.toString());
            assertTrue(l.getMessage().startsWith("gave up listening on 127.0.0.1:"
                    + server.getLocalPort() + " after " + TlsPolicy.MAX_FAILED_HANDSHAKES
                    + " failed connections; the last: TLS handshake with 127.0.0.1:"), l.getMessage());
            assertEquals(TlsPolicy.MAX_FAILED_HANDSHAKES, rejected.size());
        }
    }

    @Test
    void aSilentConnectionHoldsATlsListenerAtMostTheConnectTimeout() throws Exception {
        List<String> rejected = new CopyOnWriteArrayList<>();
        ChannelOptions o = SHORT.toBuilder().connectTimeout(Duration.ofMillis(1500)).build();
        try (ServerSocket server = loopback(); Socket silent = new Socket()) {
            CompletableFuture<TcpChannel> acc =
                    async(() -> TlsFixtures.alice().accept(server, o, rejected::add));
            long start = System.nanoTime();
            silent.connect(server.getLocalSocketAddress());
            Throwable l = failure(acc);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(l instanceof PeerTimeoutException, l.toString());
            assertTrue(rejected.get(0).contains("no answer within"), rejected.toString());
            assertTrue(ms < 1500 + 1000, "accept ended after " + ms + " ms");
        }
    }

    @Test
    void aPlainListenerCanAcceptInALoopOnOneServerSocket() throws Exception {
        try (ServerSocket server = loopback()) {
            new Socket("127.0.0.1", server.getLocalPort()).close();
            try (TcpChannel probe = Transport.plain().accept(server, NORMAL)) {
                assertThrows(PeerClosedException.class, probe::readInt);
            }
            CompletableFuture<TcpChannel> acc = async(() -> Transport.plain().accept(server, NORMAL));
            try (TcpChannel c = Transport.plain().connect("127.0.0.1", server.getLocalPort(), NORMAL);
                    TcpChannel l = acc.get(60, TimeUnit.SECONDS)) {
                assertFalse(c.isSecure());
                assertEquals("plain TCP", l.security());
                c.writeInt(5);
                c.flush();
                assertEquals(5, l.readInt());
            }
        }
    }

    @Test
    void tlsConnectGivesUpAfterTheConnectTimeoutWhenNobodyListens() throws Exception {
        int port;
        try (ServerSocket probe = loopback()) {
            port = probe.getLocalPort();
        }
        ChannelOptions o = SHORT.toBuilder().connectTimeout(Duration.ofMillis(300)).build();
        PeerTimeoutException e = assertThrows(PeerTimeoutException.class,
                () -> TlsFixtures.bob().connect("127.0.0.1", port, o));
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    }

    @Test
    void acceptOnABindAddressListensThere() throws Exception {
        int port;
        try (ServerSocket probe = loopback()) {
            port = probe.getLocalPort();
        }
        CompletableFuture<TcpChannel> acc = async(() -> TlsFixtures.alice().accept(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), port), NORMAL));
        try (TcpChannel c = TlsFixtures.bob().connect("127.0.0.1", port, NORMAL);
                TcpChannel l = acc.get(60, TimeUnit.SECONDS)) {
            l.writeInt(6);
            l.flush();
            assertEquals(6, c.readInt());
        }
    }

    /** A man in the middle that flips one bit of the listener-bound stream after the handshake. */
    @Test
    void aBitFlippedOnTheWireIsAnErrorUnderTls() throws Exception {
        try (ServerSocket server = loopback(); ServerSocket proxy = loopback()) {
            AtomicBoolean flip = new AtomicBoolean();
            CompletableFuture<Void> mitm = CompletableFuture.runAsync(() -> {
                try (Socket a = proxy.accept();
                        Socket b = new Socket("127.0.0.1", server.getLocalPort())) {
                    CompletableFuture<Void> back = CompletableFuture.runAsync(
                            () -> pump(b, a, new AtomicBoolean()), Threads.POOL);
                    pump(a, b, flip);
                    back.join();
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }, Threads.POOL);
            CompletableFuture<TcpChannel> acc = async(() -> TlsFixtures.alice().accept(server, NORMAL));
            try (TcpChannel c = TlsFixtures.bob().connect("127.0.0.1", proxy.getLocalPort(), NORMAL);
                    TcpChannel l = acc.get(60, TimeUnit.SECONDS)) {
                c.writeLong(1);
                c.flush();
                assertEquals(1, l.readLong());
                flip.set(true);
                c.writeLong(2);
                c.flush();
                PeerClosedException e = assertThrows(PeerClosedException.class, l::readLong);
                assertTrue(e.getMessage().startsWith("TLS connection to peer 127.0.0.1:"), e.getMessage());
            }
            mitm.get(60, TimeUnit.SECONDS);
        }
    }

    /** Copies from {@code from} to {@code to}, flipping bit 0 of one byte when {@code flip} is set. */
    private static void pump(Socket from, Socket to, AtomicBoolean flip) {
        byte[] buf = new byte[4096];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            int n;
            while ((n = in.read(buf)) > 0) {
                if (flip.compareAndSet(true, false)) {
                    buf[n - 1] ^= 1;
                }
                out.write(buf, 0, n);
            }
        } catch (IOException e) {
            // one side closed: stop
        } finally {
            try {
                to.shutdownOutput();
            } catch (IOException e) {
                // already closed
            }
        }
    }

    /** Refused connections are retried after 1, 2, 4, ... ms, then every 50 ms. */
    @Test
    void retryPausesDoubleUpToFiftyMilliseconds() {
        long p = 1;
        StringBuilder seen = new StringBuilder("1");
        for (int i = 0; i < 8; i++) {
            p = Transport.nextRetryPause(p);
            seen.append(' ').append(p);
        }
        assertEquals("1 2 4 8 16 32 50 50 50", seen.toString());
    }

    @Test
    void looksLikeTlsRecognisesRecordHeaders() {
        assertTrue(TlsRecords.looksLikeTls(0x01030316));  // handshake record, TLS 1.0 header
        assertTrue(TlsRecords.looksLikeTls(0x02030315));  // alert record
        assertFalse(TlsRecords.looksLikeTls(0x31534347)); // "GCS1"
        assertFalse(TlsRecords.looksLikeTls(0));
    }
}
