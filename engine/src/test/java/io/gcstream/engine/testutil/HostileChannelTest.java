package io.gcstream.engine.testutil;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.engine.testutil.HostileChannel.Fault;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.PeerClosedException;
import io.gcstream.ot.channel.PeerTimeoutException;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Each fault does exactly what it says to the bytes, whatever write calls carried them. */
@Timeout(60)
class HostileChannelTest {
    private static final ChannelOptions O = ChannelOptions.builder().readTimeout(Duration.ofMillis(500)).build();

    /** 0, 1, 2, ... as bytes. */
    private static byte[] counting(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) i;
        }
        return b;
    }

    /**
     * Writes the 64 bytes 0..63 through {@code fault} using every kind of write call (bytes,
     * an int, a long, longs), flushing after each, and returns what arrives at the peer within
     * the read timeout.
     */
    private static byte[] through(Fault fault) throws IOException {
        Channel[] ch = MemoryChannel.pair(O);
        HostileChannel h = new HostileChannel(ch[0], fault);
        byte[] all = counting(64);
        try {
            h.write(all, 0, 12);
            h.flush();
            h.writeInt((all[12] & 0xff) | (all[13] & 0xff) << 8 | (all[14] & 0xff) << 16 | (all[15] & 0xff) << 24);
            h.flush();
            h.writeLong(le(all, 16));
            h.flush();
            h.writeLongs(new long[] {le(all, 24), le(all, 32), le(all, 40), le(all, 48), le(all, 56)}, 0, 5);
            h.flush();
        } catch (IOException e) {
            // A cut connection: what got through is still read below.
        } finally {
            h.close(); // the reader drains what arrived, then sees the end
        }
        byte[] got = new byte[200];
        int n = 0;
        try {
            while (n < got.length) {
                ch[1].readFully(got, n, 1);
                n++;
            }
        } catch (PeerTimeoutException | PeerClosedException e) {
            // the end of what arrived
        }
        return Arrays.copyOf(got, n);
    }

    private static long le(byte[] b, int off) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = v << 8 | (b[off + i] & 0xff);
        }
        return v;
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] r = new byte[n];
        int k = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, r, k, p.length);
            k += p.length;
        }
        return r;
    }

    private static byte[] range(int from, int to) {
        return Arrays.copyOfRange(counting(64), from, to);
    }

    @Test
    void flipXorsOneBitOfOneByte() throws IOException {
        byte[] want = counting(64);
        want[13] ^= 1 << 5;
        assertArrayEquals(want, through(Fault.flip(13, 5)));
        byte[] many = counting(64);
        for (int i = 10; i < 30; i++) {
            many[i] ^= 1;
        }
        assertArrayEquals(many, through(Fault.flipBytes(10, 20)), "across an int, a long and longs");
    }

    @Test
    void dropDiscardsBytesAndKeepsTheRest() throws IOException {
        assertArrayEquals(concat(range(0, 10), range(18, 64)), through(Fault.drop(10, 8)));
    }

    @Test
    void truncateCutsTheConnectionAfterTheOffset() throws IOException {
        assertArrayEquals(range(0, 20), through(Fault.truncate(20)));
        Channel[] ch = MemoryChannel.pair(O);
        HostileChannel h = new HostileChannel(ch[0], Fault.truncate(3));
        h.write(counting(3), 0, 3);
        assertFalse(h.tripped());
        assertThrows(PeerClosedException.class, () -> h.writeInt(7), "the connection is gone");
        assertTrue(h.tripped());
    }

    @Test
    void stallDeliversNothingFromTheOffsetButKeepsTheConnectionOpen() throws IOException {
        // The reader times out (PeerTimeoutException) rather than seeing a closed connection.
        Channel[] ch = MemoryChannel.pair(O);
        HostileChannel h = new HostileChannel(ch[0], Fault.stall(30));
        h.write(counting(64), 0, 64);
        h.flush();
        byte[] got = new byte[30];
        ch[1].readFully(got, 0, 30);
        assertArrayEquals(range(0, 30), got);
        assertThrows(PeerTimeoutException.class, () -> ch[1].readInt());
        assertTrue(h.tripped());
        assertEquals(64, h.bytesSent(), "the party does not notice");
    }

    @Test
    void replaySendsTheBytesBeforeTheOffsetAgain() throws IOException {
        assertArrayEquals(concat(range(0, 20), range(14, 20), range(20, 64)), through(Fault.replay(20, 6)));
    }

    @Test
    void reorderSwapsTwoChunks() throws IOException {
        assertArrayEquals(concat(range(0, 24), range(30, 36), range(24, 30), range(36, 64)),
                through(Fault.reorder(24, 6)));
    }

    @Test
    void aFlushReleasesAHalfReorderedChunk() throws IOException {
        // Chunks [8, 14) and [14, 20): the flush after byte 12 finds the first incomplete and
        // lets it go; nothing is swapped.
        assertArrayEquals(counting(64), through(Fault.reorder(8, 6)));
        // Chunks [12, 15) and [15, 18): the flush after byte 16 finds one byte of the second.
        assertArrayEquals(concat(range(0, 12), range(15, 16), range(12, 15), range(16, 64)),
                through(Fault.reorder(12, 3)));
    }

    @Test
    void delayHoldsTheRestBackAfterFlushingWhatCameBefore() throws IOException {
        long t0 = System.nanoTime();
        assertArrayEquals(counting(64), through(Fault.delay(20, Duration.ofMillis(300))));
        assertTrue(System.nanoTime() - t0 >= 300_000_000L, "it slept");
    }

    @Test
    void trickleSendsOneByteAtATime() throws IOException {
        assertArrayEquals(counting(64), through(Fault.trickle(60, Duration.ofMillis(20))));
    }

    @Test
    void crashClosesAndThrowsInThePartysThread() throws IOException {
        Channel[] ch = MemoryChannel.pair(O);
        HostileChannel h = new HostileChannel(ch[0], Fault.crash(4));
        h.writeInt(1);
        IOException e = assertThrows(IOException.class, () -> h.writeInt(2));
        assertEquals("simulated crash of this party", e.getMessage());
        assertEquals(1, ch[1].readInt());
        assertThrows(PeerClosedException.class, () -> ch[1].readInt());
    }

    @Test
    void crashWhileReceivingAfterTheOffset() throws IOException {
        Channel[] ch = MemoryChannel.pair(O);
        HostileChannel h = new HostileChannel(ch[1], Fault.crashWhileReceiving(8));
        ch[0].writeLong(5);
        ch[0].writeLong(6);
        ch[0].flush();
        assertEquals(5, h.readLong());
        IOException e = assertThrows(IOException.class, h::readLong);
        assertTrue(e.getMessage().contains("while receiving"), e.getMessage());
    }

    @Test
    void aFaultBeyondTheStreamNeverTrips() throws IOException {
        Channel[] ch = MemoryChannel.pair(O);
        HostileChannel h = new HostileChannel(ch[0], Fault.flip(1000, 0));
        h.write(counting(64), 0, 64);
        h.flush();
        assertFalse(h.tripped());
    }

    @Test
    void randomFlipsAreDeterministicAndInRange() {
        for (long seed = 0; seed < 200; seed++) {
            Fault f = Fault.randomFlip(seed, 100, 110);
            assertEquals(f, Fault.randomFlip(seed, 100, 110));
            assertTrue(f.at() >= 100 && f.at() < 110, f.toString());
        }
        assertThrows(IllegalArgumentException.class, () -> Fault.replay(3, 4));
    }
}
