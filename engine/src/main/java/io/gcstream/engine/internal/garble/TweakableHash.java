package io.gcstream.engine.internal.garble;

import io.gcstream.ot.internal.crypto.AesIntrinsics;
import io.gcstream.ot.internal.crypto.FixedKeyAes;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;

/**
 * The hash of the garbling schemes: the tweakable circular correlation-robust hash of Guo,
 * Katz, Wang and Yu (IEEE S&amp;P 2020) from the fixed-key permutation π of {@link FixedKeyAes}
 * (AES-128 decryption under its public key):
 *
 * <pre>H(x, i) = π(π(x) ⊕ i) ⊕ π(x)</pre>
 *
 * <p>with the tweak i (a 64-bit value in the block's low half) unique per hash under one Δ and
 * one π; {@link #salt} selects another π for a session resumed under an earlier session's Δ.
 * Two permutation calls per hash buy a proof: the one-call form π(σ(x) ⊕ i) ⊕ σ(x) ⊕ i that
 * many implementations use is not tweakable-CCR when tweaks and inputs can be related (see
 * docs/protocol.md).
 *
 * <p>A batch of up to {@link #capacity()} blocks is hashed at a time: the caller writes the
 * inputs with {@link #input}, calls {@link #run}, and reads the hashes with {@link #lo} and
 * {@link #hi}. Inputs and outputs stay in the cipher's own byte arrays, so nothing is copied
 * between representations. Each permutation pass is one javax.crypto call over the batch:
 * ECB decryption where HotSpot runs it on its pipelined stub ({@link AesIntrinsics}), else CBC
 * decryption, which is pipelined everywhere but gives D(x_j) ⊕ x_{j-1}, so its chaining term
 * is XORed out again. The tweak is XORed into the low half of π(x) in place, so the second
 * pass reads the first pass's output, and {@link #lo}/{@link #hi} finish the hash as they read
 * it, without a pass of their own. Not thread-safe; one instance per thread.
 */
public final class TweakableHash {
    /** Default batch size: five 16 KiB arrays stay in the core's L2 cache. */
    public static final int DEFAULT_CAPACITY = 1024;

    private Cipher cipher;
    /** ECB: each pass gives π directly; else CBC, whose chaining term is undone. */
    private final boolean ecb;
    private final int capacity;
    /** First pass input: x_0 .. x_{n-1}. */
    private final byte[] x;
    /**
     * First pass output u_j = π(x_j) (in CBC mode after undoing the chaining), then in place
     * the second pass input w_j = u_j ⊕ (i_j, 0).
     */
    private final byte[] w;
    /** Second pass output π(w_j) (in CBC mode after undoing the chaining). */
    private final byte[] v;
    /** The tweaks i_j. */
    private final long[] t;
    /** The salt of π's key ({@link #salt}). */
    private long saltLo;
    private long saltHi;

    /** A hash for batches of {@link #DEFAULT_CAPACITY} blocks. */
    public TweakableHash() {
        this(DEFAULT_CAPACITY);
    }

    /** A hash for batches of up to {@code capacity} blocks. */
    public TweakableHash(int capacity) {
        this(capacity, AesIntrinsics.pipelinedEcb());
    }

    /** A hash whose passes are ECB ({@code ecb}) or CBC decryptions; the hashes are the same. */
    TweakableHash(int capacity, boolean ecb) {
        if (capacity < 1 || capacity > (1 << 20)) {
            throw new IllegalArgumentException(
                    "capacity must be in 1..2^20 blocks, got " + capacity);
        }
        this.capacity = capacity;
        this.x = new byte[16 * capacity];
        this.w = new byte[16 * capacity];
        this.v = new byte[16 * capacity];
        this.t = new long[capacity];
        this.ecb = ecb;
        this.cipher = FixedKeyAes.decryption(ecb);
    }

    /**
     * From now on, π is AES-128 decryption under the fixed key XOR the 128-bit {@code salt}
     * (lo, hi as a little-endian block; 0 gives the fixed key back). A session that resumes
     * saved garbled values garbles under the Δ they were made with and from the same gate
     * counter as any other session resumed from that state; a random salt per such session gives
     * it a permutation of its own, so no hash of one session is related to a hash of another
     * unless two salts collide (2^-128 per pair). In the ideal-cipher model the permutations
     * under distinct public keys are independent, and the GKWY20 proof holds for each.
     */
    public void salt(long lo, long hi) {
        this.saltLo = lo;
        this.saltHi = hi;
        byte[] key = FixedKeyAes.key();
        for (int i = 0; i < 8; i++) {
            key[i] ^= (byte) (lo >>> (8 * i));
            key[8 + i] ^= (byte) (hi >>> (8 * i));
        }
        cipher = FixedKeyAes.decryption(ecb, key);
    }

