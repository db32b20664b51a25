package io.gcstream.ot.internal.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class FixedKeyAesTest {
    /** Reference: AES-128 decryption of one block under the fixed key, via ECB. */
    static void reference(long[] in, int i, long[] out, int o) throws Exception {
        Cipher c = Cipher.getInstance("AES/ECB/NoPadding");
        c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(FixedKeyAes.key(), "AES"));
        byte[] b = new byte[16];
        Blocks.toBytes(in, i, b, 0, 1);
        byte[] d = c.doFinal(b);
        Blocks.fromBytes(d, 0, out, o, 1);
    }

    @Test
    void keyIsThePublicConstant() {
        assertEquals(0x24, FixedKeyAes.key()[0] & 0xff);
        assertEquals(0x44, FixedKeyAes.key()[15] & 0xff);
    }

    @Test
    void batchEqualsBlockwiseAesDecryption() throws Exception {
        for (int n : new int[] {1, 2, 17, FixedKeyAes.CHUNK, FixedKeyAes.CHUNK + 3, 3000}) {
            long[] in = Blocks.allocate(n + 1);
            Blocks.randomFill(new Random(n), in, 0, n + 1);
            long[] out = Blocks.allocate(n + 2);
            new FixedKeyAes().permute(in, 1, out, 2 - 1, n);
            long[] want = Blocks.allocate(1);
            for (int i = 0; i < n; i++) {
                reference(in, i + 1, want, 0);
                assertEquals(Blocks.hex(want, 0), Blocks.hex(out, i + 1), "block " + i + " of " + n);
            }
        }
    }

    @Test
    void ecbAndCbcGiveTheSamePermutationAndHashes() {
        FixedKeyAes ecb = new FixedKeyAes(true);
        FixedKeyAes cbc = new FixedKeyAes(false);
        for (int n : new int[] {1, 17, FixedKeyAes.CHUNK + 3}) {
            long[] in = Blocks.allocate(n);
            Blocks.randomFill(new Random(31 + n), in, 0, n);
            long[] a = Blocks.allocate(n);
            long[] b = Blocks.allocate(n);
            ecb.permute(in, 0, a, 0, n);
            cbc.permute(in, 0, b, 0, n);
            assertArrayEquals(b, a, "permute, n = " + n);
            for (boolean sigma : new boolean[] {false, true}) {
                ecb.mmo(in, 0, a, 0, n, sigma, 0x0123_4567L, -5);
                cbc.mmo(in, 0, b, 0, n, sigma, 0x0123_4567L, -5);
                assertArrayEquals(b, a, "mmo, n = " + n + ", sigma " + sigma);
            }
        }
    }

    @Test
    void inPlaceEqualsOutOfPlace() {
        int n = 2500;
        long[] in = Blocks.allocate(n);
        Blocks.randomFill(new Random(3), in, 0, n);
        long[] out = Blocks.allocate(n);
        FixedKeyAes pi = new FixedKeyAes();
        pi.permute(in, 0, out, 0, n);
        pi.permute(in, 0, in, 0, n);
        assertArrayEquals(out, in);
    }

    @Test
    void knownAnswerOfZeroBlockIsStable() throws Exception {
        long[] z = Blocks.allocate(1);
        long[] a = Blocks.allocate(1);
        long[] b = Blocks.allocate(1);
        new FixedKeyAes().permute(z, 0, a, 0, 1);
        reference(z, 0, b, 0);
        assertArrayEquals(b, a);
    }
}
