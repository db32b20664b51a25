package io.gcstream.compiler.lib;

import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import java.util.function.IntUnaryOperator;

/**
 * GF(2^8) as the tower GF(((2^2)^2)^2), for an AES S-box with few ANDs: inversion in the tower
 * costs 36 ANDs (three GF(16) multiplications of 9 ANDs, each three GF(4) multiplications of 3,
 * and a GF(16) inversion of 9), and the change of basis to and from the AES field is linear,
 * hence free under free-XOR.
 *
 * <p>Encodings: GF(4) = GF(2)[W]/(W² + W + 1), an element {@code a1·W + a0} is the 2-bit int
 * {@code a1a0}; GF(16) = GF(4)[Z]/(Z² + Z + μ), {@code h·Z + l} is {@code (h << 2) | l}; GF(256) =
 * GF(16)[Y]/(Y² + Y + λ), {@code h·Y + l} is {@code (h << 4) | l}. μ and λ are the first
 * constants making the polynomials irreducible; the basis change is found by searching a root
 * of the AES polynomial x⁸ + x⁴ + x³ + x + 1 in the tower. The plain-int arithmetic here is
 * also the reference the circuit pieces are derived from.
 */
final class TowerField {
    static final int MU;
    static final int LAMBDA;
    /** toTower[i] = image of the AES basis element x^i. */
    private static final int[] TO_TOWER = new int[8];

    static {
        int mu = -1;
        for (int m = 1; m < 4 && mu < 0; m++) {
            if (!hasRoot(4, m, 2)) {
                mu = m;
            }
        }
        MU = mu;
        int lambda = -1;
        for (int l = 1; l < 16 && lambda < 0; l++) {
            if (!hasRoot(16, l, 4)) {
                lambda = l;
            }
        }
        LAMBDA = lambda;
        int beta = -1;
        for (int b = 2; b < 256 && beta < 0; b++) {
            int p = pow8(b, 8) ^ pow8(b, 4) ^ pow8(b, 3) ^ b ^ 1;
            if (p == 0) {
                beta = b;
            }
        }
        for (int i = 0; i < 8; i++) {
            TO_TOWER[i] = pow8(beta, i);
        }
    }

    private TowerField() {
    }

    /** True iff T² + T + c has a root in the field of {@code size} elements ({@code bits} bits). */
    private static boolean hasRoot(int size, int c, int bits) {
        for (int t = 0; t < size; t++) {
            int sq = bits == 2 ? mul2(t, t) : mul4(t, t);
            if ((sq ^ t ^ c) == 0) {
                return true;
            }
        }
        return false;
    }

    static int mul2(int a, int b) {
        int a1 = a >> 1;
        int a0 = a & 1;
        int b1 = b >> 1;
        int b0 = b & 1;
        int p = a1 & b1;
        int q = a0 & b0;
        int r = (a1 ^ a0) & (b1 ^ b0);
        return ((r ^ q) << 1) | (p ^ q);
    }

    static int mul4(int a, int b) {
        int ah = a >> 2;
        int al = a & 3;
        int bh = b >> 2;
        int bl = b & 3;
        int p = mul2(ah, bh);
        int q = mul2(al, bl);
        int r = mul2(ah ^ al, bh ^ bl);
        return ((r ^ q) << 2) | (mul2(MU, p) ^ q);
    }

    static int mul8(int a, int b) {
        int ah = a >> 4;
        int al = a & 15;
        int bh = b >> 4;
        int bl = b & 15;
        int p = mul4(ah, bh);
        int q = mul4(al, bl);
        int r = mul4(ah ^ al, bh ^ bl);
        return ((r ^ q) << 4) | (mul4(LAMBDA, p) ^ q);
    }

    private static int pow8(int a, int e) {
        int r = 1;
        for (int i = 0; i < e; i++) {
            r = mul8(r, a);
        }
        return r;
    }

    /** The tower representation of an AES field element (polynomial basis, bit i = x^i). */
    static int toTower(int aes) {
        int r = 0;
        for (int i = 0; i < 8; i++) {
            if (((aes >> i) & 1) == 1) {
                r ^= TO_TOWER[i];
            }
        }
        return r;
    }

    /** The inverse of {@link #toTower}. */
    static int fromTower(int t) {
        for (int a = 0; a < 256; a++) {
            if (toTower(a) == t) {
                return a;
            }
        }
        throw new AssertionError();
    }

    // ---- circuit pieces ----------------------------------------------------------------

    /** Any GF(2)-linear map {@code f} on {@code n}-bit values as XOR gates (free). */
    static Word linear(CircuitBuilder b, Word in, int outBits, IntUnaryOperator f) {
        int n = in.width();
        int[] out = new int[outBits];
        for (int j = 0; j < outBits; j++) {
            int w = CircuitBuilder.ZERO;
            for (int i = 0; i < n; i++) {
                if (((f.applyAsInt(1 << i) >> j) & 1) == 1) {
                    w = w == CircuitBuilder.ZERO ? in.bit(i) : b.xor(w, in.bit(i));
                }
            }
            out[j] = w;
        }
        return Word.of(out);
    }

    /** GF(4) product: 3 ANDs. */
    static Word mul2(CircuitBuilder b, Word x, Word y) {
        int p = b.and(x.bit(1), y.bit(1));
        int q = b.and(x.bit(0), y.bit(0));
        int r = b.and(b.xor(x.bit(1), x.bit(0)), b.xor(y.bit(1), y.bit(0)));
        return Word.of(b.xor(p, q), b.xor(r, q));
    }

    /** GF(16) product: 9 ANDs. */
    static Word mul4(CircuitBuilder b, Word x, Word y) {
        Word xh = x.slice(2, 4);
        Word xl = x.slice(0, 2);
        Word yh = y.slice(2, 4);
        Word yl = y.slice(0, 2);
        Word p = mul2(b, xh, yh);
        Word q = mul2(b, xl, yl);
        Word r = mul2(b, b.xor(xh, xl), b.xor(yh, yl));
        Word lo = b.xor(linear(b, p, 2, v -> mul2(MU, v)), q);
        return lo.concat(b.xor(r, q));
    }

    /** GF(16) inverse (0 maps to 0): 9 ANDs. */
    static Word inv4(CircuitBuilder b, Word x) {
        Word h = x.slice(2, 4);
        Word l = x.slice(0, 2);
        // d = μh² + hl + l² in GF(4); x⁻¹ = (h·Z + h + l) / d, and 1/d = d² in GF(4).
        Word d = b.xor(linear(b, x, 2, v -> mul2(MU, mul2(v >> 2, v >> 2)) ^ mul2(v & 3, v & 3)), mul2(b, h, l));
        Word dinv = linear(b, d, 2, v -> mul2(v, v));
        return mul2(b, b.xor(h, l), dinv).concat(mul2(b, h, dinv));
    }

    /** GF(256) inverse in the tower (0 maps to 0): 36 ANDs. */
    static Word inv8(CircuitBuilder b, Word x) {
        Word h = x.slice(4, 8);
        Word l = x.slice(0, 4);
        Word d = b.xor(linear(b, x, 4, v -> mul4(LAMBDA, mul4(v >> 4, v >> 4)) ^ mul4(v & 15, v & 15)),
                mul4(b, h, l));
        Word dinv = inv4(b, d);
        return mul4(b, b.xor(h, l), dinv).concat(mul4(b, h, dinv));
    }
}