    /** The low half of the salt ({@link #salt}); 0 for the fixed key. */
    public long saltLo() {
        return saltLo;
    }

    /** The high half of the salt ({@link #salt}). */
    public long saltHi() {
        return saltHi;
    }

    /** Blocks one {@link #run} can hash. */
    public int capacity() {
        return capacity;
    }

    /** Sets input block {@code j} of the next batch to (lo, hi) with tweak {@code i}. */
    public void input(int j, long lo, long hi, long i) {
        int o = 16 * j;
        LittleEndian.put(x, o, lo);
        LittleEndian.put(x, o + 8, hi);
        t[j] = i;
    }

    /** Hashes input blocks 0 .. n-1; their hashes are then read with {@link #lo}, {@link #hi}. */
    public void run(int n) {
        if (n < 1 || n > capacity) {
            throw new IllegalArgumentException("batch of " + n + " blocks, capacity " + capacity);
        }
        if (ecb) {
            runEcb(n);
        } else {
            runCbc(n);
        }
    }

    private void runEcb(int n) {
        decrypt(x, w, n);
        tweak(n);
        decrypt(w, v, n);
    }

    private void runCbc(int n) {
        decrypt(x, w, n);
        // The cipher gave D(x_j) ^ x_{j-1} (x_{-1} = 0, the IV): undo the chaining.
        unchain(w, x, n);
        tweak(n);
        decrypt(w, v, n);
        // π(w_j) ^ w_{j-1}, likewise.
        unchain(v, w, n);
    }

    /** out_j ^= in_{j-1} for j = 1 .. n-1: undoes CBC's chaining with a zero IV. */
    private static void unchain(byte[] out, byte[] in, int n) {
        for (int k = 16, end = 16 * n; k < end; k += 8) {
            LittleEndian.put(out, k, LittleEndian.get(out, k) ^ LittleEndian.get(in, k - 16));
        }
    }

    /** w_j = π(x_j) ^ (i_j, 0), in place. */
    private void tweak(int n) {
        final byte[] w = this.w;
        final long[] t = this.t;
        for (int j = 0, o = 0; j < n; j++, o += 16) {
            LittleEndian.put(w, o, LittleEndian.get(w, o) ^ t[j]);
        }
    }

    /** Low half of input block {@code j}, as set by {@link #input} (it survives {@link #run}). */
    public long inputLo(int j) {
        return LittleEndian.get(x, 16 * j);
    }

    /** High half of input block {@code j}. */
    public long inputHi(int j) {
        return LittleEndian.get(x, 16 * j + 8);
    }

    /** Low half of H(x_j, i_j) = π(w_j) ⊕ π(x_j) after {@link #run}: π(w_j) ⊕ w_j ⊕ i_j. */
    public long lo(int j) {
        return LittleEndian.get(v, 16 * j) ^ LittleEndian.get(w, 16 * j) ^ t[j];
    }

    /** High half of H(x_j, i_j) after {@link #run}: the tweak touches only the low half. */
    public long hi(int j) {
        return LittleEndian.get(v, 16 * j + 8) ^ LittleEndian.get(w, 16 * j + 8);
    }

    /**
     * out[j] = H(in[j], tw[j]) for {@code n} blocks (as pairs of longs, low half first), in
     * batches of {@link #capacity()}; a convenience for callers that hold blocks in arrays.
     */
    public void hash(long[] in, long[] tw, long[] out, int n) {
        for (int done = 0; done < n; done += capacity) {
            int k = Math.min(capacity, n - done);
            for (int j = 0; j < k; j++) {
                input(j, in[2 * (done + j)], in[2 * (done + j) + 1], tw[done + j]);
            }
            run(k);
            for (int j = 0; j < k; j++) {
                out[2 * (done + j)] = lo(j);
                out[2 * (done + j) + 1] = hi(j);
            }
        }
    }

    /** One pass: π of blocks 0 .. n-1 of {@code in} into {@code out}. */
    private void decrypt(byte[] in, byte[] out, int blocks) {
        try {
            // In CBC mode, doFinal resets the chaining value to the zero IV for the next call.
            cipher.doFinal(in, 0, 16 * blocks, out, 0);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("fixed-key AES failed", e);
        }
    }
}
