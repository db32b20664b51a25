package io.gcstream.benchmarks.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.engine.Scheme;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.TweakableHash;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HashFloorTest {
    /**
     * What the floor times is real garbling: the evaluator, given the garbler's tables and the
     * active input labels, ends on the active labels of the lanes' ANDs computed in plaintext,
     * for every scheme, over more ANDs than one pass of the lanes.
     */
    @Test
    void theTimedGatesGarbleAndEvaluateCorrectly() {
        int lanes = HashFloor.LANES;
        long ands = 3 * lanes + 100;
        for (Scheme s : Scheme.values()) {
            GarblingScheme g = GarblingScheme.of(s);
            Random r = new Random(s.ordinal());
            long dLo = r.nextLong() | 1;
            long dHi = r.nextLong();
            long[] zero = new long[4 * lanes];
            long[] active = new long[4 * lanes];
            boolean[] bit = new boolean[2 * lanes];
            for (int slot = 0; slot < 2 * lanes; slot++) {
                zero[2 * slot] = r.nextLong();
                zero[2 * slot + 1] = r.nextLong();
                bit[slot] = r.nextBoolean();
                active[2 * slot] = zero[2 * slot] ^ (bit[slot] ? dLo : 0);
                active[2 * slot + 1] = zero[2 * slot + 1] ^ (bit[slot] ? dHi : 0);
            }
            byte[] tables = new byte[(int) ands * g.tableBytes()];
            int[] controls = new int[(int) ands];
            HashFloor.garble(g, new TweakableHash(), zero, dLo, dHi, ands, tables, controls);
            HashFloor.evaluate(g, new TweakableHash(), active, ands, tables, controls);
            for (long k = 0; k < ands; k++) {
                int l = (int) (k % lanes);
                bit[l] &= bit[lanes + l];
            }
            for (int l = 0; l < lanes; l++) {
                assertEquals(zero[2 * l] ^ (bit[l] ? dLo : 0), active[2 * l], s + " lane " + l);
                assertEquals(zero[2 * l + 1] ^ (bit[l] ? dHi : 0), active[2 * l + 1], s + " lane " + l);
            }
        }
    }

    @Test
    void ratesArePositive() {
        for (Scheme s : Scheme.values()) {
            assertTrue(HashFloor.nsPerAnd(s, true, 3000) > 0);
            assertTrue(HashFloor.nsPerAnd(s, false, 3000) > 0);
        }
    }
}
