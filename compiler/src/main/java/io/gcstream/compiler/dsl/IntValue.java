package io.gcstream.compiler.dsl;

import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.internal.Arithmetic;
import java.math.BigInteger;

/**
 * An integer of a fixed width, bit 0 the least significant: unsigned ({@link UInt}) or two's
 * complement ({@link SInt}). Arithmetic wraps modulo 2^width like Java's {@code int}; both
 * operands of a binary operation have the same type and width (make them so with
 * {@link #extend} or {@link #truncate}, else {@link IllegalArgumentException}). A {@code long}
 * operand is a constant of this value's type and must fit it. AND gates per operation, for
 * operands that are not constants (constants make it cheaper), n = width:
 *
 * <table>
 *   <caption>AND gates</caption>
 *   <tr><td>{@code xor}, {@code not}, shifts and rotations by a constant, {@code extend},
 *       {@code truncate}</td><td>0</td></tr>
 *   <tr><td>{@code add}, {@code sub}</td><td>n − 1</td></tr>
 *   <tr><td>{@code negate}</td><td>n − 2 (n ≥ 2)</td></tr>
 *   <tr><td>{@code mul} (mod 2^n)</td><td>n² − n + 1</td></tr>
 *   <tr><td>{@code lessThan}, {@code greaterThan}, {@code lessOrEqual}, {@code greaterOrEqual}</td><td>n</td></tr>
 *   <tr><td>{@code equalTo}</td><td>n − 1</td></tr>
 *   <tr><td>{@code min}, {@code max}</td><td>2n</td></tr>
 *   <tr><td>{@code and}, {@code or}, {@link Bit#select}</td><td>n</td></tr>
 *   <tr><td>{@code bitCount}</td><td>n − (number of ones of n)</td></tr>
 *   <tr><td>{@code shiftLeft(UInt)}, {@code shiftRight(UInt)} by a k-bit amount</td>
 *       <td>n·min(k, L) + (k &gt; L ? k − L − 1 + n : 0), L = bit length of n − 1 (signed right
 *       shift: n − 1 in place of n)</td></tr>
 * </table>
 *
 * @param <T> the concrete class, {@link UInt} or {@link SInt}
 */
public abstract sealed class IntValue<T extends IntValue<T>> extends Value permits UInt, SInt {
    IntValue(Computation c, Word w) {
        super(c, w);
        Type.checkWidth(w.width());
    }

    abstract boolean signed();

    /** A value of this class over {@code w}. */
    abstract T wrap(Word w);

    @Override
    public abstract Type<T> type();

    /** The constant {@code v} of this type, range-checked. */
    private T constant(long v) {
        BigInteger big = Values.ofLong(type(), v);
        return signed() ? wrap(computation.sint(big, width()).word) : wrap(computation.uint(big, width()).word);
    }

    private CircuitBuilder use(T y) {
        CircuitBuilder b = computation.use(this, y);
        if (!type().equals(y.type())) {
            throw new IllegalArgumentException("operands " + type() + " and " + y.type()
                    + ": make them the same type and width first (extend, truncate, asSigned, asUnsigned)");
        }
        return b;
    }

    private Bit bit1(int wire) {
        return new Bit(computation, Word.of(wire));
    }

    // ---- bits ---------------------------------------------------------------------------

    /** Bit {@code i} (0 = least significant); free. */
    public Bit bit(int i) {
        computation.use(this);
        if (i < 0 || i >= width()) {
            throw new IllegalArgumentException("bit " + i + " of a " + type());
        }
        return bit1(word.bit(i));
    }

    /** The bits, bit 0 first; free. */
    public Bit[] bits() {
        Bit[] r = new Bit[width()];
        for (int i = 0; i < r.length; i++) {
            r[i] = bit(i);
        }
        return r;
    }

    // ---- arithmetic ---------------------------------------------------------------------

    /** {@code this + y mod 2^n}: n − 1 ANDs. */
    public T add(T y) {
        return wrap(Arithmetic.add(use(y), word, y.word));
    }

    /** {@code this + v mod 2^n} for a constant v of this type. */
    public T add(long v) {
        return add(constant(v));
    }

    /** {@code this − y mod 2^n}: n − 1 ANDs. */
    public T sub(T y) {
        return wrap(Arithmetic.sub(use(y), word, y.word));
    }

