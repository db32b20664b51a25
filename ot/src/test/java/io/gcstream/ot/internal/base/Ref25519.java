package io.gcstream.ot.internal.base;

import java.math.BigInteger;
import java.util.Random;

/**
 * A slow, obviously-correct model of edwards25519 for tests: affine coordinates in BigInteger,
 * the textbook addition law (-x^2 + y^2 = 1 + d x^2 y^2) and double-and-add.
 */
final class Ref25519 {
    static final BigInteger P = Edwards25519.P;
    static final BigInteger D = Edwards25519.D_INT;
    static final BigInteger L = Edwards25519.ORDER;
    static final BigInteger[] IDENTITY = {BigInteger.ZERO, BigInteger.ONE};
    static final BigInteger[] BASE = {Edwards25519.BASE_X, Edwards25519.BASE_Y};
    private static final BigInteger SQRT_M1 = BigInteger.TWO.modPow(
            P.subtract(BigInteger.ONE).shiftRight(2), P);

    private Ref25519() {
    }

    static boolean onCurve(BigInteger[] q) {
        BigInteger x2 = q[0].multiply(q[0]);
        BigInteger y2 = q[1].multiply(q[1]);
        BigInteger lhs = y2.subtract(x2);
        BigInteger rhs = BigInteger.ONE.add(D.multiply(x2).multiply(y2));
        return lhs.subtract(rhs).mod(P).signum() == 0;
    }

    static BigInteger[] add(BigInteger[] a, BigInteger[] b) {
        BigInteger t = D.multiply(a[0]).multiply(b[0]).multiply(a[1]).multiply(b[1]).mod(P);
        BigInteger x = a[0].multiply(b[1]).add(a[1].multiply(b[0]))
                .multiply(BigInteger.ONE.add(t).modInverse(P)).mod(P);
        BigInteger y = a[1].multiply(b[1]).add(a[0].multiply(b[0]))
                .multiply(BigInteger.ONE.subtract(t).mod(P).modInverse(P)).mod(P);
        return new BigInteger[] {x, y};
    }

    static BigInteger[] negate(BigInteger[] a) {
        return new BigInteger[] {a[0].negate().mod(P), a[1]};
    }

    static BigInteger[] mul(BigInteger k, BigInteger[] a) {
        BigInteger[] r = IDENTITY;
        for (int i = k.bitLength() - 1; i >= 0; i--) {
            r = add(r, r);
            if (k.testBit(i)) {
                r = add(r, a);
            }
        }
        return r;
    }

    /** The point with this y and x of the given parity, or null if none. */
    static BigInteger[] fromY(BigInteger y, boolean xOdd) {
        BigInteger y2 = y.multiply(y).mod(P);
        BigInteger u = y2.subtract(BigInteger.ONE).mod(P);
        BigInteger v = D.multiply(y2).add(BigInteger.ONE).mod(P);
        BigInteger x2 = u.multiply(v.modInverse(P)).mod(P);
        BigInteger x = x2.modPow(P.add(BigInteger.valueOf(3)).shiftRight(3), P);
        if (!x.multiply(x).subtract(x2).mod(P).equals(BigInteger.ZERO)) {
            x = x.multiply(SQRT_M1).mod(P);
            if (!x.multiply(x).subtract(x2).mod(P).equals(BigInteger.ZERO)) {
                return null;
            }
        }
        if (x.testBit(0) != xOdd) {
            x = x.negate().mod(P);
        }
        return new BigInteger[] {x, y};
    }

    /** A random curve point, usually not in the prime-order subgroup. */
    static BigInteger[] randomCurvePoint(Random rnd) {
        while (true) {
            BigInteger[] q = fromY(new BigInteger(255, rnd).mod(P), rnd.nextBoolean());
            if (q != null) {
                return q;
            }
        }
    }

    /** A point of order exactly 8 (a generator of the small-order subgroup). */
    static BigInteger[] order8(Random rnd) {
        while (true) {
            BigInteger[] t = mul(L, randomCurvePoint(rnd));
            BigInteger[] t4 = mul(BigInteger.valueOf(4), t);
            if (!eq(t4, IDENTITY)) {
                return t;
            }
        }
    }

    static boolean eq(BigInteger[] a, BigInteger[] b) {
        return a[0].equals(b[0]) && a[1].equals(b[1]);
    }

    static byte[] encode(BigInteger[] q) {
        byte[] out = new byte[64];
        System.arraycopy(Edwards25519.littleEndian(q[0]), 0, out, 0, 32);
        System.arraycopy(Edwards25519.littleEndian(q[1]), 0, out, 32, 32);
        return out;
    }

    /** The point as an Edwards25519.Point (via the wire decoding, which must accept it). */
    static Edwards25519.Point point(BigInteger[] q) {
        Edwards25519.Point r = new Edwards25519.Point();
        String why = Edwards25519.decode(encode(q), 0, r, new Edwards25519.Scratch());
        if (why != null) {
            throw new AssertionError("reference point rejected: " + why);
        }
        return r;
    }

    static BigInteger[] fromEncoding(byte[] enc) {
        return new BigInteger[] {le(enc, 0), le(enc, 32)};
    }

    static BigInteger le(byte[] b, int off) {
        byte[] be = new byte[33];
        for (int i = 0; i < 32; i++) {
            be[32 - i] = b[off + i];
        }
        return new BigInteger(be);
    }
}
