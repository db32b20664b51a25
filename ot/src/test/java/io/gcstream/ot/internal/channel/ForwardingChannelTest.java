package io.gcstream.ot.internal.channel;

import io.gcstream.ot.channel.ChannelOptions;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.PeerTimeoutException;
import io.gcstream.ot.internal.TunedChannel;
import org.junit.jupiter.api.Test;

class ForwardingChannelTest {
    /** A decorator that changes nothing. */
    private static final class Plain extends ForwardingChannel {
        Plain(Channel d) {
            super(d);
        }
    }

    @Test
    void passesEveryCallThrough() throws Exception {
        Channel[] pair = MemoryChannel.pair(ChannelOptions.defaults());
        ForwardingChannel a = new Plain(pair[0]);
        Channel b = new Plain(pair[1]);
        a.writeInt(7);
        a.writeLong(8);
        a.writeLongs(new long[] {1, 2}, 0, 2);
        a.write(new byte[] {5}, 0, 1);
        a.flush();
        assertEquals(7, b.readInt());
        assertEquals(8, b.readLong());
        long[] l = new long[2];
        b.readLongs(l, 0, 2);
        assertArrayEquals(new long[] {1, 2}, l);
        byte[] one = new byte[1];
        b.readFully(one, 0, 1);
        assertEquals(5, one[0]);
        assertEquals(a.bytesSent(), b.bytesReceived());
        assertEquals(pair[0].peer(), a.peer());
        assertEquals(TunedChannel.writeBufferSizeOf(pair[0]), a.writeBufferSize());
        assertTrue(a.reserveUnread(1000), "the pipe's answer, not the default's");
        assertEquals(false, a.reserveUnread(1 << 30));
        assertEquals(TunedChannel.isPlainOffLoopback(pair[0]), a.plainOffLoopback());
        a.close();
        b.close();
    }

    @Test
    void passesTheDeadlineThrough() throws Exception {
        Channel[] pair = MemoryChannel.pair(ChannelOptions.defaults());
        Channel b = new Plain(pair[1]);
        b.deadline(System.nanoTime() - 1, "handshake");
        PeerTimeoutException e = assertThrows(PeerTimeoutException.class, pair[1]::readInt);
        assertTrue(e.getMessage().startsWith("phase 'handshake'"), e.getMessage());
        b.clearDeadline();
        pair[0].writeInt(3);
        pair[0].flush();
        assertEquals(3, b.readInt());
    }
}
