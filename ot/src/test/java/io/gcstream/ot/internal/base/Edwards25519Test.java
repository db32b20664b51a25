package io.gcstream.ot.internal.base;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.internal.base.Edwards25519.Point;
import io.gcstream.ot.internal.base.Edwards25519.Scratch;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bouncycastle.math.ec.rfc7748.X25519;
import org.junit.jupiter.api.Test;

class Edwards25519Test {
    private final Random rnd = new Random(25519);
    private final Scratch s = new Scratch();

    /** Random points: in the subgroup, with small-order parts, small-order ones, the identity. */
    private List<BigInteger[]> samplePoints() {
        List<BigInteger[]> pts = new ArrayList<>();
        pts.add(Ref25519.IDENTITY);
        pts.add(Ref25519.BASE);
        BigInteger[] t8 = Ref25519.order8(rnd);
        for (int k = 1; k < 8; k++) {
            pts.add(Ref25519.mul(BigInteger.valueOf(k), t8));
        }
        for (int i = 0; i < 6; i++) {
            pts.add(Ref25519.mul(new BigInteger(252, rnd), Ref25519.BASE));
            pts.add(Ref25519.randomCurvePoint(rnd));
        }
        return pts;
    }

    private static BigInteger[] ref(Point p) {
        return Ref25519.fromEncoding(Edwards25519.encode(p));
    }

    /** Limb widths of Bouncy Castle's X25519Field (26, 26, 25, 26, 25, twice). */
    private static final int[] WIDTH = {26, 26, 25, 26, 25, 26, 26, 25, 26, 25};

    private static BigInteger value(int[] limbs) {
        BigInteger v = BigInteger.ZERO;
        int shift = 0;
        for (int i = 0; i < 10; i++) {
            v = v.add(BigInteger.valueOf(limbs[i]).shiftLeft(shift));
            shift += WIDTH[i];
        }
        return v.mod(Ref25519.P);
    }

    /**
     * The operand sizes the formulas rely on (limb by limb up to twice a reduced limb, of either
     * sign): the multiplier and squarer must stay exact, extreme sign patterns included.
     */
    @Test
    void fieldMultiplierIsExactForTheOperandSizesTheFormulasUse() {
        for (int round = 0; round < 4000; round++) {
            int[] x = new int[10];
            int[] y = new int[10];
            for (int i = 0; i < 10; i++) {
                int max = 2 * ((1 << WIDTH[i]) - 1);
                int mode = round % 4;
                x[i] = mode == 0 ? max : mode == 1 ? -max : limb(mode, max);
                y[i] = mode == 0 ? max : mode == 1 ? (round % 8 == 1 ? max : -max)
                        : limb(mode, max);
            }
            int[] z = new int[10];
            org.bouncycastle.math.ec.rfc7748.X25519Field.mul(x, y, z);
            assertEquals(value(x).multiply(value(y)).mod(Ref25519.P), value(z), "round " + round);
            org.bouncycastle.math.ec.rfc7748.X25519Field.sqr(x, z);
            assertEquals(value(x).multiply(value(x)).mod(Ref25519.P), value(z), "round " + round);
        }
    }

    /** An extreme limb of random sign (mode 2) or a uniform one (mode 3). */
    private int limb(int mode, int max) {
        return mode == 2 ? (rnd.nextBoolean() ? max : -max) : rnd.nextInt(2 * max + 1) - max;
    }

    @Test
    void baseIsTheRfc8032PointOfOrderL() {
        assertTrue(Ref25519.onCurve(Ref25519.BASE));
        BigInteger four = BigInteger.valueOf(4);
        assertEquals(four.multiply(BigInteger.valueOf(5).modInverse(Ref25519.P)).mod(Ref25519.P),
                Edwards25519.BASE_Y);
        assertFalse(Edwards25519.BASE_X.testBit(0));
        assertTrue(Ref25519.eq(Ref25519.IDENTITY, Ref25519.mul(Ref25519.L, Ref25519.BASE)));
        assertTrue(Ref25519.eq(Ref25519.BASE, ref(Edwards25519.base())));
    }

    @Test
    void doublingAdditionAndSubtractionMatchTheReference() {
        List<BigInteger[]> pts = samplePoints();
        for (BigInteger[] a : pts) {
            Point p = Ref25519.point(a);
            Edwards25519.dbl(p, s);
            assertTrue(Ref25519.eq(Ref25519.add(a, a), ref(p)), "2P");
            for (BigInteger[] b : pts) {
                Point r = Ref25519.point(a);
                Edwards25519.dbl(r, s);                       // exercise the E, H form
                Edwards25519.add(r, Ref25519.point(b), s);
                BigInteger[] want = Ref25519.add(Ref25519.add(a, a), b);
                assertTrue(Ref25519.eq(want, ref(r)), "2A + B");
                Edwards25519.sub(r, Ref25519.point(b), s);
                Edwards25519.sub(r, Ref25519.point(b), s);
                want = Ref25519.add(Ref25519.add(a, a), Ref25519.negate(b));
                assertTrue(Ref25519.eq(want, ref(r)), "2A - B");
            }
        }
    }

