package io.gcstream.ot.internal.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class CrHashTest {
    private static final int N = 2 * FixedKeyAes.CHUNK + 5;

    private static long[] input() {
        long[] in = Blocks.allocate(N);
        Blocks.randomFill(new Random(11), in, 0, N);
        return in;
    }

    private static long[] pi(long lo, long hi) {
        long[] b = {lo, hi};
        new FixedKeyAes().permute(b, 0, b, 0, 1);
        return b;
    }

    @Test
    void crMatchesDefinitionAndPerBlockCalls() {
        long[] in = input();
        long[] batch = Blocks.allocate(N);
        CrHash h = new CrHash();
        h.cr(in, 0, batch, 0, N);
        long[] one = Blocks.allocate(1);
        for (int i = 0; i < N; i += 97) {
            h.cr(in, i, one, 0, 1);
            assertEquals(Blocks.hex(one, 0), Blocks.hex(batch, i));
            long[] p = pi(in[2 * i], in[2 * i + 1]);
            assertEquals(p[0] ^ in[2 * i], batch[2 * i]);
            assertEquals(p[1] ^ in[2 * i + 1], batch[2 * i + 1]);
        }
    }

    @Test
    void ccrMatchesDefinition() {
        long[] in = input();
        long[] batch = Blocks.allocate(N);
        new CrHash().ccr(in, 0, batch, 0, N);
        for (int i = 0; i < N; i += 101) {
            long lo = in[2 * i];
            long hi = in[2 * i + 1];
            long slo = hi;
            long shi = hi ^ lo;
            long[] p = pi(slo, shi);
            assertEquals(p[0] ^ slo, batch[2 * i]);
            assertEquals(p[1] ^ shi, batch[2 * i + 1]);
        }
    }

    @Test
    void tccrMatchesDefinitionAndBothTweakForms() {
        long[] in = input();
        long[] a = Blocks.allocate(N);
        long[] b = Blocks.allocate(N);
        long[] tweaks = new long[N];
        for (int i = 0; i < N; i++) {
            tweaks[i] = 7 + i;
        }
        CrHash h = new CrHash();
        h.tccr(in, 0, 7, a, 0, N);
        h.tccr(in, 0, tweaks, 0, b, 0, N);
        assertArrayEquals(a, b);
        for (int i = 0; i < N; i += 89) {
            long[] p = pi(in[2 * i], in[2 * i + 1]);
            long[] q = pi(p[0] ^ (7 + i), p[1]);
            assertEquals(q[0] ^ p[0], a[2 * i]);
            assertEquals(q[1] ^ p[1], a[2 * i + 1]);
        }
        long[] c = Blocks.allocate(N);
        h.tccr(in, 0, 8, c, 0, N);
        assertNotEquals(a[0], c[0]);
    }

    @Test
    void inPlaceWorks() {
        long[] in = input();
        long[] want = Blocks.allocate(N);
        CrHash h = new CrHash();
        h.tccr(in, 0, 5, want, 0, N);
        h.tccr(in, 0, 5, in, 0, N);
        assertArrayEquals(want, in);
    }

    @Test
    void ccrXorEqualsCcrOfXoredInput() {
        long[] in = input();
        long[] shifted = in.clone();
        for (int i = 0; i < N; i++) {
            shifted[2 * i] ^= 0x1111L;
            shifted[2 * i + 1] ^= 0x2222L;
        }
        long[] want = Blocks.allocate(N);
        long[] got = Blocks.allocate(N);
        CrHash h = new CrHash();
        h.ccr(shifted, 0, want, 0, N);
        h.ccrXor(in, 0, 0x1111L, 0x2222L, got, 0, N);
        assertArrayEquals(want, got);
    }
}
