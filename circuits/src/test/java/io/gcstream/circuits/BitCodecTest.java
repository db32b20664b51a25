package io.gcstream.circuits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BitCodecTest {
    @Test
    void integersRoundTripAndBitZeroIsTheLeastSignificant() {
        boolean[] b = BitCodec.ofLong(6, 4);
        assertArrayEquals(new boolean[] {false, true, true, false}, b);
        assertEquals(6, BitCodec.toLong(b));
        Random r = new Random(1);
        for (int i = 0; i < 100; i++) {
            long v = r.nextLong();
            assertEquals(v, BitCodec.toLong(BitCodec.ofLong(v, 64)));
            BigInteger big = new BigInteger(200, r);
            assertEquals(big, BitCodec.toBigInteger(BitCodec.ofBigInteger(big, 200)));
        }
        assertEquals(BigInteger.ZERO, BitCodec.toBigInteger(new boolean[0]));
    }

    @Test
    void valuesThatDoNotFitAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> BitCodec.ofLong(16, 4));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.ofLong(1, 65));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.ofLong(-129, 8));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.ofLong(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.ofBigInteger(BigInteger.valueOf(-129), 8));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.ofBigInteger(BigInteger.valueOf(-1), 0));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.toSignedLong(new boolean[0]));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.toSignedLong(new boolean[65]));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.toSignedBigInteger(new boolean[0]));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.ofBigInteger(BigInteger.TWO.pow(8), 8));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.toLong(new boolean[65]));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.toBytes(new boolean[7]));
    }

    @Test
    void negativeValuesGoInAsTwosComplement() {
        assertArrayEquals(BitCodec.ofLong(0xFFFF_FFFBL, 32), BitCodec.ofLong(-5, 32));
        assertEquals(-5, BitCodec.toSignedLong(BitCodec.ofLong(-5, 32)));
        assertEquals(0xFFFF_FFFBL, BitCodec.toLong(BitCodec.ofLong(-5, 32)));
        assertEquals(-128, BitCodec.toSignedLong(BitCodec.ofLong(-128, 8)));
        assertEquals(-1, BitCodec.toSignedLong(BitCodec.ofLong(1, 1)));
        assertEquals(Long.MIN_VALUE, BitCodec.toSignedLong(BitCodec.ofLong(Long.MIN_VALUE, 64)));
        Random r = new Random(3);
        for (int w : new int[] {1, 2, 3, 8, 17, 63, 64}) {
            for (int i = 0; i < 50; i++) {
                long v = r.nextLong() >> (64 - w); // a random w-bit signed value
                assertEquals(v, BitCodec.toSignedLong(BitCodec.ofLong(v, w)), v + " in " + w + " bits");
                BigInteger big = BigInteger.valueOf(v);
                assertArrayEquals(BitCodec.ofLong(v, w), BitCodec.ofBigInteger(big, w));
                assertEquals(big, BitCodec.toSignedBigInteger(BitCodec.ofBigInteger(big, w)));
            }
        }
        BigInteger min = BigInteger.ONE.shiftLeft(99).negate();
        assertEquals(min, BitCodec.toSignedBigInteger(BitCodec.ofBigInteger(min, 100)));
        assertThrows(IllegalArgumentException.class, () -> BitCodec.ofBigInteger(min.subtract(BigInteger.ONE), 100));
    }

    @Test
    void bytesAndStrings() {
        byte[] raw = {(byte) 0x81, 0x02};
        boolean[] b = BitCodec.ofBytes(raw);
        assertTrue(b[0] && b[7] && b[9]);
        assertFalse(b[1] || b[8]);
        assertArrayEquals(raw, BitCodec.toBytes(b));
        assertEquals("héllo", BitCodec.toUtf8(BitCodec.ofUtf8("héllo")));
        // Character i of an ASCII string is bits 8i..8i+7.
        assertEquals('b', BitCodec.toLong(java.util.Arrays.copyOfRange(BitCodec.ofUtf8("ab"), 8, 16)));
    }

    @Test
    void bigEndianBytesAreTheIntegerTheyWrite() {
        byte[] key = HexFormat.of().parseHex("2b7e151628aed2a6abf7158809cf4f3c");
        boolean[] b = BitCodec.ofBigEndianBytes(key);
        assertEquals(new BigInteger("2b7e151628aed2a6abf7158809cf4f3c", 16), BitCodec.toBigInteger(b));
        assertArrayEquals(key, BitCodec.toBigEndianBytes(b));
    }

    @Test
    void concatPutsTheFirstPartLowest() {
        boolean[] c = BitCodec.concat(BitCodec.ofLong(1, 2), BitCodec.ofLong(3, 3));
        assertEquals(1 + (3 << 2), BitCodec.toLong(c));
    }
}
