package io.gcstream.compiler.lib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.TestBits;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Output;
import io.gcstream.compiler.dsl.Type;
import io.gcstream.compiler.dsl.UInt;
import java.math.BigInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** The library's building blocks on the DSL's values: the same circuits as the library's, usable in any computation. */
class OnValuesTest {
    private static Circuit twoParty(int creatorBits, int evaluatorBits, BiFunction<UInt, UInt, UInt> f, boolean both) {
        Computation c = new Computation();
        UInt x = c.creator().uint(creatorBits);
        UInt y = c.evaluator().uint(evaluatorBits);
        UInt r = f.apply(x, y);
        if (both) {
            c.creator().output(r);
        }
        c.evaluator().output(r);
        return c.build();
    }

    @Test
    void aesPresentAndKaratsubaOnValuesAreTheLibrarysCircuits() {
        assertArrayEquals(Library.get("aes128").circuit().hash(), twoParty(128, 128, Aes128::encrypt, false).hash());
        assertArrayEquals(Library.get("present80").circuit().hash(), twoParty(80, 64, Present80::encrypt, false).hash());
        for (int n : new int[] {1, 11, 12, 64, 100}) {
            assertArrayEquals(Library.get("karatsuba" + n).circuit().hash(), twoParty(n, n, Karatsuba::multiply, true).hash(),
                    "karatsuba" + n);
        }
    }

    @Test
    void aComputationDefinesTheSubCircuitsOnceAndUsesThemWithItsOwnValues() throws Exception {
        Computation c = new Computation();
        UInt key = c.creator().uint(128);
        UInt[] blocks = c.evaluator().uints(2, 128);
        Output first = c.evaluator().output(Aes128.encrypt(key, blocks[0]));
        Output second = c.evaluator().output(Aes128.encrypt(key, blocks[1]).xor(blocks[1]));
        Circuit circuit = c.build();
        assertEquals(1, circuit.subCircuitInfo().size());
        assertEquals(2 * 6400, circuit.nonLinearCount());
        BigInteger k = TestBits.hex("000102030405060708090a0b0c0d0e0f");
        BigInteger p = TestBits.hex("00112233445566778899aabbccddeeff");
        boolean[] out = Simulator.run(circuit, c.creator().encoder().set(key, k).encode(), c.evaluator().encoder()
                .set(blocks[0], p).set(blocks[1], BigInteger.ZERO).encode()).evaluatorOutputs();
        assertEquals("69c4e0d86a7b0430d8cdb78070b4c55a", TestBits.hex(first.decodeBigInteger(out), 128)); // FIPS-197 C.1
        assertTrue(second.decodeBigInteger(out).signum() != 0);
    }

    @Test
    void valuesOfTwoComputationsOrOfTheWrongWidthAreRefused() {
        Computation c = new Computation();
        Computation other = new Computation();
        UInt key = c.creator().uint(128);
        UInt block = other.evaluator().uint(128);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Aes128.encrypt(key, block));
        assertTrue(e.getMessage().contains("another Computation"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Aes128.encrypt(key, c.evaluator().uint(64)));
        assertThrows(IllegalArgumentException.class, () -> Present80.encrypt(key, c.evaluator().uint(64)));
        assertThrows(IllegalArgumentException.class, () -> Karatsuba.multiply(key, c.evaluator().uint(64)));
        assertThrows(IllegalArgumentException.class, () -> c.define("f", Type.uint(128), x -> Aes128.encrypt(key, x)),
                "a value of the main circuit inside a sub-circuit body");
    }
}
