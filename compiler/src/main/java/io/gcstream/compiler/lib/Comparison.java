package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.Arithmetic;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.SubCircuitDef;
import io.gcstream.compiler.Word;
import java.util.HashMap;
import java.util.Map;

/**
 * Comparisons of two unsigned n-bit values, in chunks of up to {@value #CHUNK} bits, each chunk
 * one call of a sub-circuit defined once per chunk width (a full one and the remainder), so
 * the main circuit holds about n/64 calls.
 *
 * <ul>
 *   <li>{@link #greaterThan}: x &gt; y is the carry out of x + ¬y (x + 2ⁿ − 1 − y ≥ 2ⁿ iff
 *       x ≥ y + 1), a carry chain of one AND per bit: n non-linear gates. Chunk {@code gt<k>}
 *       takes (x, y, carry in) and gives the carry out. The library's {@code millionaires<n>}.
 *   <li>{@link #equal}: XNOR per bit and an AND tree: n − 1 non-linear gates. Chunk
 *       {@code eq<k>} gives its chunk's equality (k − 1 ANDs), the chunks' bits are ANDed. The
 *       library's {@code equal<n>}.
 * </ul>
 */
public final class Comparison {
    /** Bits per chunk sub-circuit. */
    public static final int CHUNK = 64;
    /** Largest n accepted by {@link #millionaires} and {@link #equalCircuit}: about 1 GB to build. */
    public static final int MAX_WIDTH = 1 << 21;

    private final CircuitBuilder b;
    private final Map<Integer, SubCircuitDef> greater = new HashMap<>();
    private final Map<Integer, SubCircuitDef> equal = new HashMap<>();

    /** Compares in {@code b}; chunk sub-circuits are defined on first use. */
    public Comparison(CircuitBuilder b) {
        this.b = b;
    }

    /** Unsigned x &gt; y (1 bit): n ANDs. */
    public int greaterThan(Word x, Word y) {
        int n = sameWidth(x, y);
        int carry = CircuitBuilder.ZERO;
        for (int from = 0; from < n; from += CHUNK) {
            int to = Math.min(n, from + CHUNK);
            SubCircuitDef f = greater.computeIfAbsent(to - from, k -> b.define("gt" + k, 2 * k + 1, in -> {
                Word carryOut = Arithmetic.addCarry(b, in.slice(0, k), b.not(in.slice(k, 2 * k)), in.bit(2 * k), true);
                return Word.of(carryOut.msb());
            }));
            carry = f.call(x.slice(from, to), y.slice(from, to), Word.of(carry)).bit(0);
        }
        return carry;
    }

    /** x = y (1 bit): n − 1 ANDs. */
    public int equal(Word x, Word y) {
        int n = sameWidth(x, y);
        int all = CircuitBuilder.ONE;
        for (int from = 0; from < n; from += CHUNK) {
            int to = Math.min(n, from + CHUNK);
            SubCircuitDef f = equal.computeIfAbsent(to - from, k -> b.define("eq" + k, 2 * k,
                    in -> Word.of(Arithmetic.equal(b, in.slice(0, k), in.slice(k, 2 * k)))));
            int e = f.call(x.slice(from, to), y.slice(from, to)).bit(0);
            all = from == 0 ? e : b.and(all, e);
        }
        return all;
    }

    private static int sameWidth(Word x, Word y) {
        if (x.width() != y.width() || x.width() < 1) {
            throw new IllegalArgumentException("operands of " + x.width() + " and " + y.width() + " bits");
        }
        return x.width();
    }

    /** {@code millionaires<n>}: 1 if the creator's value is greater than the evaluator's, to both. */
    public static Circuit millionaires(int n) {
        return circuit(n, true);
    }

    /** {@code equal<n>}: 1 if the two values are equal, to both. */
    public static Circuit equalCircuit(int n) {
        return circuit(n, false);
    }

    private static Circuit circuit(int n, boolean greater) {
        if (n < 1 || n > MAX_WIDTH) {
            throw new IllegalArgumentException("parameter n must be between 1 and " + MAX_WIDTH + ", got " + n
                    + (n > MAX_WIDTH ? " (building it would need too much memory)" : ""));
        }
        CircuitBuilder b = new CircuitBuilder();
        Word x = b.creatorInput(n);
        Word y = b.evaluatorInput(n);
        Comparison c = new Comparison(b);
        Word r = Word.of(greater ? c.greaterThan(x, y) : c.equal(x, y));
        b.creatorOutput(r);
        b.evaluatorOutput(r);
        return b.build();
    }
}
