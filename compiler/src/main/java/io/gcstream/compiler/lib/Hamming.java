package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.UInt;

/**
 * The library's {@code hamming<n>}: the Hamming distance of two n-bit strings, the weight of
 * their XOR by {@link UInt#bitCount()} (n − HW(n) ANDs, HW = number of ones of n in binary).
 */
final class Hamming {
    private Hamming() {
    }

    /** Hamming distance of the creator's and the evaluator's n-bit inputs, output to both. */
    static Circuit circuit(int n) {
        Computation c = new Computation();
        UInt x = c.creator().uint(n);
        UInt y = c.evaluator().uint(n);
        UInt d = x.xor(y).bitCount();
        c.creator().output(d);
        c.evaluator().output(d);
        return c.build();
    }
}
