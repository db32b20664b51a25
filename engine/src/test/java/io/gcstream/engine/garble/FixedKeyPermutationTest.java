package io.gcstream.engine.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class FixedKeyPermutationTest {
    @Test
    void batchedCbcTrickEqualsSingleBlockDecryption() throws Exception {
        FixedKeyPermutation pi = new FixedKeyPermutation();
        Random r = new Random(1);
        long[] in = new long[2 * 37];
        for (int i = 0; i < in.length; i++) {
            in[i] = r.nextLong();
        }
        long[] out = new long[in.length];
        pi.permute(in, 0, out, 0, 37);
        // Reference: one ECB decryption per block, through a second route.
        java.lang.reflect.Field f = FixedKeyPermutation.class.getDeclaredField("KEY");
        f.setAccessible(true);
        byte[] key = (byte[]) f.get(null);
        Cipher ecb = Cipher.getInstance("AES/ECB/NoPadding");
        ecb.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"));
        for (int b = 0; b < 37; b++) {
            java.nio.ByteBuffer bb = java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            bb.putLong(in[2 * b]).putLong(in[2 * b + 1]);
            byte[] d = ecb.doFinal(bb.array());
            java.nio.ByteBuffer o = java.nio.ByteBuffer.wrap(d).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            assertArrayEquals(new long[] {o.getLong(), o.getLong()},
                    new long[] {out[2 * b], out[2 * b + 1]}, "block " + b);
        }
        // In place gives the same.
        long[] copy = in.clone();
        pi.permute(copy, 0, copy, 0, 37);
        assertArrayEquals(out, copy);
    }
}
