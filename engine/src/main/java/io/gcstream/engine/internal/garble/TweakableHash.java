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
 * is XORed out again (one more pass over the batch). The inputs of both passes keep a zero
 * block in front of block 0, so in CBC mode the chaining term of block j sits at the output's
 * index of block j and undoing it needs no special case. Between and after the passes come
 * simple loops that XOR arrays at equal indices, and the hash is finished in the second pass's
 * output, so {@link #lo}/{@link #hi} read one array each (measured: ~5 ns per AND less to
 * garble than one fused loop between the passes and getters that XOR three arrays).
 * Not thread-safe; one instance per thread.
 */
public final class TweakableHash {
    /** Default batch size: five 16 KiB arrays stay in the core's L2 cache. */
    public static final int DEFAULT_CAPACITY = 1024;

    private Cipher cipher;
    /** ECB: each pass gives π directly; else CBC, whose chaining term is undone. */
    private final boolean ecb;
    private final int capacity;
    /** First pass input: zero block, then x_0 .. x_{n-1}. */
    private final byte[] x;
    /** First pass output: u_j = π(x_j) (in CBC mode after undoing the chaining in place). */
    private final byte[] u;
    /** Second pass input: zero block, then w_j = u_j ⊕ i_j. */
    private final byte[] w;
    /**
     * Second pass output π(w_j) (⊕ w_{j-1} in CBC mode), turned into H(x_j, i_j) = π(w_j) ⊕ u_j
     * in place.
     */
    private final byte[] v;
    /** Zero block, then the tweak blocks (i_j, 0): laid out like w, so w = u ⊕ t. */
    private final byte[] t;
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
        this.x = new byte[16 * (capacity + 1)];
        this.u = new byte[16 * capacity];
        this.w = new byte[16 * (capacity + 1)];
        this.v = new byte[16 * capacity];
        this.t = new byte[16 * (capacity + 1)];
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
        int o = 16 * (j + 1);
        LittleEndian.put(x, o, lo);
        LittleEndian.put(x, o + 8, hi);
        LittleEndian.put(t, o, i);
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
        decrypt(x, u, n);
        byte[] u = this.u;
        byte[] w = this.w;
        byte[] t = this.t;
        int len = 16 * n;
        // Long-wise: byte-wise loops were slower (garbling 53 against 32 ns per AND in ECB mode:
        // C2 17 did not vectorise them) and made a fresh JVM's first AES run ~20 ms slower.
        // w_j = u_j ^ t_j, w and t being one block ahead of u.
        for (int k = 0; k < len; k += 8) {
            LittleEndian.put(w, k + 16, LittleEndian.get(u, k) ^ LittleEndian.get(t, k + 16));
        }
        decrypt(w, v, n);
        byte[] v = this.v;
        // H(x_j, i_j) = π(w_j) ^ u_j.
        for (int k = 0; k < len; k += 8) {
            LittleEndian.put(v, k, LittleEndian.get(v, k) ^ LittleEndian.get(u, k));
        }
    }

    private void runCbc(int n) {
        decrypt(x, u, n);
        byte[] x = this.x;
        byte[] u = this.u;
        byte[] w = this.w;
        byte[] t = this.t;
        int len = 16 * n;
        // The cipher gave D(x_j) ^ x_{j-1}; x_{j-1} sits at u's index of block j because of
        // x's zero block.
        for (int k = 0; k < len; k += 8) {
            LittleEndian.put(u, k, LittleEndian.get(u, k) ^ LittleEndian.get(x, k));
        }
        // w_j = u_j ^ t_j, w and t being one block ahead of u.
        System.arraycopy(u, 0, w, 16, len);
        for (int k = 16; k < len + 16; k += 8) {
            LittleEndian.put(w, k, LittleEndian.get(w, k) ^ LittleEndian.get(t, k));
        }
        decrypt(w, v, n);
        byte[] v = this.v;
        // The cipher gave π(w_j) ^ w_{j-1}, w_{j-1} at v's index of block j because of w's zero
        // block; H(x_j, i_j) = π(w_j) ^ u_j.
        for (int k = 0; k < len; k += 8) {
            LittleEndian.put(v, k,
                    LittleEndian.get(v, k) ^ LittleEndian.get(w, k) ^ LittleEndian.get(u, k));
        }
    }

    /** Low half of input block {@code j}, as set by {@link #input} (it survives {@link #run}). */
    public long inputLo(int j) {
        return LittleEndian.get(x, 16 * (j + 1));
    }

    /** High half of input block {@code j}. */
    public long inputHi(int j) {
        return LittleEndian.get(x, 16 * (j + 1) + 8);
    }

    /** Low half of H(x_j, i_j) after {@link #run}. */
    public long lo(int j) {
        return LittleEndian.get(v, 16 * j);
    }

    /** High half of H(x_j, i_j) after {@link #run}. */
    public long hi(int j) {
        return LittleEndian.get(v, 16 * j + 8);
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

    /** One pass: π of blocks 1 .. n of {@code in} (after its zero block) into {@code out}. */
    private void decrypt(byte[] in, byte[] out, int blocks) {
        try {
            // In CBC mode, doFinal resets the chaining value to the zero IV for the next call.
            cipher.doFinal(in, 16, 16 * blocks, out, 0);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("fixed-key AES failed", e);
        }
    }
}
