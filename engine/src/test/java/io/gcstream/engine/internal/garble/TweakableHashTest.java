package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.ot.internal.crypto.CrHash;
import io.gcstream.ot.internal.crypto.FixedKeyAes;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TweakableHashTest {
    @Test
    void equalsTheTccrOfTheOtModule() {
        Random r = new Random(11);
        for (int n : new int[] {1, 2, 17, 1024, 1025, 4096}) {
            long[] in = randomLongs(r, 2 * n);
            long[] tw = randomLongs(r, n);
            long[] expect = new long[2 * n];
            new CrHash().tccr(in, 0, tw, 0, expect, 0, n);
            long[] out = new long[2 * n];
            new TweakableHash().hash(in, tw, out, n);
            assertArrayEquals(expect, out, "n = " + n);
        }
    }

    @Test
    void matchesTheDefinitionOnOneBlock() {
        long[] x = {0x0123456789abcdefL, 0xfedcba9876543210L};
        long tweak = 42;
        FixedKeyAes pi = new FixedKeyAes();
        long[] u = new long[2];
        pi.permute(x, 0, u, 0, 1);
        long[] w = {u[0] ^ tweak, u[1]};
        long[] v = new long[2];
        pi.permute(w, 0, v, 0, 1);
        long[] out = new long[2];
        new TweakableHash().hash(x, new long[] {tweak}, out, 1);
        assertArrayEquals(new long[] {v[0] ^ u[0], v[1] ^ u[1]}, out);
    }

    /**
     * Issue 26, finding 9: a resumed session's 128-bit salt selects the permutation, AES-128
     * decryption under the fixed key XOR the salt; both halves of the salt count.
     */
    @Test
    void theSaltKeysThePermutationWithAll128Bits() throws Exception {
        Random r = new Random(5);
        int n = 40;
        long[] x = randomLongs(r, 2 * n);
        long[] tw = randomLongs(r, n);
        TweakableHash h = new TweakableHash(n);
        long[][] salts = {{0x5a5a_1234_0f0f_9876L, -3}, {0x5a5a_1234_0f0f_9876L, -4}, {0, 1}, {1, 0}};
        long[][] first = new long[salts.length][];
        for (int k = 0; k < salts.length; k++) {
            h.salt(salts[k][0], salts[k][1]);
            hashInBatch(h, x, tw, n);
            first[k] = new long[] {h.lo(0), h.hi(0)};
            for (int j = 0; j < n; j++) {
                long[] expect = reference(salts[k], x[2 * j], x[2 * j + 1], tw[j]);
                assertEquals(expect[0], h.lo(j), "lo " + j + ", salt " + k);
                assertEquals(expect[1], h.hi(j), "hi " + j + ", salt " + k);
            }
        }
        for (int a = 0; a < salts.length; a++) {
            for (int b = a + 1; b < salts.length; b++) {
                assertFalse(Arrays.equals(first[a], first[b]), "salts " + a + " and " + b + " give one permutation");
            }
        }
        h.salt(0, 0);
        long[] expect = new long[2 * n];
        new CrHash().tccr(x, 0, tw, 0, expect, 0, n);
        hashInBatch(h, x, tw, n);
        assertEquals(expect[0], h.lo(0), "salt 0 is the fixed key");
    }

    /** H(x, t) = π(π(x) ⊕ (t, 0)) ⊕ π(x), π = AES-128 decryption under the fixed key XOR the salt, from javax.crypto. */
    private static long[] reference(long[] salt, long lo, long hi, long tweak) throws Exception {
        byte[] key = FixedKeyAes.key();
        for (int i = 0; i < 8; i++) {
            key[i] ^= (byte) (salt[0] >>> (8 * i));
            key[8 + i] ^= (byte) (salt[1] >>> (8 * i));
        }
        javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("AES/ECB/NoPadding");
        c.init(javax.crypto.Cipher.DECRYPT_MODE, new javax.crypto.spec.SecretKeySpec(key, "AES"));
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putLong(lo).putLong(hi);
        java.nio.ByteBuffer u = java.nio.ByteBuffer.wrap(c.doFinal(b.array())).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long u0 = u.getLong(0);
        long u1 = u.getLong(8);
        b.clear();
        b.putLong(u0 ^ tweak).putLong(u1);
        java.nio.ByteBuffer v = java.nio.ByteBuffer.wrap(c.doFinal(b.array())).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        return new long[] {v.getLong(0) ^ u0, v.getLong(8) ^ u1};
    }

    @Test
    void ecbAndCbcPassesGiveTheSameHashes() {
        Random r = new Random(23);
        int cap = 300;
        TweakableHash ecb = new TweakableHash(cap, true);
        TweakableHash cbc = new TweakableHash(cap, false);
        for (long[] salt : new long[][] {{0, 0}, {0xfedc_ba98_7654_3210L, 0x0123_4567_89ab_cdefL}}) {
            ecb.salt(salt[0], salt[1]);
            cbc.salt(salt[0], salt[1]);
            // Shorter batches after a full one: nothing of an earlier batch may leak into them.
            for (int n : new int[] {cap, 1, 2, 17, 256}) {
                long[] in = randomLongs(r, 2 * n);
                long[] tw = randomLongs(r, n);
                long[] expect = new long[2 * n];
                new CrHash().tccr(in, 0, tw, 0, expect, 0, n);
                hashInBatch(ecb, in, tw, n);
                hashInBatch(cbc, in, tw, n);
                for (int j = 0; j < n; j++) {
                    String at = "n = " + n + ", block " + j + ", salt " + Arrays.toString(salt);
                    assertEquals(cbc.lo(j), ecb.lo(j), "lo, " + at);
                    assertEquals(cbc.hi(j), ecb.hi(j), "hi, " + at);
                    if (salt[0] == 0) {
                        assertEquals(expect[2 * j], ecb.lo(j), "lo against the TCCR, " + at);
                        assertEquals(expect[2 * j + 1], ecb.hi(j), "hi against the TCCR, " + at);
                    }
                }
            }
        }
    }

    @Test
    void differentTweaksGiveDifferentHashes() {
        long[] x = {7, 9, 7, 9};
        long[] out = new long[4];
        new TweakableHash().hash(x, new long[] {0, 1}, out, 2);
        assertFalse(Arrays.equals(Arrays.copyOfRange(out, 0, 2), Arrays.copyOfRange(out, 2, 4)));
    }

    @Test
    void batchedInterfaceMatchesTheArrayFormAndKeepsInputs() {
        Random r = new Random(3);
        int n = 37;
        long[] in = randomLongs(r, 2 * n);
        long[] tw = randomLongs(r, n);
        long[] expect = new long[2 * n];
        new CrHash().tccr(in, 0, tw, 0, expect, 0, n);
        TweakableHash h = new TweakableHash(n);
        hashInBatch(h, in, tw, n);
        for (int j = 0; j < n; j++) {
            assertEquals(expect[2 * j], h.lo(j), "lo " + j);
            assertEquals(expect[2 * j + 1], h.hi(j), "hi " + j);
            assertEquals(in[2 * j], h.inputLo(j), "input lo " + j);
            assertEquals(in[2 * j + 1], h.inputHi(j), "input hi " + j);
        }
        // A shorter second batch in the same instance: nothing of the first leaks into it.
        h.input(0, in[2], in[3], tw[1]);
        h.run(1);
        assertEquals(expect[2], h.lo(0));
        assertEquals(expect[3], h.hi(0));
    }

    @Test
    void batchesOutsideTheCapacityAreRejected() {
        TweakableHash h = new TweakableHash(8);
        assertEquals(8, h.capacity());
        assertThrows(IllegalArgumentException.class, () -> h.run(9));
        assertThrows(IllegalArgumentException.class, () -> h.run(0));
        assertThrows(IllegalArgumentException.class, () -> new TweakableHash(0));
    }

    /** Inputs blocks 0 .. n-1 of {@code in} with tweaks {@code tw} and runs the batch. */
    private static void hashInBatch(TweakableHash h, long[] in, long[] tw, int n) {
        for (int j = 0; j < n; j++) {
            h.input(j, in[2 * j], in[2 * j + 1], tw[j]);
        }
        h.run(n);
    }

    private static long[] randomLongs(Random r, int n) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextLong();
        }
        return a;
    }
}
