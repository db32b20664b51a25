package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.Arithmetic;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.SubCircuitDef;
import io.gcstream.compiler.Word;

/**
 * Schoolbook multiplication of two n-bit unsigned values into the full 2n-bit product (bit 0
 * least significant; the low half of the product in bits 0…n−1, the high half above). Row 0
 * is {@code x ∧ y₀}; each further row is one call of the sub-circuit {@code mul_row<n>}
 * ({@code acc + x·yᵢ}: n partial-product ANDs and an n-bit adder with carry out, n ANDs) on
 * bits i…i+n of the accumulator. Non-linear gates: n + (n−1)·2n = 2n² − n (32,640 for
 * n = 128), asserted by the tests. This is the library's {@code mult<n>}.
 */
public final class Schoolbook {
    /**
     * Largest n: the main circuit lists n − 1 row calls of 3n + 2 wires each, so compiling it
     * takes time and heap that grow as n²; mult2048 builds in about 1 GB.
     */
    public static final int MAX_WIDTH = 2048;

    private final CircuitBuilder b;
    private final int n;
    private SubCircuitDef row;

    /** Multiplies n-bit words in {@code b}; the row sub-circuit is defined on first use. */
    public Schoolbook(CircuitBuilder b, int n) {
        this.b = b;
        this.n = checkWidth(n);
    }

    /** {@code 2n² − n}: the non-linear gates of one multiplication. */
    public static long nonLinearGates(int n) {
        return 2L * n * n - n;
    }

    /** The product of n-bit {@code x} and {@code y} (2n bits), in the body being built. */
    public Word multiply(Word x, Word y) {
        if (x.width() != n || y.width() != n) {
            throw new IllegalArgumentException("operands of " + x.width() + " and " + y.width()
                    + " bits for an " + n + "-bit multiplier");
        }
        int[] acc = new int[2 * n];
        System.arraycopy(b.and(x, y.bit(0)).wires(), 0, acc, 0, n);
        // acc[n..2n) start as the constant 0; row i writes bits i..i+n.
        for (int i = 1; i < n; i++) {
            if (row == null) {
                row = b.define("mul_row" + n, 2 * n + 1, this::rowBody);
            }
            Word sum = row.call(Word.of(acc).slice(i, i + n), x, Word.of(y.bit(i)));
            System.arraycopy(sum.wires(), 0, acc, i, n + 1);
        }
        return Word.of(acc);
    }

    /** acc (n bits) + x (n bits) · bit → n + 1 bits: 2n ANDs. */
    private Word rowBody(Word in) {
        Word acc = in.slice(0, n);
        Word partial = b.and(in.slice(n, 2 * n), in.bit(2 * n));
        return Arithmetic.addWithCarry(b, acc, partial);
    }

    /** {@code mult<n>}: x from the creator, y from the evaluator, the 2n-bit product to both. */
    public static Circuit circuit(int n) {
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
