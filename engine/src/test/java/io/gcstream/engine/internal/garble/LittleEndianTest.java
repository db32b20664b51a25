package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Tables go on the wire in this layout, so the byte order is part of the protocol. */
class LittleEndianTest {
    @Test
    void lowByteFirstAtAnyOffset() {
        byte[] b = new byte[11];
        LittleEndian.put(b, 3, 0x0807060504030201L);
        assertArrayEquals(new byte[] {0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8}, b);
        assertEquals(0x0807060504030201L, LittleEndian.get(b, 3));
        LittleEndian.put(b, 0, -2L);
        assertEquals(-2L, LittleEndian.get(b, 0));
        assertEquals((byte) 0xfe, b[0]);
    }
}
