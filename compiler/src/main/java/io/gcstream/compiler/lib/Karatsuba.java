package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.compiler.internal.Access;
import io.gcstream.compiler.internal.Arithmetic;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Karatsuba–Ofman multiplication of two n-bit unsigned values into the full 2n-bit product:
 * {@link #multiply} in a computation, the same product as {@link UInt#mulFull} with fewer
 * ANDs from n = 12 on (15,320 against 32,640 for n = 128). The library's {@code karatsuba<n>}
 * is one such product of the creator's x and the evaluator's y, output to both.
 *
 * <p>One step, with h = ⌈n/2⌉, l = n − h, x = x₁·2ʰ + x₀ and y likewise: z₀ = x₀y₀,
 * z₂ = x₁y₁ and D = |x₀ − x₁|·|y₀ − y₁| are three recursive products (the subtractive form:
 * the middle operands keep h bits, where the additive form's sums x₀ + x₁ need h + 1 and the
 * middle product grows by about 4h ANDs); then z₁ = z₀ + z₂ ∓ D, computed mod 2ⁿ⁺¹ (z₁ = x₀y₁ +
 * x₁y₀ &lt; 2ⁿ⁺¹), the sign being that of (x₀ − x₁)(y₀ − y₁); and xy = z₀ + z₁·2ʰ + z₂·2²ʰ, where
 * z₀ and z₂·2²ʰ do not overlap, so one adder suffices. ANDs per step besides the products:
 * 2(2h − 1) for the two absolute differences (borrow-out subtraction, then a conditional
 * negation whose increment costs h − 1), n + n for z₁ and 2n − h − 1 for the last addition:
 * K(n) = 2K(h) + K(l) + 3h + 4n − 3.
 *
 * <p>Base case: schoolbook ({@code UInt.mulFull}, 2n² − n ANDs) for n ≤ the threshold.
 * The threshold, 11, is the result of a search over thresholds 1…64 for every n in
 * 16…256 ({@code KaratsubaTest.thresholdSearch}, on {@code nonLinearGates}, which the tests
 * check against built circuits): it has the smallest total and is optimal for 208 of those 241
 * widths (thresholds 9 and 10: 188 and 155). A step beats schoolbook at n = 10 (187 against
 * 190 ANDs) and from n = 12 on, not at n = 11 (236 against 231). For n = 128 every threshold
 * from 8 to 15 gives the recursion 128 → 64 → 32 → 16 → 8 and 15,320 non-linear gates, against
 * the paper's 17,973 and the 17,125 of ME-SFE's {@code FMUL_128_128}.
 *
 * <p>Sub-circuits: each size m met in the recursion is defined once, as {@code karatsuba<m>}
 * (one step whose three products are calls) or {@code mul<m>} (schoolbook, flat), once per
 * computation; the top step is written into the body being built. A recursion level has at
 * most two sizes, so there are O(log n) definitions, and the bodies together hold O(n) gates.
 */
public final class Karatsuba {
    /** Schoolbook for n ≤ THRESHOLD, a Karatsuba step above: the fewest non-linear gates found. */
    static final int THRESHOLD = 11;
    /**
     * Largest n accepted by {@link #circuit(int)}. The bound is compile time: the compiler's
     * reordering pass grows steeply with the width of a call, so twice this width takes several
     * times as long to compile.
     */
    static final int MAX_WIDTH = 4096;

    private final CircuitBuilder b;
    private final int threshold;
    private final Map<Integer, UnaryOperator<Word>> products = new HashMap<>();

    /**
     * The full product {@code x · y} of two unsigned values of one width n ≥ 1, in 2n bits, in
     * the body being built: K(n) ANDs (see the class comment; fewer than {@code mulFull}'s
     * 2n² − n from n = 12 on). The first product of a width in a computation defines the
     * sub-circuits {@code karatsuba<m>} and {@code mul<m>} for the sizes m of its recursion,
     * so those names are taken in it; a later one calls them again.
     *
     * @throws IllegalArgumentException if the widths differ, or the values belong to different
     *     computations or to another body, or a name it defines is taken
     */
    public static UInt multiply(UInt x, UInt y) {
        Access.Dsl dsl = Access.dsl();
        Computation c = dsl.computation(x, y);
        Karatsuba k = dsl.local(c, Karatsuba.class, () -> new Karatsuba(dsl.builder(c)));
        return dsl.uint(c, k.multiply(dsl.word(x), dsl.word(y)));
    }

    /** Multiplies in {@code b} with the tuned {@link #THRESHOLD}. */
    Karatsuba(CircuitBuilder b) {
        this(b, THRESHOLD);
    }

    /** Multiplies in {@code b}, schoolbook for widths up to {@code threshold} (at least 1). */
    Karatsuba(CircuitBuilder b, int threshold) {
        if (threshold < 1) {
            throw new IllegalArgumentException("threshold must be at least 1, got " + threshold);
        }
        this.b = b;
        this.threshold = threshold;
    }

    /** {@code K(n)}: the non-linear gates of one n-bit multiplication (see the class comment). */
    static long nonLinearGates(int n, int threshold) {
        if (n <= threshold) {
            return Schoolbook.nonLinearGates(n);
        }
        int h = (n + 1) / 2;
        return 2 * nonLinearGates(h, threshold) + nonLinearGates(n - h, threshold) + 3L * h + 4L * n - 3;
    }

    /** The product of {@code x} and {@code y} (same width n ≥ 1; 2n bits), in the body being built. */
    Word multiply(Word x, Word y) {
        if (x.width() != y.width() || x.width() < 1) {
            throw new IllegalArgumentException("operands of " + x.width() + " and " + y.width() + " bits");
        }
        int n = x.width();
        if (n <= threshold) {
            return Arithmetic.mulFull(b, x, y);
        }
        int h = (n + 1) / 2;
        Word x0 = x.slice(0, h);
        Word x1 = x.slice(h, n);
        Word y0 = y.slice(0, h);
        Word y1 = y.slice(h, n);
        Word dx = absDiff(x0, x1);
        Word dy = absDiff(y0, y1);
        // The sign bits of x0 − x1 and y0 − y1 are the top bits of dx and dy.
        Word d = product(dx.slice(0, h), dy.slice(0, h));
        Word z0 = product(x0, y0);
        Word z2 = product(x1, y1);
        int w = n + 1;
        Word t = Arithmetic.add(b, extend(z0, w), extend(z2, w));
        // z1 = t − D if the signs agree (D = (x0 − x1)(y0 − y1) ≥ 0), else t + |D|.
        int subtract = b.gate(TruthTable.XNOR, dx.bit(h), dy.bit(h));
        Word z1 = Arithmetic.addCarry(b, t, b.xor(extend(d, w), fill(subtract, w)), subtract, false);
        Word hi = Arithmetic.add(b, z0.concat(z2).slice(h, 2 * n), extend(z1, 2 * n - h));
        return z0.slice(0, h).concat(hi);
    }

    /** |x0 − x1| in the low h bits, then the sign bit (1 if x0 &lt; x1): 2h − 1 ANDs. */
    private Word absDiff(Word x0, Word x1) {
        int h = x0.width();
        Word diff = Arithmetic.addCarry(b, x0, b.not(extend(x1, h)), CircuitBuilder.ONE, true);
        int negative = b.not(diff.bit(diff.width() - 1));
        Word flipped = b.xor(diff.slice(0, h), fill(negative, h));
        Word abs = Arithmetic.addCarry(b, flipped, b.constant(0, h), negative, false);
        return abs.concat(Word.of(negative));
    }

    /** The product of two m-bit words as a call of the size-m sub-circuit (defined on first use). */
    private Word product(Word x, Word y) {
        int m = x.width();
        UnaryOperator<Word> f = products.get(m);
        if (f == null) {
            String name = (m <= threshold ? "mul" : "karatsuba") + m;
            f = b.define(name, 2 * m, in -> multiply(in.slice(0, m), in.slice(m, 2 * m)));
            products.put(m, f);
        }
        return f.apply(x.concat(y));
    }

    private Word extend(Word v, int width) {
        return v.concat(b.constant(0, width - v.width()));
    }

    private static Word fill(int bit, int width) {
        int[] w = new int[width];
        Arrays.fill(w, bit);
        return Word.of(w);
    }

    /** {@code karatsuba<n>}: x from the creator, y from the evaluator, the 2n-bit product to both. */
    static Circuit circuit(int n) {
        return circuit(n, THRESHOLD);
    }

    /** As {@link #circuit(int)} with another base-case threshold (for the search). */
    static Circuit circuit(int n, int threshold) {
        if (n < 1 || n > MAX_WIDTH) {
            throw new IllegalArgumentException("parameter n must be between 1 and " + MAX_WIDTH + ", got " + n
                    + (n > MAX_WIDTH ? " (larger products take too long to compile)" : ""));
        }
        CircuitBuilder b = new CircuitBuilder();
        Word x = b.creatorInput(n);
        Word y = b.evaluatorInput(n);
        Word p = new Karatsuba(b, threshold).multiply(x, y);
        b.creatorOutput(p);
        b.evaluatorOutput(p);
        return b.build();
    }
}
