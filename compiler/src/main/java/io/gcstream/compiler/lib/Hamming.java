package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.Arithmetic;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.UInt;

/**
 * Hamming weight and distance. The weight of n bits is counted by column compression with
 * full adders (3 bits of one weight → 1 bit of that weight and 1 carry, one AND) and, where a
 * column ends with two bits, a half adder (one AND): n − HW(n) ANDs in total (HW = number of
 * ones of n in binary), asserted by the tests; in the DSL, {@link UInt#bitCount()}.
 */
public final class Hamming {
    private Hamming() {
    }

    /** The number of ones in {@code x}, as a word of bit length of n: {@link Arithmetic#popcount}. */
    public static Word weight(CircuitBuilder b, Word x) {
        return Arithmetic.popcount(b, x);
    }

    /** The number of positions where {@code x} and {@code y} differ. */
    public static Word distance(CircuitBuilder b, Word x, Word y) {
        return weight(b, b.xor(x, y));
    }

    /** Hamming distance of the creator's and the evaluator's n-bit inputs, output to both. */
    public static Circuit circuit(int n) {
        Computation c = new Computation();
        UInt x = c.creator().uint(n);
        UInt y = c.evaluator().uint(n);
        UInt d = x.xor(y).bitCount();
        c.creator().output(d);
        c.evaluator().output(d);
        return c.build();
    }
}
