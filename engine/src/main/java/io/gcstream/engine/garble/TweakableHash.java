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
 * The hash of the garbling schemes, applied to blocks the schemes have already combined with
 * their tweak: H'(K) = π(K) ⊕ K for the fixed-key permutation π of {@link FixedKeyAes}
 * (AES-128 decryption under its public key; the Matyas–Meyer–Oseas shape used by JustGarble
 * and EMP). The schemes form K = σ(x) ⊕ i (half-gates) or K = 2A ⊕ 4B ⊕ i (GRR3) from labels
 * and a tweak i unique in the session, which gives the tweakable hash (docs/protocol.md discusses its security)
 * H(x, i) = π(σ(x) ⊕ i) ⊕ σ(x) ⊕ i.
 *
 * <p>Same permutation as {@link FixedKeyAes#permute}, fused with the feed-forward: one CBC
 * decryption of the whole batch gives D(K_j) ⊕ K_{j-1}, so H'(K_j) = output_j ⊕ K_{j-1} ⊕ K_j
 * is read in one pass, without converting π's output back to longs first. This saves about a
 * third of the hashing cost per gate. Not thread-safe; one instance per thread.
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
     * out[j] = π(in[j]) ⊕ in[j] for {@code n} blocks starting at block 0 of both arrays, which
     * must be different arrays.
     */
    public void hash(long[] in, long[] out, int n) {
        for (int done = 0; done < n; done += CHUNK) {
            chunk(in, out, 2 * done, Math.min(CHUNK, n - done));
        }
    }

    private void chunk(long[] in, long[] out, int base, int k) {
        byte[] ib = inBytes;
        byte[] ob = outBytes;
        int longs = 2 * k;
        for (int j = 0; j < longs; j++) {
            LE.set(ib, 8 * j, in[base + j]);
        }
        try {
            cipher.doFinal(ib, 0, 16 * k, ob, 0);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("fixed-key AES failed", e);
        }
        out[base] = (long) LE.get(ob, 0) ^ in[base];
        out[base + 1] = (long) LE.get(ob, 8) ^ in[base + 1];
        for (int j = 2; j < longs; j++) {
            out[base + j] = (long) LE.get(ob, 8 * j) ^ in[base + j - 2] ^ in[base + j];
        }
    }
}
