package io.gcstream.ot.internal.crypto;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.security.Provider;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key streams of AES-128 in counter mode under several keys (one stream a key, each the
 * stream {@link Prg} gives for that seed), read at any position: bytes [16·at, 16·at + len) of
 * a stream are AES-ECB of the counter blocks at, at + 1, ... (128-bit big-endian, as NIST CTR
 * from zero), so that threads make the rows of different blocks of an OT extension at once,
 * each from an instance of its own, without taking turns at one generator.
 *
 * <p>The counter blocks of a position are made once and serve every key. Memory: a key
 * schedule a stream (about 0.2 KB) and the counter blocks of the longest read. <b>Not
 * thread-safe</b>: one instance per thread.
 */
public final class RowStreams {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private final Cipher[] ecb;
    /** Counter blocks from {@link #countersAt}, {@link #countersLength} bytes of them. */
    private byte[] counters = new byte[0];
    private long countersAt = -1;
    private int countersLength;

    /**
     * One stream per seed: seed j is the block (seeds[2j], seeds[2j + 1]), as
     * {@link Prg#Prg(long, long, int)} takes it.
     */
    public RowStreams(long[] seeds) {
        if (seeds.length % 2 != 0) {
            throw new IllegalArgumentException("seeds come in pairs of longs, got " + seeds.length);
        }
        ecb = new Cipher[seeds.length / 2];
        try {
            for (int j = 0; j < ecb.length; j++) {
                ecb[j] = Ecb.PROVIDER != null ? Cipher.getInstance(TRANSFORMATION, Ecb.PROVIDER)
                        : Cipher.getInstance(TRANSFORMATION);
                ecb[j].init(Cipher.ENCRYPT_MODE, new SecretKeySpec(Blocks.toBytes(seeds[2 * j], seeds[2 * j + 1]), "AES"));
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(TRANSFORMATION + " is not available", e);
        }
    }

    private static final String TRANSFORMATION = "AES/ECB/NoPadding";

    /**
     * The provider of AES-ECB, looked up once: a session makes 128 or 256 keys a thread, and a
     * lookup by name per key would search the provider list each time. Null if there is none:
     * each key then looks it up and reports the failure.
     */
    private static final class Ecb {
        static final Provider PROVIDER = provider();

        private static Provider provider() {
            try {
                return Cipher.getInstance(TRANSFORMATION).getProvider();
            } catch (GeneralSecurityException e) {
                return null;
            }
        }
    }

    /** Streams: one per seed pair. */
    public int count() {
        return ecb.length;
    }

    /**
     * Bytes [16·at, 16·at + len) of stream {@code j} into {@code out} from {@code off};
     * {@code len} a multiple of 16.
     */
    public void read(int j, long at, byte[] out, int off, int len) {
        counters(at, len);
        try {
            int r = ecb[j].update(counters, 0, len, out, off);
            if (r != len) {
                throw new IllegalStateException("AES-ECB returned " + r + " of " + len + " bytes");
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-ECB failed", e);
        }
    }

    /** Makes the counter blocks at, at + 1, ... for {@code len} bytes, unless they are made. */
    private void counters(long at, int len) {
        if (len < 0 || len % 16 != 0 || at < 0) {
            throw new IllegalArgumentException("whole blocks from a block: " + len + " bytes at block " + at);
        }
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
}
