package io.gcstream.compiler;

import java.math.BigInteger;
import java.util.Random;

/** Conversions between integers and bit arrays (bit 0 least significant) for tests. */
public final class TestBits {
    private TestBits() {
    }

    public static boolean[] bits(BigInteger v, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = v.testBit(i);
        }
        return b;
    }

    public static boolean[] bits(long v, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = i < 64 && ((v >>> i) & 1) == 1;
        }
        return b;
    }

    /** Bits {@code [off, off+n)} of {@code b} as an unsigned integer. */
    public static BigInteger value(boolean[] b, int off, int n) {
        BigInteger v = BigInteger.ZERO;
        for (int i = n - 1; i >= 0; i--) {
            v = v.shiftLeft(1);
            if (b[off + i]) {
                v = v.setBit(0);
            }
        }
        return v;
    }

    public static BigInteger value(boolean[] b) {
        return value(b, 0, b.length);
    }

    public static boolean[] concat(boolean[]... parts) {
        int n = 0;
        for (boolean[] p : parts) {
            n += p.length;
        }
        boolean[] r = new boolean[n];
        int k = 0;
        for (boolean[] p : parts) {
            System.arraycopy(p, 0, r, k, p.length);
            k += p.length;
        }
        return r;
    }

    public static boolean[] random(Random rnd, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = rnd.nextBoolean();
        }
        return b;
    }

    public static BigInteger hex(String s) {
        return new BigInteger(s, 16);
    }

    public static String hex(BigInteger v, int bits) {
        StringBuilder s = new StringBuilder(v.toString(16));
        while (s.length() < bits / 4) {
            s.insert(0, '0');
        }
        return s.toString();
    }
}
