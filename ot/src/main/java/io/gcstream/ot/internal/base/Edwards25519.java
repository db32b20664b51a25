package io.gcstream.ot.internal.base;

import java.math.BigInteger;
import org.bouncycastle.math.ec.rfc7748.X25519Field;

/**
 * The edwards25519 group (RFC 8032 / RFC 7748: -x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19),
 * d = -121665/121666; prime subgroup of order L = 2^252 + 27742317777372353535851937790883648493,
 * cofactor 8) on Bouncy Castle's public field arithmetic {@link X25519Field} (ten 25/26-bit
 * limbs). The group law is ours: extended coordinates with the Hisil-Wong-Carter-Dawson
 * formulas (ASIACCS 2008, "add-2008-hwcd-3" and "dbl-2008-hwcd" for a = -1), which are complete
 * on this curve (d is not a square), so no input needs a special case.
 *
 * <p>A {@link Point} is (X : Y : Z) with T = X Y / Z kept as the product of two factors E, H
 * (T = E H), which the formulas produce for free; T is only multiplied out when an addition
 * needs it. Two precomputed forms serve additions: <em>cached</em> (Y+X, Y-X, 2Z, 2dT)
 * and <em>affine</em> (y+x, y-x, 2dxy with Z = 1). Tables of them are flat {@code long[]} (two
 * limbs per long, which halves the cost of a scan) and are read with constant-time selection
 * (every entry is read and masked), so secret scalar digits pick neither addresses nor branches.
 *
 * <p>Limb bounds: additions do not carry, so every operand of a multiplication here is kept to at
 * most twice a reduced element limb by limb (limbs below 2^26): a sum or difference of two
 * products, or E = (X+Y)^2 - A - B in doubling, three terms but with non-negative limbs each;
 * anything wider (F' in doubling, F and G in the affine addition) is carried first. For such
 * operands every intermediate of Bouncy Castle's multiplier, bounded exactly as a bilinear form
 * in the input limbs, stays below 2^62.5 (checked with extreme inputs in the tests).
 *
 * <p>Wire encoding: 64 bytes, affine x then y, each 32 bytes little-endian and fully reduced;
 * {@link #decode} rejects non-canonical coordinates and points off the curve.
 */
final class Edwards25519 {
    /** Bouncy Castle's field, under a short name. */
    private static final class F extends X25519Field {
    }