    @Test
    void variableBaseMultiplicationMatchesTheReference() {
        long[] table = new long[8 * Edwards25519.CACHED_LONGS];
        List<BigInteger> scalars = new ArrayList<>();
        scalars.add(BigInteger.ZERO);
        scalars.add(BigInteger.ONE);
        scalars.add(BigInteger.valueOf(8));
        scalars.add(Ref25519.L.subtract(BigInteger.ONE));
        scalars.add(Ref25519.L);
        scalars.add(BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE));
        for (int i = 0; i < 4; i++) {
            scalars.add(new BigInteger(255, rnd));
        }
        for (BigInteger[] a : samplePoints()) {
            for (BigInteger k : scalars) {
                Point r = new Point();
                Edwards25519.mul(Scalar25519.digits(Edwards25519.littleEndian(k)),
                        Ref25519.point(a), r, table, s);
                assertTrue(Ref25519.eq(Ref25519.mul(k, a), ref(r)), "k = " + k);
            }
        }
    }

    /** An independent implementation: Bouncy Castle's X25519 ladder on the Montgomery form. */
    @Test
    void variableBaseMultiplicationAgreesWithBouncyCastleX25519() {
        long[] table = new long[8 * Edwards25519.CACHED_LONGS];
        for (int i = 0; i < 20; i++) {
            BigInteger[] a = Ref25519.randomCurvePoint(rnd);
            byte[] k = new byte[32];
            rnd.nextBytes(k);
            k[0] &= (byte) 0xf8;   // the X25519 scalar clamping, so both compute the same product
            k[31] &= 0x7f;
            k[31] |= 0x40;
            Point r = new Point();
            Edwards25519.mul(Scalar25519.digits(k), Ref25519.point(a), r, table, s);
            byte[] u = new byte[32];
            X25519.scalarMult(k, 0, Edwards25519.littleEndian(montgomeryU(a)), 0, u, 0);
            assertArrayEquals(u, Edwards25519.littleEndian(montgomeryU(ref(r))));
        }
    }

    /** u = (1 + y) / (1 - y), the birational map to Curve25519. */
    private static BigInteger montgomeryU(BigInteger[] q) {
        BigInteger p = Ref25519.P;
        return BigInteger.ONE.add(q[1]).multiply(BigInteger.ONE.subtract(q[1]).mod(p)
                .modInverse(p)).mod(p);
    }

    @Test
    void cofactorMultiplicationKillsExactlyTheSmallOrderPart() {
        BigInteger[] t8 = Ref25519.order8(rnd);
        for (int k = 0; k < 8; k++) {
            Point t = Ref25519.point(Ref25519.mul(BigInteger.valueOf(k), t8));
            Edwards25519.mulByCofactor(t, s);
            assertTrue(Edwards25519.isIdentity(t, s));
        }
        BigInteger[] g = Ref25519.mul(new BigInteger(250, rnd), Ref25519.BASE);
        Point p = Ref25519.point(Ref25519.add(g, t8));
        Edwards25519.mulByCofactor(p, s);
        assertFalse(Edwards25519.isIdentity(p, s));
        assertTrue(Ref25519.eq(Ref25519.mul(BigInteger.valueOf(8), g), ref(p)));
    }

    @Test
    void encodingRoundTripsAndBatchEncodingEqualsSingle() {
        List<BigInteger[]> pts = samplePoints();
        Point[] ps = new Point[pts.size()];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = Ref25519.point(pts.get(i));
            Edwards25519.dbl(ps[i], s);                       // Z != 1
        }
        byte[] batch = new byte[ps.length * 64];
        Edwards25519.encode(ps, 0, ps.length, batch, 0);
        for (int i = 0; i < ps.length; i++) {
            byte[] one = Edwards25519.encode(ps[i]);
            assertArrayEquals(one, java.util.Arrays.copyOfRange(batch, 64 * i, 64 * i + 64));
            BigInteger[] want = Ref25519.add(pts.get(i), pts.get(i));
            assertArrayEquals(Ref25519.encode(want), one);
            Point back = new Point();
            assertNull(Edwards25519.decode(one, 0, back, s));
            assertArrayEquals(one, Edwards25519.encode(back));
        }
    }

    @Test
    void decodingRejectsNonCanonicalAndOffCurveBytes() {
        Point r = new Point();
        byte[] enc = Ref25519.encode(Ref25519.BASE);
        assertNull(Edwards25519.decode(enc, 0, r, s));
        // y + p: the same residue, not canonical
        byte[] big = enc.clone();
        System.arraycopy(Edwards25519.littleEndian(Edwards25519.BASE_Y.add(Ref25519.P)
                .mod(BigInteger.ONE.shiftLeft(256))), 0, big, 32, 32);
        assertEquals("coordinate not reduced mod 2^255-19", Edwards25519.decode(big, 0, r, s));
        byte[] top = enc.clone();
        top[31] |= (byte) 0x80;
        assertEquals("coordinate not reduced mod 2^255-19", Edwards25519.decode(top, 0, r, s));
        byte[] off = enc.clone();
        off[0] ^= 1;
        assertEquals("not on the curve", Edwards25519.decode(off, 0, r, s));
        assertEquals("not on the curve", Edwards25519.decode(new byte[64], 0, r, s));
    }
}
