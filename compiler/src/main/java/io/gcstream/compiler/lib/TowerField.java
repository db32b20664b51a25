package io.gcstream.compiler.lib;

import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import java.util.function.IntUnaryOperator;

/**
 * GF(2^8) as the tower GF(((2^2)^2)^2), for an AES S-box with few ANDs: inversion in the tower
 * costs 32 ANDs (three GF(16) multiplications of 9 ANDs, each three GF(4) multiplications of 3,
 * and a GF(16) inversion of 5), and the change of basis to and from the AES field is linear,
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
    private static final int[] INV4_COMBINATION;

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
        INV4_COMBINATION = inv4Combination();
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

    /**
     * Any GF(2)-linear map {@code f} on {@code n}-bit values as XOR gates (free, but each costs
     * both parties a gate-loop step). Sums shared by several output bits are made once, chosen
     * greedily (Paar, 1997: repeatedly the pair of signals that the most outputs still need):
     * the S-box's basis changes take markedly fewer XORs than with one chain per output bit.
     */
    static Word linear(CircuitBuilder b, Word in, int outBits, IntUnaryOperator f) {
        int n = in.width();
        // rows[j]: the signals output j sums, as bits over signals (the inputs, then shared sums).
        long[] rows = new long[outBits];
        int ones = 0;
        for (int i = 0; i < n; i++) {
            int col = f.applyAsInt(1 << i);
            for (int j = 0; j < outBits; j++) {
                if (((col >> j) & 1) == 1) {
                    rows[j] |= 1L << i;
                    ones++;
                }
            }
        }
        // Every shared sum removes at least two ones, so n + ones / 2 signals always fit.
        if (n + ones / 2 > 64) {
            throw new IllegalArgumentException("linear map too large: " + n + " inputs, " + ones + " ones");
        }
        int[] signal = new int[64];
        for (int i = 0; i < n; i++) {
            signal[i] = in.bit(i);
        }
        int signals = n;
        while (true) {
            int bestP = -1;
            int bestQ = -1;
            int best = 1;
            for (int p = 0; p < signals; p++) {
                for (int q = p + 1; q < signals; q++) {
                    long pair = (1L << p) | (1L << q);
                    int count = 0;
                    for (long r : rows) {
                        if ((r & pair) == pair) {
                            count++;
                        }
                    }
                    if (count > best) {
                        best = count;
                        bestP = p;
                        bestQ = q;
                    }
                }
            }
            if (bestP < 0) {
                break;
            }
            long pair = (1L << bestP) | (1L << bestQ);
            signal[signals] = b.xor(signal[bestP], signal[bestQ]);
            for (int j = 0; j < outBits; j++) {
                if ((rows[j] & pair) == pair) {
                    rows[j] = (rows[j] & ~pair) | (1L << signals);
                }
            }
            signals++;
        }
        int[] out = new int[outBits];
        for (int j = 0; j < outBits; j++) {
            int w = CircuitBuilder.ZERO;
            for (long r = rows[j]; r != 0; r &= r - 1) {
                int s = signal[Long.numberOfTrailingZeros(r)];
                w = w == CircuitBuilder.ZERO ? s : b.xor(w, s);
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

    /**
     * GF(16) inverse (0 maps to 0) with 5 ANDs. The five products below were found by an
     * exhaustive search (one product of input forms, one using it, three over both) such that
     * every output bit is an XOR of them, the input bits and 1; which XOR is solved once, at
     * class initialisation, from {@link #mul4}. The textbook route (d = μh² + hl + l² in GF(4),
     * then two GF(4) products with 1/d) costs 9.
     */
    static Word inv4(CircuitBuilder b, Word x) {
        int x0 = x.bit(0);
        int x1 = x.bit(1);
        int x2 = x.bit(2);
        int x3 = x.bit(3);
        int a = b.and(x0, x2);
        int p = b.and(b.xor(x0, x1), b.xor(x3, a));
        int c1 = b.and(x1, b.xor(a, p));
        int c2 = b.and(b.xor(b.xor(x0, x1), b.xor(x2, x3)), b.xor(b.xor(x0, x1), a));
        int c3 = b.and(b.xor(b.xor(x0, x2), b.xor(x3, a)), b.xor(b.xor(x2, x3), p));
        int[] signals = {CircuitBuilder.ONE, x0, x1, x2, x3, a, p, c1, c2, c3};
        int[] out = new int[4];
        for (int j = 0; j < 4; j++) {
            int w = CircuitBuilder.ZERO;
            for (int k = 0; k < signals.length; k++) {
                if (((INV4_COMBINATION[j] >> k) & 1) == 1) {
                    w = b.xor(w, signals[k]);
                }
            }
            out[j] = w;
        }
        return Word.of(out);
    }

    /** The signals of {@link #inv4} on a plain 4-bit value, in the same order, as bits. */
    private static int inv4Signals(int v) {
        int x0 = v & 1;
        int x1 = (v >> 1) & 1;
        int x2 = (v >> 2) & 1;
        int x3 = (v >> 3) & 1;
        int a = x0 & x2;
        int p = (x0 ^ x1) & (x3 ^ a);
        int c1 = x1 & (a ^ p);
        int c2 = (x0 ^ x1 ^ x2 ^ x3) & (x0 ^ x1 ^ a);
        int c3 = (x0 ^ x2 ^ x3 ^ a) & (x2 ^ x3 ^ p);
        int[] s = {1, x0, x1, x2, x3, a, p, c1, c2, c3};
        int r = 0;
        for (int k = 0; k < s.length; k++) {
            r |= s[k] << k;
        }
        return r;
    }

    /** For output bit j of the GF(16) inverse: the set of {@link #inv4Signals} whose XOR it is. */
    private static int[] inv4Combination() {
        int[] inverse = new int[16];
        for (int v = 1; v < 16; v++) {
            for (int y = 1; y < 16; y++) {
                if (mul4(v, y) == 1) {
                    inverse[v] = y;
                }
            }
        }
        int[] combination = new int[4];
        for (int j = 0; j < 4; j++) {
            combination[j] = -1;
            for (int mask = 0; mask < 1 << 10 && combination[j] < 0; mask++) {
                boolean all = true;
                for (int v = 0; v < 16 && all; v++) {
                    all = Integer.bitCount(inv4Signals(v) & mask) % 2 == ((inverse[v] >> j) & 1);
                }
                if (all) {
                    combination[j] = mask;
                }
            }
            if (combination[j] < 0) {
                throw new AssertionError("GF(16) inverse bit " + j + " is not in the span of the products");
            }
        }
        return combination;
    }

    /** GF(256) inverse in the tower (0 maps to 0): 32 ANDs. */
    static Word inv8(CircuitBuilder b, Word x) {
        Word h = x.slice(4, 8);
        Word l = x.slice(0, 4);
        Word d = b.xor(linear(b, x, 4, v -> mul4(LAMBDA, mul4(v >> 4, v >> 4)) ^ mul4(v & 15, v & 15)),
                mul4(b, h, l));
        Word dinv = inv4(b, d);
        return mul4(b, b.xor(h, l), dinv).concat(mul4(b, h, dinv));
    }
}
