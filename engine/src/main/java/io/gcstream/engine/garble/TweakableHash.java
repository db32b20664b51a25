package io.gcstream.engine.garble;

import io.gcstream.ot.crypto.FixedKeyAes;

/**
 * The hash of the garbling schemes, applied to blocks the schemes have already combined with
 * their tweak: H'(K) = π(K) ⊕ K for the fixed-key permutation π ({@link FixedKeyAes}: AES-128 decryption under a public key) (the Matyas–Meyer–Oseas shape
 * used by JustGarble and EMP). The schemes form K = σ(x) ⊕ i (half-gates) or
 * K = 2A ⊕ 4B ⊕ i (GRR3) from labels and a tweak i unique in the session, which gives the
 * tweakable correlation-robust hash H(x, i) = π(σ(x) ⊕ i) ⊕ σ(x) ⊕ i.
 *
 * <p>Hashing is done in batches (one AES call for many gates); not thread-safe.
 */
public final class TweakableHash {
    private final FixedKeyAes pi = new FixedKeyAes();

    /** out[i] = π(in[i]) ⊕ in[i] for {@code n} blocks starting at block 0 of both arrays. */
    public void hash(long[] in, long[] out, int n) {
        pi.permute(in, 0, out, 0, n);
        for (int i = 0; i < 2 * n; i++) {
            out[i] ^= in[i];
        }
    }
}
