package io.gcstream.ot.internal.crypto;

import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The fixed-key AES permutation {@code pi}: AES-128 <b>decryption</b> under the public key
 * {@link #KEY_HEX}, applied block-wise to 128-bit blocks.
 *
 * <p>Why decryption: AES decryption under a fixed key is as good a fixed random permutation as
 * encryption, and HotSpot runs multi-block CBC <i>decryption</i> on its pipelined AES-NI stub
 * on every CPU whereas ECB runs one block at a time, several times slower per block, unless the
 * CPU has AVX-512 VAES ({@link AesIntrinsics}). So a batch is run as one
 * ECB decryption where that is pipelined, and elsewhere as one CBC decryption with a zero IV,
 * which yields {@code D(c_i) ^ c_(i-1)}, the chaining XOR then being undone on 64-bit lanes:
 * {@code pi(c_i) = D(c_i)}. Both give the same permutation. (The garbling hash makes the same
 * choice, and one mode for both means a fresh JVM's warm-up of one compiles the other's path.)
 *
 * <p>The key is the first 128 bits of the fractional part of pi (nothing up our sleeve),
 * {@code 243F6A8885A308D313198A2E03707344}, as bytes in that order. Being public is the point:
 * security of the hashes built on {@code pi} holds in the ideal-permutation model.
 *
 * <p>Block layout: see {@link Blocks}; a block's 16 little-endian bytes are the AES block.
 *
 * <p><b>Not thread-safe</b> (it owns a {@link Cipher} and scratch buffers): use one instance per
 * thread. Instances are cheap (a few microseconds) and hold 2 x 16 KiB of scratch.
 */
public final class FixedKeyAes {
    /** The public fixed key, hex, byte 0 first. */
    public static final String KEY_HEX = "243f6a8885a308d313198a2e03707344";

    /** Blocks per javax.crypto call: large enough to amortise the call, small enough for L1/L2. */
    static final int CHUNK = 1024;

    private final Cipher decrypt;
    /** ECB: the cipher gives pi directly; else CBC, whose chaining is undone. */
    private final boolean ecb;
    private final byte[] inBuf = new byte[CHUNK * 16];
    private final byte[] outBuf = new byte[CHUNK * 16];

    public FixedKeyAes() {
        this(AesIntrinsics.pipelinedEcb());
    }

    /** A permutation computed with ECB ({@code ecb}) or CBC decryption: the same either way. */
    FixedKeyAes(boolean ecb) {
        this.ecb = ecb;
        this.decrypt = decryption(ecb);
    }

    /**
     * A cipher decrypting under the fixed key: {@code AES/ECB/NoPadding}, or (not {@code ecb})
     * {@code AES/CBC/NoPadding} with a zero IV, which each {@code doFinal} starts from again.
     */
    public static Cipher decryption(boolean ecb) {
        return decryption(ecb, key());
    }

    /**
     * As {@link #decryption(boolean)} under another public 16-byte {@code key}: the permutation
     * of a resumed session's garbling hash, whose key is the fixed key XOR the session's salt.
     */
    public static Cipher decryption(boolean ecb, byte[] key) {
        String mode = ecb ? "AES/ECB/NoPadding" : "AES/CBC/NoPadding";
        try {
            Cipher c = Cipher.getInstance(mode);
            SecretKeySpec k = new SecretKeySpec(key, "AES");
            if (ecb) {
                c.init(Cipher.DECRYPT_MODE, k);
            } else {
                c.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(new byte[16]));
            }
            return c;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(mode + " is not available", e);
        }
    }

    /** The fixed key as a fresh 16-byte array. */
    public static byte[] key() {
        byte[] k = new byte[16];
        for (int i = 0; i < 16; i++) {
            k[i] = (byte) Integer.parseInt(KEY_HEX.substring(2 * i, 2 * i + 2), 16);
        }
        return k;
    }

    /**
     * out[outOff + j] = pi(in[inOff + j]) for j in [0, nBlocks); offsets are in blocks. The arrays
     * may be the same (in place) and may overlap.
     */
    public void permute(long[] in, int inOff, long[] out, int outOff, int nBlocks) {
        if (nBlocks < 0 || inOff < 0 || outOff < 0 || 2L * (inOff + (long) nBlocks) > in.length
                || 2L * (outOff + (long) nBlocks) > out.length) {
            throw new IndexOutOfBoundsException("permute: " + nBlocks + " blocks from " + inOff
                    + " (in: " + in.length / 2 + " blocks) to " + outOff + " (out: "
                    + out.length / 2 + " blocks)");
        }
        while (nBlocks > 0) {
            int k = Math.min(nBlocks, CHUNK);
            permuteChunk(in, inOff, out, outOff, k);
            inOff += k;
            outOff += k;
            nBlocks -= k;
        }
    }

    private void permuteChunk(long[] in, int inOff, long[] out, int outOff, int k) {
        byte[] ib = inBuf;
        byte[] ob = outBuf;
        int i2 = 2 * inOff;
        for (int j = 0; j < 2 * k; j++) {
            Blocks.LONG_LE.set(ib, 8 * j, in[i2 + j]);
        }
        try {
            int r = decrypt.doFinal(ib, 0, 16 * k, ob, 0);
            assert r == 16 * k;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES decryption failed", e);
        }
        int o2 = 2 * outOff;
        if (ecb) {
            for (int j = 0; j < 2 * k; j++) {
                out[o2 + j] = (long) Blocks.LONG_LE.get(ob, 8 * j);
            }
            return;
        }
        // CBC decryption gave D(c_j) ^ c_(j-1) (c_(-1) = IV = 0): XOR the previous input back.
        // Read it from inBuf, not from `in`, so that in-place calls work.
        out[o2] = (long) Blocks.LONG_LE.get(ob, 0);
        out[o2 + 1] = (long) Blocks.LONG_LE.get(ob, 8);
        for (int j = 2; j < 2 * k; j++) {
            out[o2 + j] = (long) Blocks.LONG_LE.get(ob, 8 * j)
                    ^ (long) Blocks.LONG_LE.get(ib, 8 * j - 16);
        }
    }

    /**
     * Fused Matyas-Meyer-Oseas hash for {@link CrHash}: out_j = pi(y_j) ^ y_j with
     * y_j = x_j ^ c, or y_j = sigma(x_j ^ c) if {@code sigma}, for the block c = (cLo, cHi). Encodes y straight into the AES buffer and reads it back
     * from there for the final XOR, so one pass over memory and in-place calls are safe.
     */
    void mmo(long[] in, int inOff, long[] out, int outOff, int nBlocks, boolean sigma, long cLo,
            long cHi) {
        while (nBlocks > 0) {
            int k = Math.min(nBlocks, CHUNK);
            byte[] ib = inBuf;
            byte[] ob = outBuf;
            int i2 = 2 * inOff;
            for (int j = 0; j < k; j++) {
                long lo = in[i2 + 2 * j] ^ cLo;
                long hi = in[i2 + 2 * j + 1] ^ cHi;
                if (sigma) {
                    long t = hi ^ lo;
                    lo = hi;
                    hi = t;
                }
                Blocks.LONG_LE.set(ib, 16 * j, lo);
                Blocks.LONG_LE.set(ib, 16 * j + 8, hi);
            }
            try {
                decrypt.doFinal(ib, 0, 16 * k, ob, 0);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("AES decryption failed", e);
            }
            int o2 = 2 * outOff;
            if (ecb) {
                for (int j = 0; j < 2 * k; j++) {
                    out[o2 + j] = (long) Blocks.LONG_LE.get(ob, 8 * j)
                            ^ (long) Blocks.LONG_LE.get(ib, 8 * j);
                }
            } else {
                // CBC: also XOR out the chaining term, the previous input.
                out[o2] = (long) Blocks.LONG_LE.get(ob, 0) ^ (long) Blocks.LONG_LE.get(ib, 0);
                out[o2 + 1] = (long) Blocks.LONG_LE.get(ob, 8) ^ (long) Blocks.LONG_LE.get(ib, 8);
                for (int j = 2; j < 2 * k; j++) {
                    out[o2 + j] = (long) Blocks.LONG_LE.get(ob, 8 * j)
                            ^ (long) Blocks.LONG_LE.get(ib, 8 * j - 16)
                            ^ (long) Blocks.LONG_LE.get(ib, 8 * j);
                }
            }
            inOff += k;
            outOff += k;
            nBlocks -= k;
        }
    }
}
