package io.gcstream.engine.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.gcstream.ot.crypto.FixedKeyAes;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TweakableHashTest {
    @Test
    void equalsFixedKeyAesWithFeedForward() {
        Random r = new Random(11);
        for (int n : new int[] {1, 2, 17, 1024, 1025, 4096}) {
            long[] in = new long[2 * n];
            for (int i = 0; i < in.length; i++) {
                in[i] = r.nextLong();
            }
            long[] expect = new long[2 * n];
            new FixedKeyAes().permute(in, 0, expect, 0, n);
            for (int i = 0; i < expect.length; i++) {
                expect[i] ^= in[i];
            }
            long[] out = new long[2 * n];
            new TweakableHash().hash(in, out, n);
            assertArrayEquals(expect, out, "n = " + n);
        }
    }
}
