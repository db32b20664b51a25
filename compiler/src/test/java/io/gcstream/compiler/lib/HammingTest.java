package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HammingTest {
    @Test
    void distanceOnRandomInputsWithNMinusHwAnds() throws Exception {
        Random rnd = new Random(2);
        for (int n : new int[] {1, 2, 3, 4, 7, 8, 31, 100, 900}) {
            Circuit c = Hamming.circuit(n);
            assertEquals(n - Integer.bitCount(n), c.nonLinearCount(), "ANDs for n = " + n);
            assertEquals(32 - Integer.numberOfLeadingZeros(n), c.evaluatorOutputCount());
            for (int r = 0; r < 10; r++) {
                BigInteger x = new BigInteger(n, rnd);
                BigInteger y = r == 0 ? x : r == 1 ? x.not().and(BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE))
                        : new BigInteger(n, rnd);
                Simulator.Result res = Simulator.run(c, bits(x, n), bits(y, n));
                BigInteger expected = BigInteger.valueOf(x.xor(y).bitCount());
                assertEquals(expected, value(res.evaluatorOutputs()), "n = " + n);
                assertEquals(expected, value(res.creatorOutputs()));
            }
        }
    }
}
