package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.testutil.Threads;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TcpChannelTest {
    private static final ChannelOptions FAST = ChannelOptions.builder()
            .readTimeout(Duration.ofMillis(300)).connectTimeout(Duration.ofSeconds(10)).build();

    /** Connects a pair over loopback using an ephemeral port. */
    static TcpChannel[] pair(ChannelOptions o) throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            CompletableFuture<TcpChannel> acc = CompletableFuture.supplyAsync(() -> {
                try {
                    return Transport.plain().accept(server, o);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }, Threads.POOL);
            TcpChannel c = Transport.plain().connect("127.0.0.1", server.getLocalPort(), o);
            return new TcpChannel[] {acc.get(10, TimeUnit.SECONDS), c};
        }
    }

    /** What a test does with a connected pair. */
    interface PairBody {
        void run(TcpChannel a, TcpChannel b) throws Exception;
    }

    /** Runs {@code body} on a new loopback pair, then closes both ends (closing twice is harmless). */
    static void onPair(ChannelOptions o, PairBody body) throws Exception {
        TcpChannel[] p = pair(o);
        try {
            body.run(p[0], p[1]);
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    /**
     * Plain TCP to a loopback address stays on this machine; to another address of this machine
     * it is "off loopback" (the address is what counts: docs/security.md).
     */
    @Test
    void plainOffLoopbackIsPlainTcpToAnAddressThatIsNotLoopback() throws Exception {
        onPair(FAST, (a, b) -> {
            assertFalse(a.plainOffLoopback());
            assertFalse(b.plainOffLoopback());
        });
        InetAddress other = null;
        for (java.net.NetworkInterface i : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress x : java.util.Collections.list(i.getInetAddresses())) {
                if (i.isUp() && !x.isLoopbackAddress() && x instanceof java.net.Inet4Address) {
                    other = x;
                }
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(other != null, "no non-loopback IPv4 address on this machine");
        try (ServerSocket server = new ServerSocket(0, 1, other)) {
            CompletableFuture<TcpChannel> acc = CompletableFuture.supplyAsync(() -> {
                try {
                    return Transport.plain().accept(server, FAST);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }, Threads.POOL);
            try (TcpChannel c = Transport.plain().connect(other.getHostAddress(), server.getLocalPort(), FAST);
                    TcpChannel s = acc.get(10, TimeUnit.SECONDS)) {
                assertTrue(c.plainOffLoopback());
                assertTrue(s.plainOffLoopback());
            }
        }
    }

    /** A socket's send buffer is made to hold what a protocol means to write unread, where the kernel allows. */
    @Test
    void reserveUnreadEnlargesTheSendBuffer() throws Exception {
        onPair(FAST, (a, b) -> {
            assertTrue(a.reserveUnread(64 * 1024));
            // Written and flushed while the peer reads nothing: it does not block.
            a.write(new byte[64 * 1024], 0, 64 * 1024);
            a.flush();
            byte[] got = new byte[64 * 1024];
            b.readFully(got, 0, got.length);
        });
    }

    @Test
    void roundTripOverLoopback() throws Exception {
        onPair(ChannelOptions.defaults(), (a, b) -> {
            ChannelContract.roundTrip(a, b);
            assertTrue(b.peer().startsWith("127.0.0.1:"), b.peer());
        });
    }

    @Test
    void roundTripWithTinyBuffers() throws Exception {
        onPair(ChannelOptions.builder().bufferSize(64).build(), ChannelContract::roundTrip);
    }

    @Test
    void roundTripWithoutAndWithTheLongestReadPoll() throws Exception {
        for (Duration poll : new Duration[] {Duration.ZERO, ChannelOptions.MAX_READ_POLL}) {
            onPair(ChannelOptions.builder().readPoll(poll).build(), ChannelContract::roundTrip);
        }
    }

    /** Polling is bounded: a silent or closed peer is still reported as without it. */
    @Test
    void theLongestReadPollKeepsTimeoutsAndClosedPeers() throws Exception {
        ChannelOptions o = FAST.toBuilder().readPoll(ChannelOptions.MAX_READ_POLL).build();
        onPair(o, ChannelContract::silentPeerTimesOut);
        onPair(o, ChannelContract::closedPeer);
    }

    @Test
    void silentPeerTimesOut() throws Exception {
        onPair(FAST, ChannelContract::silentPeerTimesOut);
    }

    @Test
    void closedPeerIsReported() throws Exception {
        onPair(FAST, ChannelContract::closedPeer);
    }

    @Test
    void connectRetriesUntilTheListenerStarts() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        CompletableFuture<TcpChannel> client = CompletableFuture.supplyAsync(() -> {
            try {
                return Transport.plain().connect("127.0.0.1", port, FAST);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, Threads.POOL);
        Thread.sleep(300);
        try (TcpChannel server = Transport.plain().accept(new java.net.InetSocketAddress(port), FAST);
                TcpChannel c = client.get(10, TimeUnit.SECONDS)) {
            c.writeInt(5);
            c.flush();
            assertEquals(5, server.readInt());
        }
    }

    @Test
    void connectGivesUpAfterTheConnectTimeout() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        ChannelOptions o = FAST.toBuilder().connectTimeout(Duration.ofMillis(300)).build();
        PeerTimeoutException e = assertThrows(PeerTimeoutException.class,
                () -> Transport.plain().connect("127.0.0.1", port, o));
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    }

    /** Margin for "ends within the bound": generous, the machine is loaded. */
    private static final long MARGIN_MS = 1000;

    /** A raw peer that accepts one connection with a tiny receive buffer and never reads. */
    private static ServerSocket deafListener() throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReceiveBufferSize(4096);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        return server;
    }

    /**
     * Writes 64 KiB at a time until a write fails; returns how long the failing write took, in
     * ms, and checks the failure is a write timeout (or, with {@code phase}, a phase deadline).
     */
    static long writeUntilTimeout(Channel c, String phase) throws Exception {
        byte[] chunk = new byte[64 * 1024];
        for (long total = 0; total < (1L << 32); total += chunk.length) {
            long start = System.nanoTime();
            try {
                c.write(chunk, 0, chunk.length);
                c.flush();
            } catch (PeerTimeoutException e) {
                long ms = (System.nanoTime() - start) / 1_000_000;
                String m = e.getMessage();
                if (phase == null) {
                    assertTrue(m.startsWith("write to peer " + c.peer() + " timed out"), m);
                } else {
                    assertTrue(m.startsWith("phase '" + phase + "' passed its deadline while this"
                            + " side was sending"), m);
                    assertTrue(m.contains(c.peer()), m);
                }
                return ms;
            }
        }
        throw new AssertionError("4 GiB written to a peer that never reads");
    }

    @Test
    void writeToAPeerThatNeverReadsTimesOut() throws Exception {
        ChannelOptions o = FAST.toBuilder().writeTimeout(Duration.ofSeconds(1)).build();
        try (ServerSocket server = deafListener()) {
            CompletableFuture<Socket> peer = CompletableFuture.supplyAsync(() -> {
                try {
                    return server.accept();
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }, Threads.POOL);
            try (TcpChannel c = Transport.plain().connect("127.0.0.1", server.getLocalPort(), o);
                    Socket deaf = peer.get(10, TimeUnit.SECONDS)) {
                long ms = writeUntilTimeout(c, null);
                assertTrue(ms <= 1000 + MARGIN_MS, "the blocked write ended after " + ms + " ms");
                long start = System.nanoTime();
                c.close();
                long closeMs = (System.nanoTime() - start) / 1_000_000;
                assertTrue(closeMs <= MARGIN_MS, "close after a write timeout took " + closeMs + " ms");
            }
        }
    }

    @Test
    void aPhaseDeadlineEndsABlockedWriteBeforeTheWriteTimeout() throws Exception {
        ChannelOptions o = FAST.toBuilder().writeTimeout(Duration.ofSeconds(30)).build();
        try (ServerSocket server = deafListener()) {
            CompletableFuture<Socket> peer = CompletableFuture.supplyAsync(() -> {
                try {
                    return server.accept();
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }, Threads.POOL);
            try (TcpChannel c = Transport.plain().connect("127.0.0.1", server.getLocalPort(), o);
                    Socket deaf = peer.get(10, TimeUnit.SECONDS)) {
                long start = System.nanoTime();
                c.deadline(start + 1_500_000_000L, "garbling");
                writeUntilTimeout(c, "garbling");
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertTrue(ms <= 1500 + MARGIN_MS, "the phase ended after " + ms + " ms");
            }
        }
    }

    @Test
    void aTricklingPeerCannotStretchAPhase() throws Exception {
        // Read timeout 300 ms, one byte every 150 ms: the read timeout alone never fires.
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> trickler = CompletableFuture.runAsync(() -> {
                try (Socket s = server.accept()) {
                    OutputStream out = s.getOutputStream();
                    for (int i = 0; i < 100; i++) {
                        out.write(i);
                        out.flush();
                        Thread.sleep(150);
                    }
                } catch (IOException | InterruptedException e) {
                    // the channel gave up and closed: done
                }
            }, Threads.POOL);
            try (TcpChannel c = Transport.plain().connect("127.0.0.1", server.getLocalPort(), FAST)) {
                long start = System.nanoTime();
                c.deadline(start + 1_500_000_000L, "OT extension");
                byte[] want = new byte[1000];
                PeerTimeoutException e = assertThrows(PeerTimeoutException.class,
                        () -> c.readFully(want, 0, want.length));
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertTrue(e.getMessage().startsWith("phase 'OT extension' passed its deadline while"
                        + " this side waited for "), e.getMessage());
                assertTrue(e.getMessage().contains("from peer " + c.peer()), e.getMessage());
                assertTrue(ms <= 1500 + MARGIN_MS, "the read ended after " + ms + " ms");
            }
            trickler.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void tlsWriteToAPeerThatNeverReadsTimesOut() throws Exception {
        ChannelOptions o = FAST.toBuilder().writeTimeout(Duration.ofSeconds(1))
                .readTimeout(Duration.ofSeconds(20)).build();
        TcpChannel[] p = TransportTest.tlsPair(TlsFixtures.alice(), TlsFixtures.bob(), o);
        try {
            long ms = writeUntilTimeout(p[1], null);
            assertTrue(ms <= 1000 + MARGIN_MS, "the blocked write ended after " + ms + " ms");
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    @Test
    void aTricklingTlsPeerCannotStretchAPhase() throws Exception {
        TcpChannel[] p = TransportTest.tlsPair(TlsFixtures.alice(), TlsFixtures.bob(), FAST);
        try {
            CompletableFuture<Void> trickler = CompletableFuture.runAsync(() -> {
                try {
                    for (int i = 0; i < 100; i++) {
                        p[0].write(new byte[] {(byte) i}, 0, 1);
                        p[0].flush();
                        Thread.sleep(150);
                    }
                } catch (IOException | InterruptedException e) {
                    // the reader gave up and the connection closed: done
                }
            }, Threads.POOL);
            long start = System.nanoTime();
            p[1].deadline(start + 1_500_000_000L, "output");
            byte[] want = new byte[1000];
            PeerTimeoutException e = assertThrows(PeerTimeoutException.class,
                    () -> p[1].readFully(want, 0, want.length));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(e.getMessage().startsWith("phase 'output' passed its deadline"), e.getMessage());
            assertTrue(ms <= 1500 + MARGIN_MS, "the read ended after " + ms + " ms");
            p[1].close();
            trickler.get(30, TimeUnit.SECONDS);
        } finally {
            p[0].close();
            p[1].close();
        }
    }
}
