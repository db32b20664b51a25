package io.gcstream.ot.internal.crypto;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.security.Provider;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key streams of AES-128 in counter mode under several keys (one stream a key, each the
 * stream {@link Prg} gives for that seed), read at any position, so that threads make the rows
 * of different blocks of an OT extension at once, each from an instance of its own, without
 * taking turns at one generator. Bytes [16·at, 16·at + len) of a stream are the encryptions of
 * the counter blocks at, at + 1, ... (128-bit big-endian, as NIST CTR from zero).
 *
 * <p>Two kinds, by what the caller does with the stream: {@link #plain} streams are read as
 * they are ({@link #read}); {@link #xoring} streams are XORed into bytes the caller has
 * ({@link #xorRead}: AES-CTR, whose intrinsic XORs while it encrypts, where a separate XOR pass
 * over the bytes in Java would cost more than the stream). A plain stream is AES-ECB of the
 * counter blocks, made once a position for every key, where HotSpot runs ECB on a pipelined
 * stub ({@link AesIntrinsics}); elsewhere ECB runs a block a call, and a plain stream is AES-CTR
 * over zeros. A CTR key goes on from where its last read ended, and starts again, a few small
 * objects, only at another place. Memory: a key schedule a stream (under 1 KiB) and, for plain
 * streams, the counter blocks or zeros of the longest read. <b>Not thread-safe</b>: one
 * instance per thread.
 */
public final class RowStreams {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final String ECB = "AES/ECB/NoPadding";
    private static final String CTR = "AES/CTR/NoPadding";

    private final boolean xoring;
    /** Whether a plain stream is read by AES-ECB of counter blocks (else by AES-CTR over zeros). */
    private final boolean ecb;
    private final Cipher[] ciphers;
    /** CTR streams: the keys, for a cipher started again at a read's position. */
    private final SecretKeySpec[] keys;
    /** ECB: the counter blocks from {@link #countersAt}, {@link #countersLength} bytes of them. */
    private byte[] counters = new byte[0];
    private long countersAt = -1;
    private int countersLength;
    /** Plain streams on CTR: the zeros it encrypts, as many as the longest read. */
    private byte[] zeros = new byte[0];
    /** CTR streams: the counter block a read starts at, and per key where its cipher stands. */
    private final byte[] iv = new byte[16];
    private final long[] standsAt;

    private RowStreams(long[] seeds, boolean xoring, boolean ecb) {
        if (seeds.length % 2 != 0) {
            throw new IllegalArgumentException("seeds come in pairs of longs, got " + seeds.length);
        }
        this.xoring = xoring;
        this.ecb = ecb && !xoring;
        ciphers = new Cipher[seeds.length / 2];
        keys = this.ecb ? null : new SecretKeySpec[ciphers.length];
        standsAt = this.ecb ? null : new long[ciphers.length];
        String transformation = this.ecb ? ECB : CTR;
        try {
            for (int j = 0; j < ciphers.length; j++) {
                SecretKeySpec key = new SecretKeySpec(Blocks.toBytes(seeds[2 * j], seeds[2 * j + 1]), "AES");
                ciphers[j] = newCipher(transformation);
                if (this.ecb) {
                    ciphers[j].init(Cipher.ENCRYPT_MODE, key);
                } else {
                    keys[j] = key;
                    ciphers[j].init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
                }
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(transformation + " is not available", e);
        }
    }

    /**
     * Streams read as they are, one per seed: seed j is the block (seeds[2j], seeds[2j + 1]),
     * as {@link Prg#Prg(long, long, int)} takes it.
     */
    public static RowStreams plain(long[] seeds) {
        return plain(seeds, AesIntrinsics.pipelinedEcb());
    }

    /** Plain streams read by AES-ECB ({@code ecb}) or AES-CTR over zeros; the bytes are the same (tests). */
    static RowStreams plain(long[] seeds, boolean ecb) {
        return new RowStreams(seeds, false, ecb);
    }

    /** Streams XORed into the caller's bytes, one per seed (as {@link #plain}). */
    public static RowStreams xoring(long[] seeds) {
        return new RowStreams(seeds, true, false);
    }

    /** Streams: one per seed pair. */
    public int count() {
        return ciphers.length;
    }

    /**
     * Bytes [16·at, 16·at + len) of stream {@code j} into {@code out} from {@code off};
     * {@code len} a multiple of 16. Plain streams only.
     */
    public void read(int j, long at, byte[] out, int off, int len) {
        if (xoring) {
            throw new IllegalStateException("an xoring stream is read by xorRead");
        }
        if (ecb) {
            counters(at, len);
            update(ciphers[j], counters, 0, len, out, off);
        } else {
            check(at, len);
            if (zeros.length < len) {
                zeros = new byte[len];
            }
            ctr(j, at, zeros, 0, out, off, len);
        }
    }

    /**
     * {@code in[inOff..inOff+len)} XORed with bytes [16·at, 16·at + len) of stream {@code j}
     * into {@code out} from {@code outOff}; {@code len} a multiple of 16; {@code in} and
     * {@code out} the same array only at the same offset. Xoring streams only.
     */
    public void xorRead(int j, long at, byte[] in, int inOff, byte[] out, int outOff, int len) {
        if (!xoring) {
            throw new IllegalStateException("a plain stream is read by read");
        }
        check(at, len);
        ctr(j, at, in, inOff, out, outOff, len);
    }

    /** AES-CTR of key {@code j} from counter block {@code at} over {@code len} bytes of {@code in}. */
    private void ctr(int j, long at, byte[] in, int inOff, byte[] out, int outOff, int len) {
        if (standsAt[j] != at) {
            // Another place than where the last read ended (a thread's blocks are not all
            // consecutive): the key starts again there.
            LONG_BE.set(iv, 8, at);
            try {
                ciphers[j].init(Cipher.ENCRYPT_MODE, keys[j], new IvParameterSpec(iv));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(CTR + " failed", e);
            }
        }
        update(ciphers[j], in, inOff, len, out, outOff);
        standsAt[j] = at + len / 16;
    }

    private static void update(Cipher c, byte[] in, int inOff, int len, byte[] out, int off) {
        try {
            int r = c.update(in, inOff, len, out, off);
            if (r != len) {
                throw new IllegalStateException("AES returned " + r + " of " + len + " bytes");
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES failed", e);
        }
    }

    private static void check(long at, int len) {
        if (len < 0 || len % 16 != 0 || at < 0) {
            throw new IllegalArgumentException("whole blocks from a block: " + len + " bytes at block " + at);
        }
    }

    /** Makes the counter blocks at, at + 1, ... for {@code len} bytes, unless they are made. */
    private void counters(long at, int len) {
        check(at, len);
        if (at == countersAt && len <= countersLength) {
            return;
        }
        if (counters.length < len) {
            counters = new byte[len];
        }
        for (int i = 0; i < len / 16; i++) {
            LONG_BE.set(counters, 16 * i, 0L);
            LONG_BE.set(counters, 16 * i + 8, at + i);
        }
        countersAt = at;
        countersLength = len;
    }

    private static Cipher newCipher(String transformation) throws GeneralSecurityException {
        Provider p = transformation.equals(ECB) ? Providers.ECB : Providers.CTR;
        return p != null ? Cipher.getInstance(transformation, p) : Cipher.getInstance(transformation);
    }

    /**
     * The providers of AES-ECB and AES-CTR, looked up once: a session makes 128 or 256 keys a
     * thread, and a lookup by name per key would search the provider list each time. Null if
     * there is none: each key then looks it up and reports the failure.
     */
    private static final class Providers {
        static final Provider ECB = provider(RowStreams.ECB);
        static final Provider CTR = provider(RowStreams.CTR);

        private static Provider provider(String transformation) {
            try {
                return Cipher.getInstance(transformation).getProvider();
            } catch (GeneralSecurityException e) {
                return null;
            }
        }
    }
}
