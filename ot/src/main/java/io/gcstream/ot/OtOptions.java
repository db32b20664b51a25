package io.gcstream.ot;

import java.util.Arrays;
import java.util.Objects;

/**
 * Immutable settings of the OT layer, built with {@link #builder()}.
 *
 * <ul>
 *   <li>{@code threads} (1..64, default 2): threads for the public-key work of the base OTs
 *       (each thread does 128/threads of them, as in the ME-SFE paper §3.1).</li>
 *   <li>{@code extensionThreads} (1..64, default 1): threads that compute each block of the OT
 *       extension together: its PRG rows, transpose and hashing are split between them (ALSZ13
 *       §4.1 gives each thread a range of the OTs; splitting each block instead keeps the
 *       block structure). The channel stays on the calling thread, and the bytes sent do not
 *       depend on the number, so the two parties may use different ones. A sender or receiver with
 *       more than one keeps that many - 1 worker threads while it is in use; they stop after
 *       two idle seconds, or at {@link OtExtensionSender#close()} /
 *       {@link OtExtensionReceiver#close()}.</li>
 *   <li>{@code blockSize} (OTs per extension block, a multiple of 128 in 128..2^22, default
 *       16384): memory of the extension is O(blockSize) whatever the number of OTs (paper
 *       Fig. 1); each block is one round trip. Both parties must use the same value (checked
 *       at setup).</li>
 *   <li>{@code baseOt} (default and only value {@link BaseOtProtocol#CHOU_ORLANDI}): the
 *       protocol of the 128 base OTs. Both parties must use the same one (checked at setup).</li>
 *   <li>{@code insecureTestSeed} (default none): if set, ALL randomness of this party is derived
 *       from it (base-OT scalars, IKNP secrets). For reproducible tests only — never in
 *       production.</li>
 * </ul>
 */
public final class OtOptions {
    /** Default OTs per block: 16384 OTs = 256 KiB per 128-row bit matrix. */
    public static final int DEFAULT_BLOCK_SIZE = 16384;
    public static final int MAX_BLOCK_SIZE = 1 << 22;
    public static final int MAX_THREADS = 64;

    private static final OtOptions DEFAULTS = builder().build();

    private final int threads;
    private final int extensionThreads;
    private final int blockSize;
    private final BaseOtProtocol baseOt;
    private final byte[] testSeed;

    private OtOptions(int threads, int extensionThreads, int blockSize, BaseOtProtocol baseOt,
            byte[] testSeed) {
        this.threads = threads;
        this.extensionThreads = extensionThreads;
        this.blockSize = blockSize;
        this.baseOt = baseOt;
        this.testSeed = testSeed;
    }

    public static OtOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder().threads(threads).extensionThreads(extensionThreads)
                .blockSize(blockSize).baseOt(baseOt);
        b.testSeed = testSeed;
        return b;
    }

    /** Threads of the base OTs' public-key work. */
    public int threads() {
        return threads;
    }

    /** Threads that compute the OT extension's blocks. */
    public int extensionThreads() {
        return extensionThreads;
    }

    public int blockSize() {
        return blockSize;
    }

    /** The base-OT protocol. */
    public BaseOtProtocol baseOt() {
        return baseOt;
    }

    /** The test seed (a copy), or null when randomness comes from SecureRandom. */
    public byte[] insecureTestSeed() {
        return testSeed == null ? null : testSeed.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof OtOptions)) {
            return false;
        }
        OtOptions x = (OtOptions) o;
        return threads == x.threads && extensionThreads == x.extensionThreads
                && blockSize == x.blockSize && baseOt == x.baseOt
                && Arrays.equals(testSeed, x.testSeed);
    }

    @Override
    public int hashCode() {
        return Objects.hash(threads, extensionThreads, blockSize, baseOt, Arrays.hashCode(testSeed));
    }

    @Override
    public String toString() {
        return "OtOptions{threads=" + threads + ", extensionThreads=" + extensionThreads
                + ", blockSize=" + blockSize + ", baseOt="
                + baseOt.id()
                + (testSeed != null ? ", INSECURE test seed" : "") + "}";
    }

    /** Validating builder for {@link OtOptions}. */
    public static final class Builder {
        private int threads = 2;
        private int extensionThreads = 1;
        private int blockSize = DEFAULT_BLOCK_SIZE;
        private BaseOtProtocol baseOt = BaseOtProtocol.CHOU_ORLANDI;
        private byte[] testSeed;

        private Builder() {
        }

        public Builder threads(int t) {
            if (t < 1 || t > MAX_THREADS) {
                throw new IllegalArgumentException("threads must be in 1.." + MAX_THREADS
                        + ", got " + t);
            }
            this.threads = t;
            return this;
        }

        /** Threads for the OT extension's blocks, 1..{@value #MAX_THREADS} (default 1). */
        public Builder extensionThreads(int t) {
            if (t < 1 || t > MAX_THREADS) {
                throw new IllegalArgumentException("extensionThreads must be in 1.." + MAX_THREADS
                        + ", got " + t);
            }
            this.extensionThreads = t;
            return this;
        }

        public Builder blockSize(int otsPerBlock) {
            if (otsPerBlock < 128 || otsPerBlock > MAX_BLOCK_SIZE || otsPerBlock % 128 != 0) {
                throw new IllegalArgumentException("blockSize must be a multiple of 128 in 128.."
                        + MAX_BLOCK_SIZE + ", got " + otsPerBlock);
            }
            this.blockSize = otsPerBlock;
            return this;
        }

        public Builder baseOt(BaseOtProtocol protocol) {
            this.baseOt = Objects.requireNonNull(protocol, "baseOt");
            return this;
        }

        /** Derive all randomness from this 16-byte seed. TESTS ONLY: insecure by design. */
        public Builder insecureTestSeed(byte[] seed16) {
            if (seed16 != null && seed16.length != 16) {
                throw new IllegalArgumentException("test seed must be 16 bytes, got "
                        + seed16.length);
            }
            this.testSeed = seed16 == null ? null : seed16.clone();
            return this;
        }

        public OtOptions build() {
            return new OtOptions(threads, extensionThreads, blockSize, baseOt, testSeed);
        }
    }
}
