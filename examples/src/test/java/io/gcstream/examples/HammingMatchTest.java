package io.gcstream.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class HammingMatchTest {
    @Test
    void matchesExactlyUpToTheThreshold() throws Exception {
        Random r = new Random(5);
        int n = 120;
        boolean[] t = new boolean[n];
        for (int i = 0; i < n; i++) {
            t[i] = r.nextBoolean();
        }
        for (int flips : new int[] {0, 9, 10, 11, 60}) {
            boolean[] reading = t.clone();
            for (int i = 0; i < flips; i++) {
                reading[i] ^= true;
            }
            assertEquals(flips <= 10, HammingMatch.matches(t, reading, 10), flips + " bits differ");
        }
    }
}
