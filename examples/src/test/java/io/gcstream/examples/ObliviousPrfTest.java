package io.gcstream.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class ObliviousPrfTest {
    @Test
    void theEvaluatorLearnsAesOfItsBlocksUnderTheCreatorsKey() throws Exception {
        Random r = new Random(3);
        byte[] key = new byte[16];
        r.nextBytes(key);
        byte[][] blocks = new byte[3][16];
        for (byte[] b : blocks) {
            r.nextBytes(b);
        }
        Object[] out = Pair.run((role, ch, s) -> {
            ObliviousPrf.serve(s, key, blocks.length);
            return null;
        }, (role, ch, s) -> ObliviousPrf.encrypt(s, blocks));
        Cipher aes = Cipher.getInstance("AES/ECB/NoPadding");
        aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        byte[][] got = (byte[][]) out[1];
        for (int i = 0; i < blocks.length; i++) {
            assertArrayEquals(aes.doFinal(blocks[i]), got[i], "block " + i);
        }
    }
}
