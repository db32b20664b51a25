package io.gcstream.compiler.internal;

import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * Integer arithmetic on {@link Word}s with the fewest non-linear gates (ANDs) we know, for
 * free-XOR garbling: the one implementation of the DSL's integer operations and of the
 * library's circuits that use them. Words are n-bit two's-complement or unsigned values, bit 0 least
 * significant; both operands of a binary helper must have the same width n. The AND counts
 * below are what the compiled circuit has for operands that are not constants (the optimiser
 * removes more when some bits are constant) and are asserted by the tests.
 *
 * <p>The adders use the full-adder carry {@code c' = c ⊕ ((a ⊕ c) ∧ (b ⊕ c))}: one AND per bit.
 */
public final class Arithmetic {
    private Arithmetic() {
    }

    /** {@code x + y mod 2^n}: n − 1 ANDs (no carry out of the top bit is needed). */
    public static Word add(CircuitBuilder b, Word x, Word y) {
        return addCarry(b, x, y, CircuitBuilder.ZERO, false);
    }

    /** {@code x + y} as n + 1 bits (the top bit is the carry out): n ANDs. */
    public static Word addWithCarry(CircuitBuilder b, Word x, Word y) {
        return addCarry(b, x, y, CircuitBuilder.ZERO, true);
    }

    /** {@code x − y mod 2^n}, as x + ¬y + 1: n − 1 ANDs. */
    public static Word sub(CircuitBuilder b, Word x, Word y) {
        return addCarry(b, x, b.not(y), CircuitBuilder.ONE, false);
    }

    /** {@code −x mod 2^n}, as 0 + ¬x + 1: n − 2 ANDs for n ≥ 2 (the first carry is free). */
    public static Word negate(CircuitBuilder b, Word x) {
        return sub(b, b.constant(0, x.width()), x);
    }

    /**
     * {@code x + y + carryIn}, returning n bits or, if {@code carryOut}, n + 1 bits. ANDs: one
     * per carry computed, i.e. n − 1 or n.
     */
    public static Word addCarry(CircuitBuilder b, Word x, Word y, int carryIn, boolean carryOut) {
        sameWidth(x, y);
        int n = x.width();
        int[] s = new int[carryOut ? n + 1 : n];
        int c = carryIn;
        for (int i = 0; i < n; i++) {
            int ax = b.xor(x.bit(i), c);
            s[i] = b.xor(ax, y.bit(i));
            if (i < n - 1 || carryOut) {
                c = b.xor(c, b.and(ax, b.xor(y.bit(i), c)));
            }
        }
        if (carryOut) {
            s[n] = c;
        }
        return Word.of(s);
    }

    /** Unsigned {@code x < y} (1 bit): the borrow of x − y, n ANDs. */
    public static int lessThan(CircuitBuilder b, Word x, Word y) {
        // x + ¬y + 1 carries out iff x >= y.
        Word r = addCarry(b, x, b.not(y), CircuitBuilder.ONE, true);
        return b.not(r.bit(r.width() - 1));
    }

    /** Signed (two's-complement) {@code x < y}: unsigned compare with the sign bits flipped, n ANDs. */
    public static int lessThanSigned(CircuitBuilder b, Word x, Word y) {
        sameWidth(x, y);
        return lessThan(b, flipSign(b, x), flipSign(b, y));
    }

    private static Word flipSign(CircuitBuilder b, Word x) {
        int n = x.width();
        return x.slice(0, n - 1).concat(Word.of(b.not(x.bit(x.width() - 1))));
    }

    /** {@code x == y} (1 bit): n XNORs and a tree of n − 1 ANDs. */
    public static int equal(CircuitBuilder b, Word x, Word y) {
        sameWidth(x, y);
        int n = x.width();
        if (n == 0) {
            return CircuitBuilder.ONE;
        }
        int[] level = new int[n];
        for (int i = 0; i < n; i++) {
            level[i] = b.gate(TruthTable.XNOR, x.bit(i), y.bit(i));
        }
        while (n > 1) {
            int m = 0;
            for (int i = 0; i + 1 < n; i += 2) {
                level[m++] = b.and(level[i], level[i + 1]);
            }
            if ((n & 1) == 1) {
                level[m++] = level[n - 1];
            }
            n = m;
        }
        return level[0];
    }

    /** {@code x == 0} (1 bit): n − 1 ANDs. */
    public static int isZero(CircuitBuilder b, Word x) {
        return equal(b, x, b.constant(0, x.width()));
    }

    /**
     * {@code x · y mod 2^n}, schoolbook: row i adds the n − i low bits of {@code x ∧ y_i} into
     * bits i..n−1 of the accumulator. ANDs: n(n+1)/2 partial products plus (n−1)(n−2)/2 adder
     * carries = n² − n + 1 (4033 for n = 64).
     */
    public static Word mul(CircuitBuilder b, Word x, Word y) {
        sameWidth(x, y);
        int n = x.width();
        int[] acc = andBit(b, x, y.bit(0)).wires();
        for (int i = 1; i < n; i++) {
            Word row = andBit(b, x.slice(0, n - i), y.bit(i));
            Word hi = add(b, Word.of(acc).slice(i, n), row);
            System.arraycopy(hi.wires(), 0, acc, i, n - i);
        }
        return Word.of(acc);
    }

    /**
     * The full 2n-bit product {@code x · y} (unsigned): n² partial products plus n adders of
     * n bits with carry out after the first row = 2n² − n ANDs (8128 for n = 64).
     */
    public static Word mulFull(CircuitBuilder b, Word x, Word y) {
        return mulFull(b, x, y, (acc, i) -> mulRow(b, acc, x, y.bit(i)));
    }

    /** Row i ≥ 1 of {@link #mulFull}: bits i..i+n−1 of the accumulator plus x·y_i, in n + 1 bits. */
    @FunctionalInterface
    public interface Row {
        Word add(Word acc, int i);
    }

    /**
     * {@link #mulFull} with each row made by {@code row}, which adds {@code x ∧ y_i} as
     * {@link #mulRow} does, in line or as a call of a sub-circuit holding it (the library's
     * {@code mult<n>}). Row 0 is {@code x ∧ y_0}; row i writes bits i..i+n.
     */
    public static Word mulFull(CircuitBuilder b, Word x, Word y, Row row) {
        sameWidth(x, y);
        int n = x.width();
        int[] acc = new int[2 * n];
        System.arraycopy(andBit(b, x, y.bit(0)).wires(), 0, acc, 0, n);
        // acc[n..2n) start as the constant 0 (wire id 0): row i adds into bits i..i+n, the
        // top one of which is still 0, and writes n + 1 bits.
        for (int i = 1; i < n; i++) {
            Word sum = row.add(Word.of(acc).slice(i, i + n), i);
            System.arraycopy(sum.wires(), 0, acc, i, n + 1);
        }
        return Word.of(acc);
    }

    /** {@code acc + x ∧ bit} for n-bit acc and x, in n + 1 bits: 2n ANDs (n partial products, an adder). */
    public static Word mulRow(CircuitBuilder b, Word acc, Word x, int bit) {
        return addWithCarry(b, acc, andBit(b, x, bit));
    }

    /**
     * The signed (two's-complement) full 2n-bit product {@code x · y}, Baugh–Wooley: the
     * partial products of one sign bit with the other operand's other bits are negated (free),
     * which turns their negative weight into constants, {@code 2^n + 2^(2n−1)}; the first is
     * folded into the first row, the second flips the top bit. The array is then that of
     * {@link #mulFull}: 2n² − n ANDs (8128 for n = 64).
     */
    public static Word mulFullSigned(CircuitBuilder b, Word x, Word y) {
        sameWidth(x, y);
        int n = x.width();
        if (n == 1) {
            // x, y in {0, -1}: the product is x0 y0 in 2 bits (the two constants cancel mod 4).
            return Word.of(b.and(x.bit(0), y.bit(0)), CircuitBuilder.ZERO);
        }
        int[] acc = new int[2 * n];
        for (int i = 0; i < n; i++) {
            acc[i] = partial(b, x, y, i, 0);
        }
        acc[n] = CircuitBuilder.ONE; // + 2^n
        for (int i = 1; i < n; i++) {
            int[] row = new int[n];
            for (int j = 0; j < n; j++) {
                row[j] = partial(b, x, y, j, i);
            }
            Word sum = addWithCarry(b, Word.of(acc).slice(i, i + n), Word.of(row));
            System.arraycopy(sum.wires(), 0, acc, i, n + 1);
        }
        acc[2 * n - 1] = b.not(acc[2 * n - 1]); // + 2^(2n-1) mod 2^2n
        return Word.of(acc);
    }

    /** x_j ∧ y_i, negated where exactly one of them is a sign bit (weight −2^(i+j)). */
    private static int partial(CircuitBuilder b, Word x, Word y, int j, int i) {
        int p = b.and(x.bit(j), y.bit(i));
        int top = x.width() - 1;
        return (j == top) != (i == top) ? b.not(p) : p;
    }

    /**
     * The number of ones in {@code x} (popcount, Hamming weight), as a word of the bit length of
     * n (enough for n), by column compression: full adders (3 bits of one weight → 1 bit of that
     * weight and 1 carry, one AND) and, where a column ends with two bits, a half adder (one
     * AND): n − HW(n) ANDs in total (HW = number of ones of n in binary).
     */
    public static Word popcount(CircuitBuilder b, Word x) {
        int n = x.width();
        int width = 32 - Integer.numberOfLeadingZeros(n);
        List<List<Integer>> cols = new ArrayList<>();
        for (int j = 0; j <= width; j++) {
            cols.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            cols.get(0).add(x.bit(i));
        }
        int[] out = new int[width];
        for (int j = 0; j < width; j++) {
            List<Integer> col = cols.get(j);
            int k = 0; // bits consumed from the front; results appended at the end
            while (col.size() - k >= 3) {
                int a = col.get(k);
                int c = col.get(k + 1);
                int d = col.get(k + 2);
                k += 3;
                // full adder: s = a ⊕ c ⊕ d, carry = a ⊕ ((a ⊕ c) ∧ (a ⊕ d))
                int ac = b.xor(a, c);
                col.add(b.xor(ac, d));
                cols.get(j + 1).add(b.xor(a, b.and(ac, b.xor(a, d))));
            }
            if (col.size() - k == 2) {
                int a = col.get(k);
                int c = col.get(k + 1);
                col.add(b.xor(a, c));
                cols.get(j + 1).add(b.and(a, c));
                k += 2;
            }
            out[j] = col.size() - k == 1 ? col.get(k) : CircuitBuilder.ZERO;
        }
        return Word.of(out);
    }

    /** Each bit {@code x & bit}: one AND per bit. */
    public static Word andBit(CircuitBuilder b, Word x, int bit) {
        int[] r = new int[x.width()];
        for (int i = 0; i < r.length; i++) {
            r[i] = b.and(x.bit(i), bit);
        }
        return Word.of(r);
    }

    private static void sameWidth(Word x, Word y) {
        if (x.width() != y.width()) {
            throw new IllegalArgumentException("operands of different widths: " + x.width() + " and " + y.width());
        }
    }
}
