package io.gcstream.ot.internal.channel;

import io.gcstream.ot.channel.ChannelOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.MemoryChannel;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class TranscriptChannelTest {
    @Test
    void hashesExactlyTheBytesOnTheWire() throws Exception {
        Channel[] pair = MemoryChannel.pair(ChannelOptions.defaults());
        TranscriptChannel t = new TranscriptChannel(pair[0]);
        t.write(new byte[] {1, 2, 3}, 1, 2);
        t.writeInt(0x01020304);
        t.writeLong(-2L);
        t.writeLongs(new long[] {9, 10, 11}, 1, 2);
        t.flush();
        ByteBuffer expected = ByteBuffer.allocate(2 + 4 + 8 + 16).order(ByteOrder.LITTLE_ENDIAN);
        expected.put((byte) 2).put((byte) 3).putInt(0x01020304).putLong(-2L).putLong(10).putLong(11);
        byte[] wire = new byte[expected.capacity()];
        pair[1].readFully(wire, 0, wire.length);
        assertEquals(HexFormat.of().formatHex(expected.array()), HexFormat.of().formatHex(wire));
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(wire)), t.sentHash());
        assertEquals(wire.length, t.bytesSent());
    }

    @Test
    void digestRestartsAfterEachHash() throws Exception {
        TranscriptChannel t = new TranscriptChannel(MemoryChannel.pair(ChannelOptions.defaults())[0]);
        t.writeInt(1);
        String first = t.sentHash();
        assertNotEquals(first, t.sentHash());
    }
}
