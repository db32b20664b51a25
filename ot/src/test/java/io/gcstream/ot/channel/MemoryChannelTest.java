package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.internal.TunedChannel;
import io.gcstream.ot.testutil.Threads;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MemoryChannelTest {
    private static final ChannelOptions SMALL = ChannelOptions.builder().bufferSize(100)
            .readTimeout(Duration.ofMillis(300)).build();

    /** What can be written for a peer that reads nothing: the pipe's room, less what is buffered. */
    @Test
    void reserveUnreadSaysWhetherThePipeHasRoom() throws Exception {
        Channel[] p = MemoryChannel.pair(ChannelOptions.builder().bufferSize(2048).build());
        TunedChannel t = (TunedChannel) p[0];
        assertTrue(t.reserveUnread(8192));
        assertFalse(t.reserveUnread(8193));
        p[0].write(new byte[100], 0, 100);
        assertTrue(t.reserveUnread(8092));
        assertFalse(t.reserveUnread(8093));
        p[0].flush();
        assertTrue(t.reserveUnread(8092));
        assertFalse(t.reserveUnread(8093));
        p[1].readFully(new byte[100], 0, 100);
        assertTrue(t.reserveUnread(8192));
        assertFalse(t.plainOffLoopback());
    }

    @Test
    void theWriteBufferSizeIsTheBuffersAndLargeWritesArriveWhole() throws Exception {
        Channel[] p = MemoryChannel.pair(ChannelOptions.builder().bufferSize(100).build());
        assertEquals(100, TunedChannel.writeBufferSizeOf(p[0]));
        // Buffered bytes, then a write of the buffer's size that goes straight to the transport:
        // the peer reads them in order.
        p[0].write(new byte[] {1, 2, 3}, 0, 3);
        byte[] big = new byte[100];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (10 + i);
        }
        p[0].write(big, 0, big.length);
        p[0].flush();
        byte[] got = new byte[103];
        p[1].readFully(got, 0, got.length);
        assertEquals(3, got[2]);
        assertEquals(10, got[3]);
        assertEquals((byte) 109, got[102]);
        p[0].close();
        p[1].close();
    }

    @Test
    void roundTripWithDefaultBuffers() throws Exception {
        Channel[] p = MemoryChannel.pair(ChannelOptions.defaults());
        ChannelContract.roundTrip(p[0], p[1]);
    }

    @Test
    void roundTripWithTinyOddBuffers() throws Exception {
        Channel[] p = MemoryChannel.pair(ChannelOptions.builder().bufferSize(100).build());
        ChannelContract.roundTrip(p[0], p[1]);
    }

    @Test
    void silentPeerTimesOut() throws Exception {
        Channel[] p = MemoryChannel.pair(SMALL);
        ChannelContract.silentPeerTimesOut(p[0], p[1]);
    }

    @Test
    void closedPeerIsReported() throws Exception {
        Channel[] p = MemoryChannel.pair(SMALL);
        ChannelContract.closedPeer(p[0], p[1]);
    }

    @Test
    void writerToANonReadingPeerTimesOutInsteadOfHanging() {
        Channel[] p = MemoryChannel.pair(SMALL);
        byte[] big = new byte[10_000];
        assertThrows(PeerTimeoutException.class, () -> {
            p[0].write(big, 0, big.length);
            p[0].flush();
        });
    }

    /** Long timeouts: only the deadline can end the waits below. */
    private static final ChannelOptions PATIENT = ChannelOptions.builder().bufferSize(100)
            .readTimeout(Duration.ofSeconds(30)).build();

    @Test
    void aReadEndsAtThePhaseDeadline() {
        Channel[] p = MemoryChannel.pair(PATIENT);
        long start = System.nanoTime();
        p[1].deadline(start + 300_000_000L, "base OT");
        PeerTimeoutException e = assertThrows(PeerTimeoutException.class, p[1]::readLong);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals("phase 'base OT' passed its deadline while this side waited for 8 more bytes"
                + " from peer memory:a (received 0 bytes so far)", e.getMessage());
        // The message says the deadline ended the wait; the bound only rules out the 30 s timeout
        // (loose, as a loaded machine may run the watchdog late).
        assertTrue(ms < 10_000, "read ended after " + ms + " ms");
    }

    @Test
    void aTricklingPeerCannotStretchAPhase() throws Exception {
        ChannelOptions o = ChannelOptions.builder().readTimeout(Duration.ofMillis(200)).build();
        Channel[] p = MemoryChannel.pair(o);
        CompletableFuture<Void> trickler = CompletableFuture.runAsync(() -> {
            try {
                for (int i = 0; i < 100; i++) {
                    p[0].write(new byte[] {1}, 0, 1);
                    p[0].flush();
                    Thread.sleep(100);
                }
            } catch (IOException | InterruptedException e) {
                // the reader closed: done
            }
        }, Threads.POOL);
        long start = System.nanoTime();
        p[1].deadline(start + 800_000_000L, "online");
        byte[] b = new byte[100];
        PeerTimeoutException e = assertThrows(PeerTimeoutException.class, () -> p[1].readFully(b, 0, 100));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(e.getMessage().startsWith("phase 'online' passed its deadline"), e.getMessage());
        assertTrue(ms <= 800 + 1000, "read ended after " + ms + " ms");
        p[1].close();
        trickler.get(30, TimeUnit.SECONDS);
    }

    @Test
    void aWriteIntoAFullPipeEndsAtThePhaseDeadline() {
        Channel[] p = MemoryChannel.pair(PATIENT);
        long start = System.nanoTime();
        p[0].deadline(start + 300_000_000L, "garbling");
        byte[] big = new byte[10_000];
        PeerTimeoutException e = assertThrows(PeerTimeoutException.class, () -> {
            p[0].write(big, 0, big.length);
            p[0].flush();
        });
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(e.getMessage().startsWith("phase 'garbling' passed its deadline while this side"
                + " was sending "), e.getMessage());
        assertTrue(e.getMessage().contains("to peer memory:b"), e.getMessage());
        assertTrue(ms < 10_000, "write ended after " + ms + " ms");
    }

    @Test
    void afterTheDeadlineBufferedBytesStillReadButWaitsAndFlushesFail() throws Exception {
        Channel[] p = MemoryChannel.pair(PATIENT);
        p[0].writeInt(1);
        p[0].writeInt(2);
        p[0].flush();
        assertEquals(1, p[1].readInt()); // both ints are now in p[1]'s buffer
        p[1].deadline(System.nanoTime() - 1, "late");
        assertEquals(2, p[1].readInt());
        assertThrows(PeerTimeoutException.class, p[1]::readInt);
        assertThrows(PeerTimeoutException.class, p[1]::flush);
        p[1].clearDeadline();
        p[0].writeInt(3);
        p[0].flush();
        assertEquals(3, p[1].readInt());
        p[1].deadline(System.nanoTime() + Duration.ofDays(365).toNanos(), "far away");
        p[0].writeInt(4);
        p[0].flush();
        assertEquals(4, p[1].readInt());
    }

    @Test
    void writeTimeoutFollowsItsOwnSetting() {
        ChannelOptions o = ChannelOptions.builder().bufferSize(100).readTimeout(Duration.ofSeconds(30))
                .writeTimeout(Duration.ofMillis(200)).build();
        Channel[] p = MemoryChannel.pair(o);
        byte[] big = new byte[10_000];
        PeerTimeoutException e = assertThrows(PeerTimeoutException.class, () -> {
            p[0].write(big, 0, big.length);
            p[0].flush();
        });
        assertTrue(e.getMessage().startsWith("write to peer memory:b timed out: it took no data for"
                + " 200 ms"), e.getMessage());
    }
}
