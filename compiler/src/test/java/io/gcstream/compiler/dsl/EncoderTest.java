package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.BitCodec;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class EncoderTest {
    @Test
    void javaValuesOfEveryKind() {
        Computation c = new Computation();
        PartySide p = c.creator();
        UInt u8 = p.uint(8);
        SInt s8 = p.sint(8);
        UInt u64 = p.uint(64);
        UInt u100 = p.uint(100);
        SInt s100 = p.sint(100);
        UInt bytes = p.uint(16);
        UInt[] arr = p.uints(2, 8);
        SInt[] ints = p.sints(2, 32);
        BigInteger big = BigInteger.ONE.shiftLeft(99).add(BigInteger.TEN);
        boolean[] bits = p.encoder().set(u8, 255).set(s8, -128).set(u64, -1L).set(u100, big)
                .set(s100, BigInteger.valueOf(-7)).set(bytes, new byte[] {0x34, 0x12}).set(arr, new long[] {0xFF, 2})
                .set(ints, new long[] {Integer.MIN_VALUE, 7}).encode();
        assertArrayEquals(BitCodec.concat(BitCodec.ofLong(255, 8), BitCodec.ofLong(-128, 8), BitCodec.ofLong(-1, 64),
                BitCodec.ofBigInteger(big, 100), BitCodec.ofBigInteger(BigInteger.valueOf(-7), 100),
                BitCodec.ofLong(0x1234, 16), BitCodec.ofLong(0xFF, 8), BitCodec.ofLong(2, 8),
                BitCodec.ofLong(Integer.MIN_VALUE, 32), BitCodec.ofLong(7, 32)), bits);
    }

    @Test
    void valuesThatDoNotFitAreRefused() {
        Computation c = new Computation();
        UInt u = c.creator().uint(8);
        SInt s = c.creator().sint(8);
        Encoder e = c.creator().encoder();
        assertThrows(IllegalArgumentException.class, () -> e.set(u, 256));
        assertThrows(IllegalArgumentException.class, () -> e.set(u, -1));
        assertThrows(IllegalArgumentException.class, () -> e.set(s, 128));
        assertThrows(IllegalArgumentException.class, () -> e.set(s, -129));
        assertThrows(IllegalArgumentException.class, () -> e.set(u, BigInteger.valueOf(-1)));
        assertThrows(IllegalArgumentException.class, () -> e.set(u, new byte[2]));
        assertThrows(IllegalArgumentException.class, () -> e.set(new UInt[] {u}, new long[] {1, 2}));
    }

    @Test
    void onlyTheSidesOwnInputsAndAllOfThem() {
        Computation c = new Computation();
        UInt x = c.creator().uint(8);
        UInt y = c.creator().uint(8);
        UInt theirs = c.evaluator().uint(8);
        IllegalArgumentException notInput = assertThrows(IllegalArgumentException.class,
                () -> c.creator().encoder().set(x.add(1), 3));
        assertTrue(notInput.getMessage().contains("not an input of the creator"), notInput.getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.creator().encoder().set(theirs, 3));
        IllegalStateException unset = assertThrows(IllegalStateException.class,
                () -> c.creator().encoder().set(x, 1).encode());
        assertTrue(unset.getMessage().contains("input 1 of the creator (a UInt 8) has not been set"), unset.getMessage());
        Encoder early = c.creator().encoder().set(x, 1).set(y, 2);
        c.creator().bit();
        assertThrows(IllegalStateException.class, early::encode);
    }

    @Test
    void anEncoderIsReusable() {
        Computation c = new Computation();
        UInt x = c.creator().uint(4);
        Encoder e = c.creator().encoder();
        assertArrayEquals(BitCodec.ofLong(3, 4), e.set(x, 3).encode());
        assertArrayEquals(BitCodec.ofLong(9, 4), e.set(x, 9).encode());
    }
}
