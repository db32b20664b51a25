package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.testutil.Threads;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Checks every Channel implementation must pass, given a connected pair. */
final class ChannelContract {
    private ChannelContract() {
    }

    /** Mixed writes crossing buffer boundaries arrive exactly, both ways at once. */
    static void roundTrip(Channel a, Channel b) throws Exception {
        CompletableFuture<Void> fa =
                CompletableFuture.runAsync(() -> exchange(a, 1), Threads.POOL);
        CompletableFuture<Void> fb =
                CompletableFuture.runAsync(() -> exchange(b, 1), Threads.POOL);
        fa.get(60, TimeUnit.SECONDS);
        fb.get(60, TimeUnit.SECONDS);
        assertEquals(a.bytesSent(), b.bytesReceived());
        assertEquals(b.bytesSent(), a.bytesReceived());
        assertTrue(a.bytesSent() > 1_000_000);
    }

    private static void exchange(Channel c, long seed) {
        try {
            Random w = new Random(seed);
            Random r = new Random(seed);
            // writer and reader run in separate threads: one writer and one reader per channel
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    for (int round = 0; round < 20; round++) {
                        c.writeInt(w.nextInt());
                        c.writeLong(w.nextLong());
                        byte[] bytes = new byte[w.nextInt(3000)];
                        w.nextBytes(bytes);
                        c.write(bytes, 0, bytes.length);
                        long[] longs = new long[w.nextInt(20000)];
                        for (int i = 0; i < longs.length; i++) {
                            longs[i] = w.nextLong();
                        }
                        c.writeLongs(longs, 0, longs.length);
                        byte[] big = new byte[200_000];
                        w.nextBytes(big);
                        c.write(big, 0, big.length);
                        c.flush();
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }, Threads.POOL);
            for (int round = 0; round < 20; round++) {
                assertEquals(r.nextInt(), c.readInt());
                assertEquals(r.nextLong(), c.readLong());
                byte[] bytes = new byte[r.nextInt(3000)];
                r.nextBytes(bytes);
                byte[] got = new byte[bytes.length];
                c.readFully(got, 0, got.length);
                assertArrayEquals(bytes, got);
                long[] longs = new long[r.nextInt(20000)];
                for (int i = 0; i < longs.length; i++) {
                    longs[i] = r.nextLong();
                }
                long[] gotL = new long[longs.length + 2];
                c.readLongs(gotL, 1, longs.length);
                for (int i = 0; i < longs.length; i++) {
                    assertEquals(longs[i], gotL[i + 1], "long " + i + " of round " + round);
                }
                byte[] big = new byte[200_000];
                r.nextBytes(big);
                byte[] gotBig = new byte[200_000];
                c.readFully(gotBig, 0, gotBig.length);
                assertArrayEquals(big, gotBig);
            }
            writer.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    /** A silent peer makes reads time out with a message naming the peer. */
    static void silentPeerTimesOut(Channel a, Channel b) throws Exception {
        a.writeInt(7);
        a.flush();
        assertEquals(7, b.readInt());
        PeerTimeoutException e = assertThrows(PeerTimeoutException.class, b::readLong);
        assertTrue(e.getMessage().contains(b.peer()), e.getMessage());
        assertTrue(e.getMessage().contains("8 more bytes"), e.getMessage());
    }

    /** A closed peer makes reads fail with PeerClosedException after the sent data is drained. */
    static void closedPeer(Channel a, Channel b) throws Exception {
        a.writeLong(42);
        a.close();
        assertEquals(42, b.readLong());
        PeerClosedException e = assertThrows(PeerClosedException.class, b::readInt);
        assertTrue(e.getMessage().contains(b.peer()), e.getMessage());
        assertThrows(PeerClosedException.class, () -> a.writeInt(1));
    }
}
