package io.gcstream.engine.garble;

import io.gcstream.ot.crypto.FixedKeyAes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The hash of the garbling schemes: the tweakable circular correlation-robust hash of Guo,
 * Katz, Wang and Yu (IEEE S&amp;P 2020) from the fixed-key permutation π of {@link FixedKeyAes}
 * (AES-128 decryption under its public key):
 *
 * <pre>H(x, i) = π(π(x) ⊕ i) ⊕ π(x)</pre>
 *
 * <p>with the tweak i (a 64-bit value in the block's low half) unique per hash in the session.
 * Two permutation calls per hash buy a proof: the one-call form π(σ(x) ⊕ i) ⊕ σ(x) ⊕ i that
 * many implementations use is not tweakable-CCR when tweaks and inputs can be related (see
 * docs/protocol.md). Both passes are batched: one CBC decryption of a whole chunk gives
 * D(K_j) ⊕ K_{j-1}, and the chaining term is undone on 64-bit lanes, which is several times
 * faster than ECB in javax.crypto. Not thread-safe; one instance per thread.
 */
public final class TweakableHash {
    private static final int CHUNK = 1024;

    private final Cipher cipher;
    private final byte[] inBytes = new byte[16 * CHUNK];
    private final byte[] outBytes = new byte[16 * CHUNK];
    private final LongBuffer inLongs = ByteBuffer.wrap(inBytes).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
    private final LongBuffer outLongs = ByteBuffer.wrap(outBytes).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
    private final long[] scratchU = new long[2 * CHUNK];
    private final long[] scratchW = new long[2 * CHUNK];

    public TweakableHash() {
        try {
            cipher = Cipher.getInstance("AES/CBC/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(FixedKeyAes.key(), "AES"),
                    new IvParameterSpec(new byte[16]));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CBC/NoPadding is not available", e);
        }
    }

    /**
     * out[j] = H(in[j], tw[j]) for {@code n} blocks starting at block 0; {@code in} and
     * {@code out} must be different arrays.
     */
    public void hash(long[] in, long[] tw, long[] out, int n) {
        for (int done = 0; done < n; done += CHUNK) {
            chunk(in, tw, out, done, Math.min(CHUNK, n - done));
        }
    }

    private void chunk(long[] in, long[] tw, long[] out, int first, int k) {
        int base = 2 * first;
        int longs = 2 * k;
        long[] u = scratchU;
        long[] w = scratchW;
        // Bulk copies between long[] and the cipher's byte[] are plain memory copies on a
        // little-endian machine; the XOR passes below are simple loops the JIT vectorises.
        inLongs.put(0, in, base, longs);
        decryptCbc(k);
        outLongs.get(0, u, 0, longs);
        // CBC decryption gave D(x_j) ^ x_{j-1}: undo the chaining to get u_j = π(x_j).
        for (int j = 2; j < longs; j++) {
            u[j] ^= in[base + j - 2];
        }
        for (int j = 0; j < longs; j += 2) {
            w[j] = u[j] ^ tw[first + (j >> 1)];
            w[j + 1] = u[j + 1];
        }
        inLongs.put(0, w, 0, longs);
        decryptCbc(k);
        outLongs.get(0, out, base, longs);
        // H_j = π(w_j) ^ u_j, where the second decryption gave π(w_j) ^ w_{j-1}.
        out[base] ^= u[0];
        out[base + 1] ^= u[1];
        for (int j = 2; j < longs; j++) {
            out[base + j] ^= w[j - 2] ^ u[j];
        }
    }

    private void decryptCbc(int blocks) {
        try {
            cipher.doFinal(inBytes, 0, 16 * blocks, outBytes, 0);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("fixed-key AES failed", e);
        }
    }
}
