package io.gcstream.ot;

import java.util.OptionalLong;

/**
 * Immutable settings of an OT extension ({@link OtExtensionSender}, {@link OtExtensionReceiver}),
 * built with {@link #builder()}.
 *
 * <ul>
 *   <li>{@code threads} (1..64, default 1): threads this party computes the OT extension on.
 *       Where the receiver's U comes ahead of the sender's answers (the session-Delta and
 *       random OTs, calls of more than one block), each thread works whole blocks, the
 *       sender's reading the U of theirs and the receiver's sending theirs; other blocks are
 *       split between the threads, PRG rows, then transpose and hashing (ALSZ13 §4.1 gives
 *       each thread a range of the OTs; blocks keep the block structure on the wire).
 *       The channel stays on the calling thread but for those reads and writes of U (one
 *       thread at a time, in block order, as {@link io.gcstream.ot.channel.Channel} allows);
 *       the bytes sent do not depend on the number,
 *       so the two parties may use different ones. A sender or receiver with more than one keeps
 *       that many - 1 worker threads while it is in use; they stop after two idle seconds, or at
 *       {@link OtExtensionSender#close()} / {@link OtExtensionReceiver#close()}. The 128 base OTs
 *       (Chou–Orlandi, docs/ot.md) always run on two.</li>
 *   <li>{@code blockSize} (OTs per extension block, a multiple of 128 in 128..2^22, default
 *       {@value #DEFAULT_BLOCK_SIZE}): memory of the extension is O(blockSize) whatever the number
 *       of OTs (paper Fig. 1); each block is one round trip. Both parties must use the same value
 *       (checked at setup).</li>
 *   <li>{@code insecureTestSeed} (default none): <b>tests only</b>. All randomness of this party
 *       (base-OT scalars, IKNP secrets) is derived from it, so that a run is reproducible; never
 *       in production.</li>
 * </ul>
 */
public final class OtOptions {
    /** Default OTs per block: 16384 OTs = 256 KiB per 128-row bit matrix. */
    public static final int DEFAULT_BLOCK_SIZE = 16384;
    static final int MAX_BLOCK_SIZE = 1 << 22;
    static final int MAX_THREADS = 64;

    private static final OtOptions DEFAULTS = builder().build();

    private final int threads;
    private final int blockSize;
    private final Long testSeed;

    private OtOptions(int threads, int blockSize, Long testSeed) {
        this.threads = threads;
        this.blockSize = blockSize;
        this.testSeed = testSeed;
    }

    /** {@code builder().build()}: one thread, blocks of {@value #DEFAULT_BLOCK_SIZE} OTs, SecureRandom. */
    static OtOptions defaults() {
        return DEFAULTS;
    }

    /** A builder with the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Threads that compute the OT extension's blocks. */
    int threads() {
        return threads;
    }

    /** OTs per extension block. */
    int blockSize() {
        return blockSize;
    }

    /** The insecure test seed, if set. */
    OptionalLong insecureTestSeed() {
        return testSeed == null ? OptionalLong.empty() : OptionalLong.of(testSeed);
    }

    @Override
    public String toString() {
        return "OtOptions{threads=" + threads + ", blockSize=" + blockSize
                + (testSeed != null ? ", INSECURE test seed" : "") + "}";
    }

    /** Validating builder for {@link OtOptions}. */
    public static final class Builder {
        private int threads = 1;
        private int blockSize = DEFAULT_BLOCK_SIZE;
        private Long testSeed;

        private Builder() {
        }

        /** Threads this party computes the OT extension on, 1..64 (default 1). */
        public Builder threads(int t) {
            if (t < 1 || t > MAX_THREADS) {
                throw new IllegalArgumentException("threads must be in 1.." + MAX_THREADS
                        + ", got " + t);
            }
            this.threads = t;
            return this;
        }

        /** OTs per extension block: a multiple of 128 in 128..2^22; both parties the same. */
        public Builder blockSize(int otsPerBlock) {
            if (otsPerBlock < 128 || otsPerBlock > MAX_BLOCK_SIZE || otsPerBlock % 128 != 0) {
                throw new IllegalArgumentException("blockSize must be a multiple of 128 in 128.."
                        + MAX_BLOCK_SIZE + ", got " + otsPerBlock);
            }
            this.blockSize = otsPerBlock;
            return this;
        }

        /**
         * <b>Tests only</b>: derives all of this party's randomness from {@code seed}, so that a
         * run is reproducible byte for byte; insecure by design.
         */
        public Builder insecureTestSeed(long seed) {
            this.testSeed = seed;
            return this;
        }

        public OtOptions build() {
            return new OtOptions(threads, blockSize, testSeed);
        }
    }
}
