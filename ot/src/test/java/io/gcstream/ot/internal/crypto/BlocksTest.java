package io.gcstream.ot.internal.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BlocksTest {
    @Test
    void bytesRoundTripLittleEndian() {
        long[] a = {0x0807060504030201L, 0x100f0e0d0c0b0a09L};
        byte[] b = new byte[16];
        Blocks.toBytes(a, 0, b, 0, 1);
        for (int i = 0; i < 16; i++) {
            assertEquals(i + 1, b[i]);
        }
        long[] c = new long[2];
        Blocks.fromBytes(b, 0, c, 0, 1);
        assertArrayEquals(a, c);
        assertEquals("100f0e0d0c0b0a090807060504030201", Blocks.hex(a, 0));
        assertArrayEquals(b, Blocks.toBytes(a[0], a[1]));
    }

    @Test
    void xorCopyEquals() {
        long[] a = Blocks.allocate(4);
        long[] b = Blocks.allocate(4);
        Blocks.randomFill(new Random(1), a, 0, 4);
        Blocks.randomFill(new Random(2), b, 0, 4);
        long[] d = Blocks.allocate(4);
        Blocks.xor(a, 1, b, 2, d, 0, 2);
        assertEquals(a[2] ^ b[4], d[0]);
        assertEquals(a[5] ^ b[7], d[3]);
        Blocks.xorInPlace(d, 0, b, 2, 2);
        assertTrue(Blocks.equals(d, 0, a, 1, 2));
        assertFalse(Blocks.equals(d, 0, a, 0, 2));
        Blocks.copy(a, 0, d, 2, 2);
        assertTrue(Blocks.equals(d, 2, a, 0, 2));
    }

    @Test
    void packAndBit() {
        boolean[] x = new boolean[130];
        x[0] = true;
        x[64] = true;
        x[129] = true;
        long[] p = Blocks.pack(x, 0, 130);
        assertEquals(3, p.length);
        for (int i = 0; i < 130; i++) {
            assertEquals(x[i], Blocks.bit(p, i));
        }
        java.util.Random rnd = new java.util.Random(5);
        boolean[] y = new boolean[300];
        for (int i = 0; i < y.length; i++) {
            y[i] = rnd.nextBoolean();
        }
        for (int off : new int[] {0, 1, 63, 64, 100}) {
            for (int n : new int[] {0, 1, 63, 64, 65, 128, 200}) {
                long[] dst = new long[5];
                java.util.Arrays.fill(dst, -1L);
                Blocks.packInto(y, off, n, dst);
                for (int i = 0; i < 64 * ((n + 63) / 64); i++) {
                    assertEquals(i < n && y[off + i], Blocks.bit(dst, i), off + " " + n + " " + i);
                }
                for (int w = (n + 63) / 64; w < dst.length; w++) {
                    assertEquals(-1L, dst[w], "words beyond the bits are not written");
                }
            }
        }
        assertEquals(1, Blocks.toBit(true));
        assertEquals(0, Blocks.toBit(false));
    }
}
