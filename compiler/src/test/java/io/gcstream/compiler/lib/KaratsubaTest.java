package io.gcstream.compiler.lib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.Circuits;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KaratsubaTest {
    @Test
    void productsOnRandomInputsWithThePredictedAnds() throws Exception {
        for (int n : new int[] {1, 2, 3, 4, 9, 10, 11, 12, 13, 17, 24, 31, 33, 64, 100, 128}) {
            Circuit c = Karatsuba.circuit(n);
            assertEquals(Karatsuba.nonLinearGates(n, Karatsuba.THRESHOLD), c.nonLinearCount(), "ANDs for n = " + n);
            Products.checkRandom(c, n, 12, n);
        }
        Products.checkVectors(Karatsuba.circuit(64));
    }

    @Test
    void smallThresholdsExerciseEveryStepShape() throws Exception {
        // Threshold 1 recurses down to single bits: odd and even splits at every level.
        for (int n : new int[] {2, 3, 5, 6, 7, 19}) {
            for (int t : new int[] {1, 2, 3}) {
                Circuit c = Karatsuba.circuit(n, t);
                assertEquals(Karatsuba.nonLinearGates(n, t), c.nonLinearCount(), "n = " + n + ", threshold " + t);
                Products.checkRandom(c, n, 16, 31L * n + t);
            }
        }
        Random rnd = new Random(5);
        Circuit c = Karatsuba.circuit(7, 1);
        for (int r = 0; r < 200; r++) {
            Products.check(c, 7, BigInteger.valueOf(rnd.nextInt(128)), BigInteger.valueOf(rnd.nextInt(128)));
        }
    }

    @Test
    void karatsuba128BeatsThePaper() {
        Circuit c = Karatsuba.circuit(128);
        assertEquals(15_320, c.nonLinearCount());
        assertTrue(c.nonLinearCount() <= 17_973, "the paper's count");
        assertTrue(c.nonLinearCount() <= 17_125, "ME-SFE's FMUL_128_128");
        System.out.println("library karatsuba128: ANDs = " + c.nonLinearCount() + ", gates = " + c.gateCount()
                + ", S = " + c.numSlots() + ", label slots = " + c.labelSlots() + ", sub-circuits = "
                + Circuits.subCircuits(c).size());
    }

    /**
     * The search behind {@link Karatsuba#THRESHOLD}: over thresholds 1..64, the total of K(n) for
     * n in 16..256 is smallest at the chosen one, which also gives the fewest gates for n = 128.
     * The formula is the built circuits' count (checked here on a sample and above).
     */
    @Test
    void thresholdSearch() {
        long bestTotal = Long.MAX_VALUE;
        int best = -1;
        for (int t = 1; t <= 64; t++) {
            long total = 0;
            for (int n = 16; n <= 256; n++) {
                total += Karatsuba.nonLinearGates(n, t);
            }
            if (total < bestTotal) {
                bestTotal = total;
                best = t;
            }
        }
        assertEquals(Karatsuba.THRESHOLD, best);
        long at128 = Karatsuba.nonLinearGates(128, Karatsuba.THRESHOLD);
        for (int t = 1; t <= 64; t++) {
            assertTrue(at128 <= Karatsuba.nonLinearGates(128, t), "threshold " + t);
        }
        for (int t : new int[] {4, 8, 16, 32}) {
            assertEquals(Karatsuba.nonLinearGates(96, t), Karatsuba.circuit(96, t).nonLinearCount(), "threshold " + t);
        }
    }

    @Test
    void widthIsBounded() {
        assertThrows(IllegalArgumentException.class, () -> Karatsuba.circuit(0));
        assertThrows(IllegalArgumentException.class, () -> Karatsuba.circuit(Karatsuba.MAX_WIDTH + 1));
        assertThrows(IllegalArgumentException.class, () -> Karatsuba.circuit(8, 0));
    }
}
