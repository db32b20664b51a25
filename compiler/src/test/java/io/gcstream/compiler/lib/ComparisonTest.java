package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    private static final int[] WIDTHS = {1, 2, 3, 32, 63, 64, 65, 128, 200};

    @Test
    void millionairesWithNAnds() throws Exception {
        for (int n : WIDTHS) {
            Circuit c = Comparison.millionaires(n);
            assertEquals(n, c.nonLinearCount(), "n = " + n);
            check(c, n, (x, y) -> x.compareTo(y) > 0);
        }
    }

    @Test
    void equalWithNMinus1Ands() throws Exception {
        for (int n : WIDTHS) {
            Circuit c = Comparison.equalCircuit(n);
            assertEquals(n - 1, c.nonLinearCount(), "n = " + n);
            check(c, n, BigInteger::equals);
        }
    }

    @Test
    void widthIsBounded() {
        assertThrows(IllegalArgumentException.class, () -> Comparison.millionaires(0));
        assertThrows(IllegalArgumentException.class, () -> Comparison.equalCircuit(Comparison.MAX_WIDTH + 1));
    }

    private interface Ref {
        boolean apply(BigInteger x, BigInteger y);
    }

    private static void check(Circuit c, int n, Ref ref) throws Exception {
        Random rnd = new Random(n);
        for (int r = 0; r < 40; r++) {
            BigInteger x = new BigInteger(n, rnd);
            BigInteger y;
            switch (r % 4) {
                case 0 -> y = x;
                case 1 -> y = x.flipBit(rnd.nextInt(n)); // differ in one bit, often high or low
                case 2 -> y = x.flipBit(r % n);
                default -> y = new BigInteger(n, rnd);
            }
            Simulator.Result res = Simulator.run(c, bits(x, n), bits(y, n));
            boolean expected = ref.apply(x, y);
            assertEquals(expected, res.creatorOutputs()[0], n + ": " + x + " vs " + y);
            assertEquals(expected, res.evaluatorOutputs()[0]);
        }
    }
}
