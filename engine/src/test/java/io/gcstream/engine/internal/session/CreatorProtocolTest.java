package io.gcstream.engine.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CreatorProtocolTest {
    /** The channels' default buffer size. */
    private static final int CHANNEL_BUFFER = 64 * 1024;

    @Test
    void aShortStreamIsSentInPiecesSmallerThanTheChannelBuffer() {
        long aes = 6400L * 32;
        long every = CreatorProtocol.flushInterval(aes);
        assertTrue(every > 16 * 1024 && every < CHANNEL_BUFFER, "AES-128 pieces of " + every + " bytes");
        assertTrue(aes / every >= 4, "the evaluator gets the stream in at least 4 pieces, not " + aes / every);
    }

    @Test
    void aLongStreamIsLeftToTheChannelBuffer() {
        assertTrue(CreatorProtocol.flushInterval(10_000_000L * 32) > CHANNEL_BUFFER);
    }

    @Test
    void anEmptyStreamStillHasAPositiveInterval() {
        // Zero would flush after every batch of tables.
        assertEquals(CreatorProtocol.FLUSH_COST_BYTES, CreatorProtocol.flushInterval(0));
        assertEquals(CreatorProtocol.FLUSH_COST_BYTES, CreatorProtocol.flushInterval(-5));
    }
}
