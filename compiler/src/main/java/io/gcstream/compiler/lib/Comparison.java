package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.dsl.Bit;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Computation.Function3;
import io.gcstream.compiler.dsl.Type;
import io.gcstream.compiler.dsl.UInt;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The library's {@code millionaires<n>} and {@code equal<n>}: comparisons of two unsigned n-bit
 * values, in chunks of up to {@value #CHUNK} bits, each chunk
 * one call of a sub-circuit defined once per chunk width (a full one and the remainder), so
 * the main circuit holds about n/64 calls.
 *
 * <ul>
 *   <li>{@link #greaterThan}: x &gt; y, one AND per bit: n non-linear gates. Chunk
 *       {@code gt<k>} takes (x, y, the result of the lower chunks) and gives
 *       {@code x > y, or the lower result if x = y} ({@link UInt#greaterThan(io.gcstream.compiler.dsl.IntValue, Bit)}).
 *       The library's {@code millionaires<n>}.
 *   <li>{@link #equal}: n − 1 non-linear gates. Chunk {@code eq<k>} gives its chunk's equality
 *       (k − 1 ANDs), the chunks' bits are ANDed. The library's {@code equal<n>}.
 * </ul>
 */
final class Comparison {
    /** Bits per chunk sub-circuit. */
    static final int CHUNK = 64;
    /** Largest n accepted by {@link #millionaires} and {@link #equalCircuit}: about 1 GB to build. */
    static final int MAX_WIDTH = 1 << 21;

    private final Computation c;
    private final Map<Integer, Function3<UInt, UInt, Bit, Bit>> greater = new HashMap<>();
    private final Map<Integer, BiFunction<UInt, UInt, Bit>> equal = new HashMap<>();

    /** Compares in {@code c}; chunk sub-circuits are defined on first use. */
    Comparison(Computation c) {
        this.c = c;
    }

    /** Unsigned x &gt; y: n ANDs. */
    Bit greaterThan(UInt x, UInt y) {
        int n = sameWidth(x, y);
        Bit result = c.bit(false);
        for (int from = 0; from < n; from += CHUNK) {
            int to = Math.min(n, from + CHUNK);
            Function3<UInt, UInt, Bit, Bit> f = greater.computeIfAbsent(to - from, k -> c.define("gt" + k,
                    Type.uint(k), Type.uint(k), Type.bit(), (a, b, lower) -> a.greaterThan(b, lower)));
            result = f.apply(x.slice(from, to), y.slice(from, to), result);
        }
        return result;
    }

    /** x = y: n − 1 ANDs. */
    Bit equal(UInt x, UInt y) {
        int n = sameWidth(x, y);
        Bit all = c.bit(true);
        for (int from = 0; from < n; from += CHUNK) {
            int to = Math.min(n, from + CHUNK);
            BiFunction<UInt, UInt, Bit> f = equal.computeIfAbsent(to - from,
                    k -> c.define("eq" + k, Type.uint(k), Type.uint(k), UInt::equalTo));
            Bit e = f.apply(x.slice(from, to), y.slice(from, to));
            all = from == 0 ? e : all.and(e);
        }
        return all;
    }

    private static int sameWidth(UInt x, UInt y) {
        if (x.width() != y.width()) {
            throw new IllegalArgumentException("operands of " + x.width() + " and " + y.width() + " bits");
        }
        return x.width();
    }

    /** {@code millionaires<n>}: 1 if the creator's value is greater than the evaluator's, to both. */
    static Circuit millionaires(int n) {
        return circuit(n, true);
    }

    /** {@code equal<n>}: 1 if the two values are equal, to both. */
    static Circuit equalCircuit(int n) {
        return circuit(n, false);
    }

    private static Circuit circuit(int n, boolean greater) {
        if (n < 1 || n > MAX_WIDTH) {
            throw new IllegalArgumentException("parameter n must be between 1 and " + MAX_WIDTH + ", got " + n
                    + (n > MAX_WIDTH ? " (building it would need too much memory)" : ""));
        }
        Computation c = new Computation();
        UInt x = c.creator().uint(n);
        UInt y = c.evaluator().uint(n);
        Comparison compare = new Comparison(c);
        Bit r = greater ? compare.greaterThan(x, y) : compare.equal(x, y);
        c.creator().output(r);
        c.evaluator().output(r);
        return c.build();
    }
}