    static final int ENCODED_BYTES = 64;
    /** A field element packed two limbs per long in a table. */
    private static final int FE_LONGS = F.SIZE / 2;
    /** Longs per cached entry (Y+X, Y-X, 2Z, 2dT) and per affine entry (y+x, y-x, 2dxy). */
    static final int CACHED_LONGS = 4 * FE_LONGS;
    static final int AFFINE_LONGS = 3 * FE_LONGS;
    private static final long[] CACHED_IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0,
        0, 0, 0, 0, 0};
    private static final long[] AFFINE_IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};

    static final BigInteger P = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19));
    static final BigInteger ORDER = BigInteger.ONE.shiftLeft(252)
            .add(new BigInteger("27742317777372353535851937790883648493"));
    static final BigInteger D_INT = BigInteger.valueOf(-121665)
            .multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
    /** The base point of RFC 8032 §5.1 (y = 4/5, x even). */
    static final BigInteger BASE_X = new BigInteger(
            "15112221349535400772501151409588531511454012693041857206046113283949847762202");
    static final BigInteger BASE_Y = new BigInteger(
            "46316835694926478169428394003475163141307993866256225615783033603165251855960");

    private static final int[] D = fe(D_INT);
    /** 2d as a field element (read only). */
    static final int[] D2 = fe(D_INT.shiftLeft(1).mod(P));
    private static final byte[] P_BYTES = littleEndian(P);

    private Edwards25519() {
    }

    /** A point in extended coordinates, T = E H. Mutable; a thread's scratch value. */
    static final class Point {
        final int[] x = F.create();
        final int[] y = F.create();
        final int[] z = F.create();
        final int[] e = F.create();
        final int[] h = F.create();
    }

    /** Temporaries of the formulas, one set per thread. */
    static final class Scratch {
        final int[] t0 = F.create();
        final int[] t1 = F.create();
        final int[] t2 = F.create();
        final int[] t3 = F.create();
        final int[] s0 = F.create();
        final int[] s1 = F.create();
        final int[] s2 = F.create();
        final int[] s3 = F.create();
        final long[] cached = new long[CACHED_LONGS];
        final long[] sel = new long[CACHED_LONGS];
        final Point p = new Point();
    }

    static Point base() {
        Point r = new Point();
        F.copy(fe(BASE_X), 0, r.x, 0);
        F.copy(fe(BASE_Y), 0, r.y, 0);
        F.one(r.z);
        F.copy(r.x, 0, r.e, 0);
        F.copy(r.y, 0, r.h, 0);
        return r;
    }

    static void identity(Point r) {
        F.zero(r.x);
        F.one(r.y);
        F.one(r.z);
        F.zero(r.e);
        F.one(r.h);
    }

    static void copy(Point p, Point r) {
        F.copy(p.x, 0, r.x, 0);
        F.copy(p.y, 0, r.y, 0);
        F.copy(p.z, 0, r.z, 0);
        F.copy(p.e, 0, r.e, 0);
        F.copy(p.h, 0, r.h, 0);
    }

    /**
     * r = 2r ("dbl-2008-hwcd" for a = -1, with every coordinate negated, which is the same
     * projective point and saves a negation): A = X^2, B = Y^2, C = 2Z^2, E = (X+Y)^2 - A - B,
     * G = B - A, F' = C - G, H' = A + B; X3 = E F', Y3 = G H', Z3 = F' G, T3 = E H'.
     */
    static void dbl(Point r, Scratch s) {
        int[] a = s.t0;
        int[] b = s.t1;
        int[] c = s.t2;
        int[] g = s.t3;
        F.sqr(r.x, a);
        F.sqr(r.y, b);
        F.sqr(r.z, c);
        F.add(c, c, c);
        F.add(r.x, r.y, r.e);
        F.sqr(r.e, r.e);
        F.apm(a, b, r.h, g);            // H' = A + B, g = A - B
        F.sub(r.e, r.h, r.e);           // E = (X+Y)^2 - H'
        F.add(c, g, c);                 // F' = C + A - B = C - G
        F.carry(c);                     // a sum of four: carry before multiplying
        F.negate(g, g);                 // G = B - A
        F.mul(r.e, c, r.x);
        F.mul(g, r.h, r.y);
        F.mul(c, g, r.z);
    }

    /** r = 8r: clears the small-order component (cofactor 8). */
    static void mulByCofactor(Point r, Scratch s) {
        dbl(r, s);
        dbl(r, s);
        dbl(r, s);
    }

    /** Writes p in cached form (Y+X, Y-X, 2Z, 2dT) to table[off..off+20). */
    static void toCached(Point p, long[] table, int off, Scratch s) {
        F.apm(p.y, p.x, s.t0, s.t1);
        pack(s.t0, table, off);
        pack(s.t1, table, off + FE_LONGS);
        F.add(p.z, p.z, s.t0);
        pack(s.t0, table, off + 2 * FE_LONGS);
        F.mul(p.e, p.h, s.t0);
        F.mul(s.t0, D2, s.t0);
        pack(s.t0, table, off + 3 * FE_LONGS);
    }

    /** Writes affine (x, y) as (y+x, y-x, 2dxy) to table[off..off+15). */
    static void toAffine(int[] x, int[] y, long[] table, int off, Scratch s) {
        F.add(y, x, s.t0);
        F.normalize(s.t0);
        pack(s.t0, table, off);
        F.sub(y, x, s.t0);
        F.normalize(s.t0);
        pack(s.t0, table, off + FE_LONGS);
        F.mul(x, y, s.t0);
        F.mul(s.t0, D2, s.t0);
        F.normalize(s.t0);
        pack(s.t0, table, off + 2 * FE_LONGS);
    }

    /** Two limbs per long: limb 2j in the low half of long j, limb 2j+1 in the high half. */
    private static void pack(int[] fe, long[] table, int off) {
        for (int j = 0; j < FE_LONGS; j++) {
            table[off + j] = (fe[2 * j] & 0xffffffffL) | ((long) fe[2 * j + 1] << 32);
        }
    }

    /** r += q with q = (ypx, ymx, z2, t2d) in cached form. */
    private static void addCached(Point r, int[] ypx, int[] ymx, int[] z2, int[] t2d, Scratch s) {
        int[] a = s.t0;
        int[] b = s.t1;
        int[] c = s.t2;
        int[] d = s.t3;
        F.mul(r.e, r.h, c);             // T1
        F.mul(c, t2d, c);               // C = T1 2d T2
        F.mul(r.z, z2, d);              // D = Z1 2 Z2
        F.apm(r.y, r.x, b, a);
        F.mul(a, ymx, a);               // A = (Y1-X1)(Y2-X2)
        F.mul(b, ypx, b);               // B = (Y1+X1)(Y2+X2)
        F.apm(b, a, r.h, r.e);          // H = B + A, E = B - A
        F.apm(d, c, b, a);              // G = D + C, F = D - C
        F.mul(r.e, a, r.x);             // X3 = E F
        F.mul(b, r.h, r.y);             // Y3 = G H
        F.mul(a, b, r.z);               // Z3 = F G
    }

    /** r += q, q affine (Z = 1) as (y+x, y-x, 2dxy). */
    private static void addAffine(Point r, int[] ypx, int[] ymx, int[] xy2d, Scratch s) {
        int[] a = s.t0;
        int[] b = s.t1;
        int[] c = s.t2;
        int[] d = s.t3;
        F.mul(r.e, r.h, c);
        F.mul(c, xy2d, c);              // C = T1 2d x2 y2
        F.add(r.z, r.z, d);             // D = 2 Z1
        F.apm(r.y, r.x, b, a);
        F.mul(a, ymx, a);
        F.mul(b, ypx, b);
        F.apm(b, a, r.h, r.e);
        F.apm(d, c, b, a);
        F.carry(a);                     // D is already a sum of two: carry before multiplying
        F.carry(b);
        F.mul(r.e, a, r.x);
        F.mul(b, r.h, r.y);
        F.mul(a, b, r.z);
    }

    /** r += q, q in cached form at table[off]. */
    static void addCached(Point r, long[] table, int off, Scratch s) {
        unpack(table, off, 0, CACHED_LONGS, s);
        addCached(r, s.s0, s.s1, s.s2, s.s3, s);
    }

    /** r -= q, q in cached form at table[off]. */
    static void subCached(Point r, long[] table, int off, Scratch s) {
        unpack(table, off, 1, CACHED_LONGS, s);
        addCached(r, s.s0, s.s1, s.s2, s.s3, s);
    }

    /** r += q. */
    static void add(Point r, Point q, Scratch s) {
        toCached(q, s.cached, 0, s);
        addCached(r, s.cached, 0, s);
    }

    /** r -= q. */
    static void sub(Point r, Point q, Scratch s) {
        toCached(q, s.cached, 0, s);
        subCached(r, s.cached, 0, s);
    }

    /**
     * Constant time: r += digit * Q, where table[off + (k-1) * 20] holds kQ (k = 1..8) in cached
     * form and digit is in [-8, 8].
     */
    static void addCachedMultiple(Point r, long[] table, int off, int digit, Scratch s) {
        int neg = select(table, off, digit, CACHED_LONGS, CACHED_IDENTITY, s);
        unpack(s.sel, 0, neg, CACHED_LONGS, s);
        addCached(r, s.s0, s.s1, s.s2, s.s3, s);
    }

    /**
     * Constant time: r += digit * Q, where table[off + (k-1) * 15] holds kQ (k = 1..8) in affine
     * form and digit is in [-8, 8].
     */
    static void addAffineMultiple(Point r, long[] table, int off, int digit, Scratch s) {
        int neg = select(table, off, digit, AFFINE_LONGS, AFFINE_IDENTITY, s);
        unpack(s.sel, 0, neg, AFFINE_LONGS, s);
        addAffine(r, s.s0, s.s1, s.s2, s);
    }

    /**
     * Sets s.sel to entry |digit| of the 8 entries of {@code longs} longs at table[off]
     * (identity for 0), reading every entry with masks, so that neither an address nor a branch
     * depends on the digit. Returns 1 if digit is negative, else 0.
     */
    private static int select(long[] table, int off, int digit, int longs, long[] identity,
            Scratch s) {
        int neg = digit >>> 31;
        int abs = (digit ^ -neg) + neg;
        long m0 = (abs - 1) >> 31;
        long m1 = ((1 ^ abs) - 1) >> 31;
        long m2 = ((2 ^ abs) - 1) >> 31;
        long m3 = ((3 ^ abs) - 1) >> 31;
        long m4 = ((4 ^ abs) - 1) >> 31;
        long m5 = ((5 ^ abs) - 1) >> 31;
        long m6 = ((6 ^ abs) - 1) >> 31;
        long m7 = ((7 ^ abs) - 1) >> 31;
        long m8 = ((8 ^ abs) - 1) >> 31;
        long[] sel = s.sel;
        for (int j = 0; j < longs; j++) {
            int o = off + j;
            sel[j] = (identity[j] & m0) | (table[o] & m1) | (table[o + longs] & m2)
                    | (table[o + 2 * longs] & m3) | (table[o + 3 * longs] & m4)
                    | (table[o + 4 * longs] & m5) | (table[o + 5 * longs] & m6)
                    | (table[o + 6 * longs] & m7) | (table[o + 7 * longs] & m8);
        }
        return neg;
    }

    /**
     * Unpacks an entry (cached or affine, {@code longs} longs at src[off]) into s.s0, s.s1, s.s2
     * (and s.s3), negated if neg = 1: negation swaps y+x and y-x and negates the 2d term.
     */
    private static void unpack(long[] src, int off, int neg, int longs, Scratch s) {
        int m = -neg;
        for (int j = 0; j < FE_LONGS; j++) {
            long p = src[off + j];
            long q = src[off + FE_LONGS + j];
            int p0 = (int) p;
            int p1 = (int) (p >>> 32);
            int q0 = (int) q;
            int q1 = (int) (q >>> 32);
            int d0 = (p0 ^ q0) & m;
            int d1 = (p1 ^ q1) & m;
            s.s0[2 * j] = p0 ^ d0;
            s.s0[2 * j + 1] = p1 ^ d1;
            s.s1[2 * j] = q0 ^ d0;
            s.s1[2 * j + 1] = q1 ^ d1;
        }
        int[] last = longs == CACHED_LONGS ? s.s3 : s.s2;
        int lastOff = off + longs - FE_LONGS;
        for (int j = 0; j < FE_LONGS; j++) {
            long v = src[lastOff + j];
            last[2 * j] = ((int) v ^ m) + neg;
            last[2 * j + 1] = ((int) (v >>> 32) ^ m) + neg;
        }
        if (longs == CACHED_LONGS) {
            for (int j = 0; j < FE_LONGS; j++) {
                long v = src[off + 2 * FE_LONGS + j];
                s.s2[2 * j] = (int) v;
                s.s2[2 * j + 1] = (int) (v >>> 32);
            }
        }
    }

    /** Writes p, 2p, ..., 8p in cached form to table[0..160). */
    static void multiples(Point p, long[] table, Scratch s) {
        Point q = s.p;
        copy(p, q);
        toCached(q, table, 0, s);
        dbl(q, s);
        toCached(q, table, CACHED_LONGS, s);
        for (int k = 2; k < 8; k++) {
            addCached(q, table, 0, s);
            toCached(q, table, k * CACHED_LONGS, s);
        }
    }

    /**
     * Constant time: r = k * p, k given as 64 signed radix-16 digits ({@link Scalar25519#digits}).
     * Builds the table of p, 2p, ..., 8p ({@link #multiples}) in {@code table} (8 * 20 longs).
     */
    static void mul(byte[] digits, Point p, Point r, long[] table, Scratch s) {
        multiples(p, table, s);
        identity(r);
        addCachedMultiple(r, table, 0, digits[63], s);
        for (int i = 62; i >= 0; i--) {
            dbl(r, s);
            dbl(r, s);
            dbl(r, s);
            dbl(r, s);
            addCachedMultiple(r, table, 0, digits[i], s);
        }
    }

    /** Whether p is the identity (X = 0, Y = Z). Not constant time (use on public values). */
    static boolean isIdentity(Point p, Scratch s) {
        F.copy(p.x, 0, s.t0, 0);
        F.normalize(s.t0);
        F.sub(p.y, p.z, s.t1);
        F.normalize(s.t1);
        return F.isZeroVar(s.t0) && F.isZeroVar(s.t1);
    }

    /**
     * Encodes points[from..to) into out (64 bytes each from outOff), sharing one field
     * inversion among them (Montgomery's trick). The points are not changed.
     */
    static void encode(Point[] points, int from, int to, byte[] out, int outOff) {
        int n = to - from;
        if (n <= 0) {
            return;
        }
        int[] prefix = new int[n * F.SIZE];
        int[] acc = F.create();
        F.copy(points[from].z, 0, acc, 0);
        F.copy(acc, 0, prefix, 0);
        for (int i = 1; i < n; i++) {
            F.mul(acc, points[from + i].z, acc);
            F.copy(acc, 0, prefix, i * F.SIZE);
        }
        F.inv(acc, acc);                // acc = 1 / (Z_0 ... Z_{n-1})
        int[] zinv = F.create();
        int[] t = F.create();
        for (int i = n - 1; i >= 0; i--) {
            Point p = points[from + i];
            if (i > 0) {
                F.copy(prefix, (i - 1) * F.SIZE, t, 0);
                F.mul(acc, t, zinv);    // 1 / Z_i
                F.mul(acc, p.z, acc);   // 1 / (Z_0 ... Z_{i-1})
            } else {
                F.copy(acc, 0, zinv, 0);
            }
            int at = outOff + (i) * ENCODED_BYTES;
            F.mul(p.x, zinv, t);
            F.normalize(t);
            F.encode(t, out, at);
            F.mul(p.y, zinv, t);
            F.normalize(t);
            F.encode(t, out, at + 32);
        }
    }

    /** Encodes one point (64 bytes). */
    static byte[] encode(Point p) {
        byte[] out = new byte[ENCODED_BYTES];
        encode(new Point[] {p}, 0, 1, out, 0);
        return out;
    }

    /**
     * Decodes 64 bytes at in[off] into r (Z = 1). Returns null on success, else why the bytes
     * are not a point: a coordinate not below p, or (x, y) off the curve.
     */
    static String decode(byte[] in, int off, Point r, Scratch s) {
        if (!belowP(in, off) || !belowP(in, off + 32)) {
            return "coordinate not reduced mod 2^255-19";
        }
        F.decode(in, off, r.x);
        F.decode(in, off + 32, r.y);
        F.one(r.z);
        F.copy(r.x, 0, r.e, 0);
        F.copy(r.y, 0, r.h, 0);
        // -x^2 + y^2 - 1 - d x^2 y^2 == 0
        F.sqr(r.x, s.t0);
        F.sqr(r.y, s.t1);
        F.mul(s.t0, s.t1, s.t2);
        F.mul(s.t2, D, s.t2);
        F.sub(s.t1, s.t0, s.t1);
        F.subOne(s.t1);
        F.sub(s.t1, s.t2, s.t1);
        F.carry(s.t1);
        F.normalize(s.t1);
        return F.isZeroVar(s.t1) ? null : "not on the curve";
    }

    /** Whether the 32 little-endian bytes at b[off] are a number below p. */
    private static boolean belowP(byte[] b, int off) {
        for (int i = 31; i >= 0; i--) {
            int x = b[off + i] & 0xff;
            int y = P_BYTES[i] & 0xff;
            if (x != y) {
                return x < y;
            }
        }
        return false;
    }

    /** A field element from a number in [0, p). */
    static int[] fe(BigInteger v) {
        int[] r = F.create();
        F.decode(littleEndian(v), 0, r);
        return r;
    }

    /** 32 little-endian bytes of v (0 <= v < 2^256). */
    static byte[] littleEndian(BigInteger v) {
        byte[] be = v.toByteArray();
        byte[] le = new byte[32];
        for (int i = 0; i < le.length && i < be.length; i++) {
            le[i] = be[be.length - 1 - i];
        }
        return le;
    }
}
