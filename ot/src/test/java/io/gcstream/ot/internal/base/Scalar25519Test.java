package io.gcstream.ot.internal.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.internal.crypto.Prg;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Scalar25519Test {
    @Test
    void randomScalarsAreInRangeAndDeterministicPerSeed() {
        Prg a = new Prg(new byte[16]);
        Prg b = new Prg(new byte[16]);
        for (int i = 0; i < 2000; i++) {
            byte[] k = Scalar25519.random(a);
            BigInteger v = Ref25519.le(k, 0);
            assertTrue(v.signum() > 0 && v.compareTo(Edwards25519.ORDER) < 0, v.toString());
            assertEquals(v, Ref25519.le(Scalar25519.random(b), 0));
        }
    }

    @Test
    void digitsRecomposeTheScalar() {
        Random rnd = new Random(7);
        for (int i = 0; i < 2000; i++) {
            BigInteger k = i == 0 ? BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE)
                    : i == 1 ? BigInteger.ZERO : new BigInteger(255, rnd);
            byte[] d = Scalar25519.digits(Edwards25519.littleEndian(k));
            BigInteger sum = BigInteger.ZERO;
            for (int j = 63; j >= 0; j--) {
                assertTrue(d[j] >= -8 && d[j] <= 8, "digit " + d[j]);
                sum = sum.shiftLeft(4).add(BigInteger.valueOf(d[j]));
            }
            assertEquals(k, sum);
        }
    }
}
