package io.gcstream.ot.internal.base;

import io.gcstream.ot.internal.base.Edwards25519.Point;
import io.gcstream.ot.internal.base.Edwards25519.Scratch;
import org.bouncycastle.math.ec.rfc7748.X25519Field;

/**
 * Precomputed multiples of one point Q for fast multiplication by secret scalars: row j
 * (j = 0..31) holds k * 256^j * Q for k = 1..8 in affine form (y+x, y-x, 2dxy). A product
 * k Q with signed radix-16 digits d_i is then
 * sum_j d_{2j} 256^j Q + 16 * sum_j d_{2j+1} 256^j Q: 64 mixed additions (7 field
 * multiplications each) and 4 doublings, about a third of a variable-base multiplication.
 * Entries are read with constant-time selection.
 *
 * <p>Building costs about three variable-base multiplications (256 points, one shared field
 * inversion). Immutable after construction; {@link #mul} may be called from many threads, each
 * with its own {@link Scratch}.
 */
final class FixedBaseTable {
    private static final class F extends X25519Field {
    }

    private static final int ROWS = 32;
    private static final int PER_ROW = 8;
    private static final int ROW_LONGS = PER_ROW * Edwards25519.AFFINE_LONGS;

    private final long[] table = new long[ROWS * ROW_LONGS];

    /** Builds the table of q (any point; q is not changed). */
    FixedBaseTable(Point q) {
        Scratch s = new Scratch();
        Point[] pts = new Point[ROWS * PER_ROW];
        Point row = new Point();
        Edwards25519.copy(q, row);
        long[] cached = new long[Edwards25519.CACHED_LONGS];
        for (int j = 0; j < ROWS; j++) {
            Edwards25519.toCached(row, cached, 0, s);
            Point m = new Point();
            Edwards25519.copy(row, m);
            pts[j * PER_ROW] = m;
            for (int k = 1; k < PER_ROW; k++) {
                Point next = new Point();
                Edwards25519.copy(m, next);
                Edwards25519.addCached(next, cached, 0, s);
                pts[j * PER_ROW + k] = next;
                m = next;
            }
            if (j + 1 < ROWS) {
                Edwards25519.copy(m, row);  // 8 * 256^j Q
                for (int d = 0; d < 5; d++) {
                    Edwards25519.dbl(row, s);
                }
            }
        }
        byte[] enc = new byte[pts.length * Edwards25519.ENCODED_BYTES];
        Edwards25519.encode(pts, 0, pts.length, enc, 0);
        int[] x = F.create();
        int[] y = F.create();
        for (int i = 0; i < pts.length; i++) {
            F.decode(enc, i * Edwards25519.ENCODED_BYTES, x);
            F.decode(enc, i * Edwards25519.ENCODED_BYTES + 32, y);
            Edwards25519.toAffine(x, y, table, i * Edwards25519.AFFINE_LONGS, s);
        }
    }

    /** r = k Q, k as signed radix-16 digits ({@link Scalar25519#digits}). Constant time. */
    void mul(byte[] digits, Point r, Scratch s) {
        Edwards25519.identity(r);
        for (int j = 0; j < ROWS; j++) {
            Edwards25519.addAffineMultiple(r, table, j * ROW_LONGS, digits[2 * j + 1], s);
        }
        Edwards25519.dbl(r, s);
        Edwards25519.dbl(r, s);
        Edwards25519.dbl(r, s);
        Edwards25519.dbl(r, s);
        for (int j = 0; j < ROWS; j++) {
            Edwards25519.addAffineMultiple(r, table, j * ROW_LONGS, digits[2 * j], s);
        }
    }
}
