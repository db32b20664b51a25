package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Present80KeyScheduleTest {
    @Test
    void roundKeysMatchTheReferenceSchedule() {
        Random rnd = new Random(80);
        for (int r = 0; r < 20; r++) {
            BigInteger key = r == 0 ? BigInteger.ZERO : new BigInteger(80, rnd);
            boolean[] in = Present80KeySchedule.encoder().encode(bits(key, 80));
            assertEquals(2048, in.length);
            long[] expected = PresentReference.roundKeys(key);
            for (int i = 0; i < 32; i++) {
                assertEquals(expected[i], value(in, 64 * i, 64).longValue(), "K" + (i + 1) + " of key " + key.toString(16));
            }
        }
    }

    @Test
    void firstRoundKeyIsTheTopOfTheKey() {
        BigInteger key = new BigInteger("0123456789abcdef0123", 16);
        boolean[] in = Present80KeySchedule.encoder().encode(bits(key, 80));
        assertEquals(key.shiftRight(16), value(in, 0, 64));
    }

    @Test
    void rejectsWrongWidths() {
        assertThrows(IllegalArgumentException.class, () -> Present80KeySchedule.encoder().encode(new boolean[64]));
    }
}
