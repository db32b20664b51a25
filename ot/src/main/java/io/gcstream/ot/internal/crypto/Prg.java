package io.gcstream.ot.internal.crypto;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A pseudo-random generator: AES-128 in counter mode keyed by a 128-bit seed, counter starting
 * at zero (output = AES_seed(0) || AES_seed(1) || ..., counter big-endian as in NIST CTR).
 * The same seed always gives the same stream (tests, IKNP column expansion); production
 * randomness comes from {@link #fromSecureRandom()}.
 *
 * <p>Output is generated in batches of 8 KiB (fewer with {@link #Prg(byte[], int)}), one
 * javax.crypto call each (HotSpot's pipelined CTR
 * stub) and handed out from that buffer; {@link #nextBytes} writes whole blocks of a large
 * request straight into the caller's array. The stream is consumed in order by all methods, e.g.
 * {@code nextLong()} returns the next 8 bytes little-endian, and a block is 16 bytes per the
 * layout of {@link Blocks}.
 *
 * <p><b>Not thread-safe</b>: one instance per thread.
 */
public final class Prg {
    /** The default and largest batch: 8 KiB. */
    public static final int MAX_BATCH = 8192;
    private static final byte[] ZEROS = new byte[MAX_BATCH];
    private static final String TRANSFORMATION = "AES/CTR/NoPadding";
    /** The counter starts at zero; the spec is immutable (it copies its bytes). */
    private static final IvParameterSpec ZERO_IV = new IvParameterSpec(new byte[16]);
    private final Cipher ctr;
    private final int batch;
    private final byte[] buf;
    private int pos;
    private long bitWord;
    private int bitsLeft;

    /** A PRG with the given 16-byte seed (the AES key). The array is not retained. */
    public Prg(byte[] seed16) {
        this(seed16, MAX_BATCH);
    }

    /**
     * A PRG that generates {@code batch} bytes (a multiple of 16 in 16..{@value #MAX_BATCH})
     * per AES call: small batches for the many PRGs of a small OT extension, which each need
     * only a few bytes per block, keep their memory small. The output stream is the same
     * whatever the batch.
     */
    public Prg(byte[] seed16, int batch) {
        if (batch < 16 || batch > MAX_BATCH || batch % 16 != 0) {
            throw new IllegalArgumentException("batch must be a multiple of 16 in 16.." + MAX_BATCH + ", got " + batch);
        }
        this.batch = batch;
        this.buf = new byte[batch];
        this.pos = batch;
        if (seed16 == null || seed16.length != 16) {
            throw new IllegalArgumentException("PRG seed must be 16 bytes, got "
                    + (seed16 == null ? "null" : seed16.length + " bytes"));
        }
        try {
            ctr = newCipher();
            ctr.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(seed16, "AES"), ZERO_IV);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(TRANSFORMATION + " is not available", e);
        }
    }

    /**
     * The provider of AES-CTR, looked up once: an OT extension makes 384 generators at its
     * start, and a lookup by name per generator would search the provider list each time.
     * Null if there is none: each generator then looks it up and reports the failure.
     */
    private static final class Ctr {
        static final Provider PROVIDER = provider();

        private static Provider provider() {
            try {
                return Cipher.getInstance(TRANSFORMATION).getProvider();
            } catch (GeneralSecurityException e) {
                return null;
            }
        }
    }

    private static Cipher newCipher() throws GeneralSecurityException {
        return Ctr.PROVIDER != null ? Cipher.getInstance(TRANSFORMATION, Ctr.PROVIDER)
                : Cipher.getInstance(TRANSFORMATION);
    }

    /** A PRG whose seed is the block (lo, hi) as 16 little-endian bytes. */
    public Prg(long seedLo, long seedHi) {
        this(Blocks.toBytes(seedLo, seedHi));
    }

    /** A PRG whose seed is the block (lo, hi), generating {@code batch} bytes per AES call. */
    public Prg(long seedLo, long seedHi, int batch) {
        this(Blocks.toBytes(seedLo, seedHi), batch);
    }

    /** A PRG seeded with 16 bytes from a new {@link SecureRandom}. */
    public static Prg fromSecureRandom() {
        return fromSecureRandom(new SecureRandom());
    }

    /** A PRG seeded with 16 bytes from {@code random}. */
    public static Prg fromSecureRandom(SecureRandom random) {
        byte[] seed = new byte[16];
        random.nextBytes(seed);
        return new Prg(seed);
    }

    private void refill() {
        crypt(ZEROS, 0, buf, 0, batch);
        pos = 0;
    }

    /**
     * The next {@code len} bytes of key stream (a multiple of 16, at most {@link #MAX_BATCH})
     * XORed with {@code in} into {@code out} (counter mode XORs its input, so the key stream
     * alone is {@code in = ZEROS}). Every call takes whole blocks, so the cipher's counter stays
     * on a block boundary.
     */
    private void crypt(byte[] in, int inOff, byte[] out, int off, int len) {
        try {
            int r = ctr.update(in, inOff, len, out, off);
            if (r != len) {
                throw new IllegalStateException("AES-CTR returned " + r + " of " + len + " bytes");
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-CTR failed", e);
        }
    }

    /**
     * Fills {@code len} bytes of {@code b} from {@code off}. Whole blocks beyond what is
     * buffered go from the cipher straight into {@code b}, so a large request (an OT extension's
     * matrix rows) is not copied through the buffer; the stream is the same either way.
     */
    public void nextBytes(byte[] b, int off, int len) {
        stream(null, 0, b, off, len);
    }

    /**
     * Writes {@code in[inOff..inOff+len)} XORed with the next {@code len} bytes of the stream
     * into {@code out} from {@code outOff}: the same stream {@link #nextBytes} would give, with
     * the XOR done by the cipher for whole blocks. {@code in} and {@code out} may be the same
     * array only at the same offset.
     */
    public void xorBytes(byte[] in, int inOff, byte[] out, int outOff, int len) {
        if (len < 0 || inOff < 0 || inOff > in.length - len || outOff < 0
                || outOff > out.length - len) {
            throw new IndexOutOfBoundsException("xorBytes: " + len + " bytes from " + inOff
                    + " of " + in.length + " into " + outOff + " of " + out.length);
        }
        stream(in, inOff, out, outOff, len);
    }

    /** nextBytes ({@code in == null}) or xorBytes. */
    private void stream(byte[] in, int inOff, byte[] out, int off, int len) {
        int k = Math.min(len, batch - pos);
        fromBuffer(in, inOff, out, off, k);
        pos += k;
        off += k;
        inOff += k;
        len -= k;
        for (int direct = len & ~15; direct > 0; ) {
            int n = Math.min(direct, MAX_BATCH);
            if (in == null) {
                crypt(ZEROS, 0, out, off, n);
            } else {
                crypt(in, inOff, out, off, n);
            }
            off += n;
            inOff += n;
            len -= n;
            direct -= n;
        }
        if (len > 0) {
            refill();
            fromBuffer(in, inOff, out, off, len);
            pos = len;
        }
    }

    /** k buffered bytes from pos, copied ({@code in == null}) or XORed with in, into out. */
    private void fromBuffer(byte[] in, int inOff, byte[] out, int off, int k) {
        if (in == null) {
            System.arraycopy(buf, pos, out, off, k);
            return;
        }
        for (int i = 0; i < k; i++) {
            out[off + i] = (byte) (in[inOff + i] ^ buf[pos + i]);
        }
    }

    /** Fills {@code n} blocks (2n longs) of {@code out} from block {@code off}. */
    public void nextBlocks(long[] out, int off, int n) {
        nextLongs(out, 2 * off, 2 * n);
    }

    /** Fills {@code n} longs of {@code out} from index {@code off}. */
    public void nextLongs(long[] out, int off, int n) {
        while (n > 0) {
            if (batch - pos < 8) {
                if (pos != batch) {
                    // Keep the stream byte-exact: move the tail to the front of a fresh batch.
                    out[off++] = nextLongSlow();
                    n--;
                    continue;
                }
                refill();
            }
            int k = Math.min(n, (batch - pos) >>> 3);
            byte[] b = buf;
            int p = pos;
            for (int i = 0; i < k; i++, p += 8) {
                out[off + i] = (long) Blocks.LONG_LE.get(b, p);
            }
            pos = p;
            off += k;
            n -= k;
        }
    }

    /** The next 8 bytes as a little-endian long. */
    public long nextLong() {
        if (batch - pos >= 8) {
            long v = (long) Blocks.LONG_LE.get(buf, pos);
            pos += 8;
            return v;
        }
        return nextLongSlow();
    }

    private long nextLongSlow() {
        byte[] b = new byte[8];
        nextBytes(b, 0, 8);
        return (long) Blocks.LONG_LE.get(b, 0);
    }

    /** The next 4 bytes as a little-endian int. */
    public int nextInt() {
        return (int) nextLong();
    }

    /**
     * The next random bit. Bits come from their own 64-bit words drawn from the stream, low bit
     * first.
     */
    public boolean nextBit() {
        if (bitsLeft == 0) {
            bitWord = nextLong();
            bitsLeft = 64;
        }
        boolean b = (bitWord & 1) != 0;
        bitWord >>>= 1;
        bitsLeft--;
        return b;
    }

    /** A uniform int in [0, bound), bound > 0 (rejection sampling, no modulo bias). */
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, got " + bound);
        }
        long limit = (1L << 32) - ((1L << 32) % bound);
        while (true) {
            long v = nextInt() & 0xffffffffL;
            if (v < limit) {
                return (int) (v % bound);
            }
        }
    }
}
