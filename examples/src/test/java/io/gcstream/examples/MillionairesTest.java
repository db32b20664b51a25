package io.gcstream.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MillionairesTest {
    @Test
    void comparesLikeUnsignedLongs() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        long[][] cases = {{0, 0}, {0, 1}, {1, 0}, {-1, 0}, {0, -1}, {5, 5}, {r.nextLong(), r.nextLong()}};
        for (long[] c : cases) {
            assertEquals(Long.compareUnsigned(c[0], c[1]) < 0, Millionaires.alicePoorer(c[0], c[1]),
                    Long.toUnsignedString(c[0]) + " vs " + Long.toUnsignedString(c[1]));
        }
    }

    @Test
    void usesOneAndPerBit() {
        assertEquals(64, Millionaires.circuit().nonLinearCount());
    }
}
