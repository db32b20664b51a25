package io.gcstream.ot.internal.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class PrgTest {
    private static byte[] seed(int s) {
        byte[] b = new byte[16];
        b[0] = (byte) s;
        return b;
    }

    @Test
    void sameSeedSameStreamWhateverTheCallSizes() {
        Prg a = new Prg(seed(1));
        Prg b = new Prg(seed(1));
        long[] x = new long[40_000];
        a.nextLongs(x, 0, x.length);
        long[] y = new long[40_000];
        int off = 0;
        int step = 1;
        while (off < y.length) {
            int k = Math.min(step, y.length - off);
            if (step % 3 == 0) {
                for (int i = 0; i < k; i++) {
                    y[off + i] = b.nextLong();
                }
            } else {
                b.nextLongs(y, off, k);
            }
            off += k;
            step = step * 2 + 1;
        }
        assertArrayEquals(x, y);
    }

    @Test
    void equalsAesCtrFromZero() throws Exception {
        Cipher c = Cipher.getInstance("AES/CTR/NoPadding");
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(seed(9), "AES"),
                new IvParameterSpec(new byte[16]));
        byte[] want = c.doFinal(new byte[20_000]);
        byte[] got = new byte[20_000];
        Prg p = new Prg(seed(9));
        p.nextBytes(got, 0, 5);
        p.nextBytes(got, 5, 19_995);
        assertArrayEquals(want, got);
        long[] blocks = Blocks.allocate(3);
        new Prg(seed(9)).nextBlocks(blocks, 1, 2);
        long[] fromBytes = Blocks.allocate(2);
        Blocks.fromBytes(want, 0, fromBytes, 0, 2);
        assertEquals(fromBytes[0], blocks[2]);
        assertEquals(fromBytes[3], blocks[5]);
    }

    /**
     * Requests that mix the buffer with whole blocks written straight from the cipher (and odd
     * tails after them) still give the key stream in order, whatever the batch.
     */
    @Test
    void mixedRequestsKeepTheStreamInOrder() throws Exception {
        Cipher c = Cipher.getInstance("AES/CTR/NoPadding");
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(seed(5), "AES"), new IvParameterSpec(new byte[16]));
        byte[] want = c.doFinal(new byte[40_000]);
        for (int batch : new int[] {16, 48, Prg.MAX_BATCH}) {
            Prg p = new Prg(seed(5), batch);
            byte[] got = new byte[40_000];
            int at = 0;
            for (int len : new int[] {3, 4096, 37, 16, 20_000, 1}) {
                p.nextBytes(got, at, len);
                at += len;
            }
            long l = p.nextLong();
            Blocks.LONG_LE.set(got, at, l);
            at += 8;
            p.nextBytes(got, at, 40_000 - at);
            assertArrayEquals(want, got, "batch " + batch);
        }
    }

    /** xorBytes gives input XOR the stream nextBytes would give, however requests mix. */
    @Test
    void xorBytesXorsTheSameStreamInOrder() throws Exception {
        Cipher c = Cipher.getInstance("AES/CTR/NoPadding");
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(seed(6), "AES"), new IvParameterSpec(new byte[16]));
        byte[] in = new byte[40_000];
        new Random(6).nextBytes(in);
        byte[] want = c.doFinal(in);
        for (int batch : new int[] {16, 48, Prg.MAX_BATCH}) {
            Prg p = new Prg(seed(6), batch);
            byte[] got = new byte[40_000 + 5];
            int at = 0;
            int k = 0;
            for (int len : new int[] {3, 4096, 37, 16, 20_000, 1, 9, 15_838}) {
                if (k++ % 2 == 0) {
                    p.xorBytes(in, at, got, at + 5, len);
                } else {
                    p.nextBytes(got, at + 5, len);
                    for (int i = 0; i < len; i++) {
                        got[at + 5 + i] ^= in[at + i];
                    }
                }
                at += len;
            }
            assertArrayEquals(want, Arrays.copyOfRange(got, 5, got.length),
                    "batch " + batch);
        }
        byte[] inPlace = in.clone();
        new Prg(seed(6)).xorBytes(inPlace, 0, inPlace, 0, inPlace.length);
        assertArrayEquals(want, inPlace, "in place");
    }

    @Test
    void xorBytesRejectsRangesOutsideTheArrays() {
        Prg p = new Prg(seed(7));
        assertThrows(IndexOutOfBoundsException.class,
                () -> p.xorBytes(new byte[16], 1, new byte[16], 0, 16));
        assertThrows(IndexOutOfBoundsException.class,
                () -> p.xorBytes(new byte[32], 0, new byte[16], 8, 16));
        assertThrows(IndexOutOfBoundsException.class,
                () -> p.xorBytes(new byte[16], 0, new byte[16], 0, -1));
    }

    @Test
    void differentSeedsDiffer() {
        assertFalse(new Prg(seed(1)).nextLong() == new Prg(seed(2)).nextLong());
        assertFalse(Prg.fromSecureRandom().nextLong() == Prg.fromSecureRandom().nextLong());
    }

    @Test
    void bitsAndBoundedIntsAreInRange() {
        Prg p = new Prg(seed(4));
        int ones = 0;
        for (int i = 0; i < 10_000; i++) {
            ones += p.nextBit() ? 1 : 0;
            int v = p.nextInt(7);
            assertTrue(v >= 0 && v < 7);
        }
        assertTrue(ones > 4500 && ones < 5500, "ones: " + ones);
    }

    @Test
    void rejectsBadSeed() {
        assertThrows(IllegalArgumentException.class, () -> new Prg(new byte[15]));
    }
}
