package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class OutputTest {
    @Test
    void decodesEachKindFromItsPartysOutputs() throws Exception {
        Computation c = new Computation();
        UInt u32 = c.creator().uint(32);
        SInt s16 = c.creator().sint(16);
        UInt u64 = c.creator().uint(64);
        SInt s70 = c.creator().sint(70);
        UInt[] arr = c.creator().uints(3, 8);
        Output ou = c.evaluator().output(u32);
        Output os = c.evaluator().output(s16);
        Output o64 = c.evaluator().output(u64);
        Output o70 = c.creator().output(s70);
        Output oa = c.evaluator().output(arr);
        Output ob = c.creator().output(u32.bit(31));
        Output obits = c.creator().output(s16.bits());
        Circuit circuit = c.build();
        boolean[] in = c.creator().encoder().set(u32, 0xFFFF_FFF0L).set(s16, -300).set(u64, -2L)
                .set(s70, BigInteger.ONE.shiftLeft(69).negate()).set(arr, new long[] {1, 200, 3}).encode();
        Simulator.Result r = Simulator.run(circuit, in, new boolean[0]);
        boolean[] e = r.evaluatorOutputs();
        boolean[] cr = r.creatorOutputs();
        assertEquals(0xFFFF_FFF0, ou.decodeInt(e)); // an unsigned int in Java's unsigned convention
        assertEquals(0xFFFF_FFF0L, ou.decodeLong(e));
        assertEquals(BigInteger.valueOf(0xFFFF_FFF0L), ou.decodeBigInteger(e));
        assertEquals(-300, os.decodeInt(e));
        assertEquals(-300L, os.decodeLong(e));
        assertEquals(-2L, o64.decodeLong(e));
        assertEquals(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.TWO), o64.decodeBigInteger(e));
        assertEquals(BigInteger.ONE.shiftLeft(69).negate(), o70.decodeBigInteger(cr));
        assertArrayEquals(new long[] {1, 200, 3}, oa.decodeLongs(e));
        assertArrayEquals(new BigInteger[] {BigInteger.ONE, BigInteger.valueOf(200), BigInteger.valueOf(3)},
                oa.decodeBigIntegers(e));
        assertArrayEquals(new byte[] {1, (byte) 200, 3}, oa.decodeBytes(e));
        assertArrayEquals(new byte[] {(byte) 0xF0, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF}, ou.decodeBytes(e));
        assertEquals(true, ob.decodeBoolean(cr));
        assertArrayEquals(BitCodec.ofLong(-300, 16), obits.decodeBooleans(cr));
        assertArrayEquals(BitCodec.ofLong(-300, 16), os.bits(e));
        assertEquals(Type.sint(70), o70.type());
    }

    @Test
    void misuseIsRefused() throws Exception {
        Computation c = new Computation();
        UInt u33 = c.creator().uint(33);
        UInt u65 = c.creator().uint(65);
        Output o33 = c.evaluator().output(u33);
        Output o65 = c.evaluator().output(u65);
        Output arr = c.evaluator().output(new UInt[] {u33, u33});
        Output bit = c.evaluator().output(u33.bit(0));
        c.build();
        boolean[] e = new boolean[c.evaluator().outputWidth()];
        assertThrows(IllegalArgumentException.class, () -> o33.decodeInt(e));
        assertThrows(IllegalArgumentException.class, () -> o65.decodeLong(e));
        assertThrows(IllegalArgumentException.class, () -> o33.decodeBoolean(e));
        assertThrows(IllegalArgumentException.class, () -> o33.decodeLongs(e));
        assertThrows(IllegalArgumentException.class, () -> arr.decodeLong(e));
        assertThrows(IllegalArgumentException.class, () -> o33.decodeBytes(e));
        assertThrows(IllegalArgumentException.class, () -> bit.decodeLong(e));
        assertThrows(IllegalArgumentException.class, () -> arr.decodeBooleans(e));
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> o33.decodeLong(new boolean[e.length + 1]));
        assertEquals((e.length + 1) + " output bits, but the evaluator has " + e.length
                + ": pass the evaluator's outputs of a run of this circuit", wrong.getMessage());
    }
}
