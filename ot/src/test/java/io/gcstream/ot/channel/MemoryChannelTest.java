package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class MemoryChannelTest {
    private static final ChannelOptions SMALL = ChannelOptions.builder().bufferSize(100)
            .readTimeout(Duration.ofMillis(300)).build();

    @Test
    void roundTripWithDefaultBuffers() throws Exception {
        MemoryChannel[] p = MemoryChannel.pair();
        ChannelContract.roundTrip(p[0], p[1]);
    }

    @Test
    void roundTripWithTinyOddBuffers() throws Exception {
        MemoryChannel[] p = MemoryChannel.pair(ChannelOptions.builder().bufferSize(100).build());
        ChannelContract.roundTrip(p[0], p[1]);
    }

    @Test
    void silentPeerTimesOut() throws Exception {
        MemoryChannel[] p = MemoryChannel.pair(SMALL);
        ChannelContract.silentPeerTimesOut(p[0], p[1]);
    }

    @Test
    void closedPeerIsReported() throws Exception {
        MemoryChannel[] p = MemoryChannel.pair(SMALL);
        ChannelContract.closedPeer(p[0], p[1]);
    }

    @Test
    void writerToANonReadingPeerTimesOutInsteadOfHanging() {
        MemoryChannel[] p = MemoryChannel.pair(SMALL);
        byte[] big = new byte[10_000];
        assertThrows(PeerTimeoutException.class, () -> {
            p[0].write(big, 0, big.length);
            p[0].flush();
        });
    }
}