    /** {@code this − v mod 2^n} for a constant v of this type. */
    public T sub(long v) {
        return sub(constant(v));
    }

    /** {@code −this mod 2^n}: n − 2 ANDs (n ≥ 2). */
    public T negate() {
        return wrap(Arithmetic.negate(computation.use(this), word));
    }

    /** {@code this · y mod 2^n} (the low half of the product, signed or not): n² − n + 1 ANDs. */
    public T mul(T y) {
        return wrap(Arithmetic.mul(use(y), word, y.word));
    }

    /** {@code this · v mod 2^n} for a constant v of this type (adders for its one bits only). */
    public T mul(long v) {
        return mul(constant(v));
    }

    // ---- bitwise ------------------------------------------------------------------------

    /** Bitwise AND: n ANDs. */
    public T and(T y) {
        return wrap(use(y).and(word, y.word));
    }

    /** Bitwise OR: n ANDs. */
    public T or(T y) {
        return wrap(use(y).or(word, y.word));
    }

    /** Bitwise XOR: free. */
    public T xor(T y) {
        return wrap(use(y).xor(word, y.word));
    }

    /** Bitwise NOT: free. */
    public T not() {
        return wrap(computation.use(this).not(word));
    }

    /** The number of one bits (popcount) as an unsigned value of the bit length of n: n − HW(n) ANDs. */
    public UInt bitCount() {
        return new UInt(computation, Arithmetic.popcount(computation.use(this), word));
    }

    // ---- shifts -------------------------------------------------------------------------

    /** {@code this << k} (zeros shifted in; k ≥ n gives 0): free. */
    public T shiftLeft(int k) {
        return wrap(shifted(k, true));
    }

    /**
     * {@code this >> k}: zeros shifted in for {@link UInt} ({@code >>>}), copies of the sign
     * for {@link SInt} ({@code >>}); free.
     */
    public T shiftRight(int k) {
        return wrap(shifted(k, false));
    }

