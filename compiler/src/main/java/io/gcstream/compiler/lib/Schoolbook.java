package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.internal.Arithmetic;
import java.util.function.UnaryOperator;

/**
 * Schoolbook multiplication of two n-bit unsigned values into the full 2n-bit product (bit 0
 * least significant; the low half of the product in bits 0…n−1, the high half above). Row 0
 * is {@code x ∧ y₀}; each further row is one call of the sub-circuit {@code mul_row<n>}
 * ({@code acc + x·yᵢ}: n partial-product ANDs and an n-bit adder with carry out, n ANDs) on
 * bits i…i+n of the accumulator. Non-linear gates: n + (n−1)·2n = 2n² − n (32,640 for
 * n = 128), asserted by the tests. This is the library's {@code mult<n>}: the DSL's
 * {@code UInt.mulFull} ({@link Arithmetic#mulFull}) with its rows as calls.
 */
final class Schoolbook {
    /**
     * Largest n: the main circuit lists n − 1 row calls of 3n + 2 wires each, so compiling it
     * takes time and heap that grow as n²; mult2048 builds in about 1 GB.
     */
    static final int MAX_WIDTH = 2048;

    private final CircuitBuilder b;
    private final int n;
    private UnaryOperator<Word> row;

    /** Multiplies n-bit words in {@code b}; the row sub-circuit is defined on first use. */
    Schoolbook(CircuitBuilder b, int n) {
        this.b = b;
        this.n = checkWidth(n);
    }

    /** {@code 2n² − n}: the non-linear gates of one multiplication. */
    static long nonLinearGates(int n) {
        return 2L * n * n - n;
    }

    /** The product of n-bit {@code x} and {@code y} (2n bits), in the body being built. */
    Word multiply(Word x, Word y) {
        if (x.width() != n || y.width() != n) {
            throw new IllegalArgumentException("operands of " + x.width() + " and " + y.width()
                    + " bits for an " + n + "-bit multiplier");
        }
        return Arithmetic.mulFull(b, x, y, (acc, i) -> {
            if (row == null) {
                row = b.define("mul_row" + n, 2 * n + 1,
                        in -> Arithmetic.mulRow(b, in.slice(0, n), in.slice(n, 2 * n), in.bit(2 * n)));
            }
            return row.apply(acc.concat(x).concat(Word.of(y.bit(i))));
        });
    }

    /** {@code mult<n>}: x from the creator, y from the evaluator, the 2n-bit product to both. */
    static Circuit circuit(int n) {
        CircuitBuilder b = new CircuitBuilder();
        Word x = b.creatorInput(n);
        Word y = b.evaluatorInput(n);
        Word p = new Schoolbook(b, n).multiply(x, y);
        b.creatorOutput(p);
        b.evaluatorOutput(p);
        return b.build();
    }

    static int checkWidth(int n) {
        if (n < 1 || n > MAX_WIDTH) {
            throw new IllegalArgumentException("parameter n must be between 1 and " + MAX_WIDTH + ", got " + n
                    + (n > MAX_WIDTH ? " (larger ones take minutes and gigabytes to compile; karatsuba<n> goes further)" : ""));
        }
        return n;
    }
}
