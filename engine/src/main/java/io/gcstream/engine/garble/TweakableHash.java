package io.gcstream.engine.garble;

import io.gcstream.ot.crypto.FixedKeyAes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
    private static final VarHandle LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int CHUNK = 1024;

    private final Cipher cipher;
    private final byte[] inBytes = new byte[16 * CHUNK];
    private final byte[] outBytes = new byte[16 * CHUNK];

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
        byte[] ib = inBytes;
        byte[] ob = outBytes;
        int base = 2 * first;
        int longs = 2 * k;
        for (int j = 0; j < longs; j++) {
            LE.set(ib, 8 * j, in[base + j]);
        }
        decryptCbc(k);
        // u_j = π(x_j) = ob_j ^ x_{j-1}; kept in out for now. Second input w_j = u_j ^ i_j.
        for (int j = 0; j < longs; j += 2) {
            long ulo = (long) LE.get(ob, 8 * j) ^ (j == 0 ? 0 : in[base + j - 2]);
            long uhi = (long) LE.get(ob, 8 * j + 8) ^ (j == 0 ? 0 : in[base + j - 1]);
            out[base + j] = ulo;
            out[base + j + 1] = uhi;
            LE.set(ib, 8 * j, ulo ^ tw[first + (j >> 1)]);
            LE.set(ib, 8 * j + 8, uhi);
        }
        decryptCbc(k);
        // H_j = π(w_j) ^ u_j = ob_j ^ w_{j-1} ^ u_j, with w_{j-1} = u_{j-1} ^ i_{j-1}.
        long prevLo = 0;
        long prevHi = 0;
        for (int j = 0; j < longs; j += 2) {
            long ulo = out[base + j];
            long uhi = out[base + j + 1];
            out[base + j] = (long) LE.get(ob, 8 * j) ^ prevLo ^ ulo;
            out[base + j + 1] = (long) LE.get(ob, 8 * j + 8) ^ prevHi ^ uhi;
            prevLo = ulo ^ tw[first + (j >> 1)];
            prevHi = uhi;
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