    private Word shifted(int k, boolean left) {
        computation.use(this);
        if (k < 0) {
            throw new IllegalArgumentException("negative shift " + k);
        }
        int n = width();
        int fill = fill(left);
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            long from = left ? (long) i - k : (long) i + k;
            r[i] = from >= 0 && from < n ? word.bit((int) from) : fill;
        }
        return Word.of(r);
    }

    /** What a shift brings in: 0, or the sign for a signed right shift. */
    private int fill(boolean left) {
        return !left && signed() ? word.bit(word.width() - 1) : CircuitBuilder.ZERO;
    }

    /** Rotated left by {@code k} (any int, taken mod n; a negative k rotates right): free. */
    public T rotateLeft(int k) {
        computation.use(this);
        int n = width();
        int s = Math.floorMod(k, n);
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[(i + s) % n] = word.bit(i);
        }
        return wrap(Word.of(r));
    }

    /**
     * {@code this << amount} for a secret amount (amount ≥ n gives 0): a barrel shifter, one
     * multiplexer layer per bit of the amount below n, and one mask for the amount's higher bits.
     */
    public T shiftLeft(UInt amount) {
        return wrap(barrel(amount, true));
    }

    /** {@code this >> amount} for a secret amount, as {@link #shiftRight(int)} (amount ≥ n: 0, or the sign). */
    public T shiftRight(UInt amount) {
        return wrap(barrel(amount, false));
    }

    private Word barrel(UInt amount, boolean left) {
        CircuitBuilder b = computation.use(this, amount);
        int n = width();
        int k = amount.width();
        int stages = 32 - Integer.numberOfLeadingZeros(n - 1); // amounts 0..n-1
        int fill = fill(left);
        int[] cur = word.wires();
        for (int i = 0; i < Math.min(k, stages); i++) {
            int s = amount.word.bit(i);
            int d = 1 << i;
            int[] next = new int[n];
            for (int j = 0; j < n; j++) {
                int from = left ? j - d : j + d;
                next[j] = b.mux(s, cur[j], from >= 0 && from < n ? cur[from] : fill);
            }
            cur = next;
        }
        if (k > stages) {
            int over = amount.word.bit(stages);
            for (int i = stages + 1; i < k; i++) {
                over = b.or(over, amount.word.bit(i));
            }
            for (int j = 0; j < n; j++) {
                cur[j] = b.mux(over, cur[j], fill);
            }
        }
        return Word.of(cur);
    }

    // ---- comparisons --------------------------------------------------------------------

    /** {@code this == y}: n − 1 ANDs (its {@link Bit#not()} is {@code this != y}, free). */
    public Bit equalTo(T y) {
        return bit1(Arithmetic.equal(use(y), word, y.word));
    }

    /** {@code this == v} for a constant v of this type. */
    public Bit equalTo(long v) {
        return equalTo(constant(v));
    }

    /** {@code this < y} (signed or unsigned by type): n ANDs. */
    public Bit lessThan(T y) {
        CircuitBuilder b = use(y);
        return bit1(signed() ? Arithmetic.lessThanSigned(b, word, y.word) : Arithmetic.lessThan(b, word, y.word));
    }

    /** {@code this < v} for a constant v of this type. */
    public Bit lessThan(long v) {
        return lessThan(constant(v));
    }

    /** {@code this > y}: n ANDs. */
    public Bit greaterThan(T y) {
        return greaterThan(y, computation.bit(false));
    }

    /** {@code this > v} for a constant v of this type. */
    public Bit greaterThan(long v) {
        return greaterThan(constant(v));
    }

    /**
     * {@code this > y}, or {@code ifEqual} where they are equal: n ANDs (the carry out of
     * this + ¬y + ifEqual). Compares numbers held in pieces, least significant piece first:
     * {@code hi.greaterThan(hi2, lo.greaterThan(lo2))}; {@code y.greaterThan(this, ifEqual)} is
     * the other way round.
     */
    public Bit greaterThan(T y, Bit ifEqual) {
        CircuitBuilder b = use(y);
        computation.use(ifEqual);
        Word x = signed() ? flipSign(b, word) : word;
        Word z = signed() ? flipSign(b, y.word) : y.word;
        return bit1(top(Arithmetic.addCarry(b, x, b.not(z), ifEqual.wire(), true)));
    }

    /** The most significant wire of {@code w}. */
    private static int top(Word w) {
        return w.bit(w.width() - 1);
    }

    private static Word flipSign(CircuitBuilder b, Word w) {
        int n = w.width();
        return w.slice(0, n - 1).concat(Word.of(b.not(w.bit(w.width() - 1))));
    }

    /** {@code this <= y}: n ANDs. */
    public Bit lessOrEqual(T y) {
        return greaterThan(y).not();
    }

    /** {@code this <= v} for a constant v of this type. */
    public Bit lessOrEqual(long v) {
        return lessOrEqual(constant(v));
    }

    /** {@code this >= y}: n ANDs. */
    public Bit greaterOrEqual(T y) {
        return lessThan(y).not();
    }

    /** {@code this >= v} for a constant v of this type. */
    public Bit greaterOrEqual(long v) {
        return greaterOrEqual(constant(v));
    }

    /** The smaller of the two: 2n ANDs (a comparison and a select). */
    public T min(T y) {
        return lessThan(y).select(self(), y);
    }

    /** The larger of the two: 2n ANDs. */
    public T max(T y) {
        return lessThan(y).select(y, self());
    }

    // ---- width --------------------------------------------------------------------------

    /**
     * The same value in {@code width ≥ n} bits: zeros above for {@link UInt}, copies of the sign
     * for {@link SInt}; free.
     */
    public T extend(int width) {
        computation.use(this);
        if (width < width()) {
            throw new IllegalArgumentException("extend a " + type() + " to " + width + " bits: use truncate");
        }
        int[] r = new int[width];
        int fill = signed() ? word.bit(word.width() - 1) : CircuitBuilder.ZERO;
        for (int i = 0; i < width; i++) {
            r[i] = i < width() ? word.bit(i) : fill;
        }
        return wrap(Word.of(r));
    }

    /** The low {@code width} bits (1 ≤ width ≤ n), i.e. the value mod 2^width; free. */
    public T truncate(int width) {
        computation.use(this);
        if (width < 1 || width > width()) {
            throw new IllegalArgumentException("truncate a " + type() + " to " + width + " bits");
        }
        return wrap(word.slice(0, width));
    }

    @SuppressWarnings("unchecked")
    private T self() {
        return (T) this;
    }
}
