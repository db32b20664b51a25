package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.time.Duration;
import io.gcstream.ot.testutil.Threads;
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
                    return TcpChannel.accept(server, o);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }, Threads.POOL);
            TcpChannel c = TcpChannel.connect("127.0.0.1", server.getLocalPort(), o);
            return new TcpChannel[] {acc.get(10, TimeUnit.SECONDS), c};
        }
    }

    @Test
    void roundTripOverLoopback() throws Exception {
        TcpChannel[] p = pair(ChannelOptions.defaults());
        try {
            ChannelContract.roundTrip(p[0], p[1]);
            assertTrue(p[1].peer().startsWith("127.0.0.1:"), p[1].peer());
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    @Test
    void roundTripWithTinyBuffers() throws Exception {
        TcpChannel[] p = pair(ChannelOptions.builder().bufferSize(64).build());
        try {
            ChannelContract.roundTrip(p[0], p[1]);
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    @Test
    void silentPeerTimesOut() throws Exception {
        TcpChannel[] p = pair(FAST);
        try {
            ChannelContract.silentPeerTimesOut(p[0], p[1]);
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    @Test
    void closedPeerIsReported() throws Exception {
        TcpChannel[] p = pair(FAST);
        try {
            ChannelContract.closedPeer(p[0], p[1]);
        } finally {
            p[1].close();
        }
    }

    @Test
    void connectRetriesUntilTheListenerStarts() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        CompletableFuture<TcpChannel> client = CompletableFuture.supplyAsync(() -> {
            try {
                return TcpChannel.connect("127.0.0.1", port, FAST);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, Threads.POOL);
        Thread.sleep(300);
        try (TcpChannel server = TcpChannel.accept(port, FAST);
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
                () -> TcpChannel.connect("127.0.0.1", port, o));
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    }
}
