package io.gcstream.engine;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import javax.security.auth.Destroyable;

/**
 * A garbling offset Δ that several creator sessions share ({@link GcSession#creator(
 * io.gcstream.ot.channel.Channel, SessionOptions, SharedDelta)}), so that values kept garbled in
 * one of them can be combined with values of the others in a later session
 * ({@link GcSession#resume(io.gcstream.ot.channel.Channel, SessionOptions, java.util.List)}).
 * Each session under it hashes under a fresh random 128-bit salt of its own, so sharing Δ never
 * shares a hash permutation (docs/protocol.md, "One Δ per session").
 *
 * <p><b>A secret</b>, as the creator's own Δ is: whoever holds it and the evaluator's labels
 * decodes every value the sessions under it garbled. So it has no {@code toString} of its
 * value, is not {@link java.io.Serializable} (it cannot travel in a serialized closure by
 * mistake), and {@link #destroy()} overwrites it. Move it only between the creator's own
 * processes over an authenticated, encrypted channel, and never to the evaluator. Its lowest
 * bit is 1 (point-and-permute). Thread-safe for reading; destroy it once no session will be
 * made with it (sessions made earlier keep their own copy).
 */
public final class SharedDelta implements Destroyable {
    /** Bytes of {@link #toBytes()}. */
    static final int BYTES = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final long[] value;
    private volatile boolean destroyed;

    private SharedDelta(long lo, long hi) {
        this.value = new long[] {lo, hi};
    }

    /** A fresh Δ from {@link SecureRandom}, its lowest bit set. */
    public static SharedDelta random() {
        byte[] b = new byte[BYTES];
        RANDOM.nextBytes(b);
        b[0] |= 1;
        try {
            return of(b);
        } finally {
            Arrays.fill(b, (byte) 0);
        }
    }

    /**
     * The Δ in {@code bytes} (16 bytes, the low 64 bits first, each half little-endian, as
     * {@link #toBytes()} writes it); the caller keeps and wipes its array.
     *
     * @throws IllegalArgumentException if it is not 16 bytes or its lowest bit is 0
     */
    public static SharedDelta of(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        if (bytes.length != BYTES) {
            throw new IllegalArgumentException("a Δ is " + BYTES + " bytes, not " + bytes.length);
        }
        if ((bytes[0] & 1) == 0) {
            throw new IllegalArgumentException("a Δ has its lowest bit set (point-and-permute)");
        }
        return new SharedDelta(le(bytes, 0), le(bytes, 8));
    }

    /**
     * A copy of the value (see {@link #of}); the caller wipes it when done.
     *
     * @throws IllegalStateException if destroyed
     */
    public byte[] toBytes() {
        long[] v = words();
        byte[] b = new byte[BYTES];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v[0] >>> (8 * i));
            b[8 + i] = (byte) (v[1] >>> (8 * i));
        }
        return b;
    }

    /** The value as (low, high) longs, copied; for sessions. */
    long[] words() {
        if (destroyed) {
            throw new IllegalStateException("this SharedDelta was destroyed");
        }
        synchronized (value) {
            return value.clone();
        }
    }

    /** Overwrites the value; later uses are an {@link IllegalStateException}. Idempotent. */
    @Override
    public void destroy() {
        destroyed = true;
        synchronized (value) {
            Arrays.fill(value, 0);
        }
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    /** Never the value. */
    @Override
    public String toString() {
        return destroyed ? "SharedDelta[destroyed]" : "SharedDelta[secret]";
    }

    private static long le(byte[] b, int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xffL);
        }
        return v;
    }
}
