package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Type;
import io.gcstream.compiler.dsl.UInt;
import java.util.function.BiFunction;

/**
 * The library's {@code minimum<N>x<b>}: the minimum of N unsigned b-bit values as a chain of
 * calls of one sub-circuit {@code min<b>} ({@link UInt#min}, 2b ANDs): a running minimum meets
 * each further value once, so N values cost N − 1 calls, 2b(N − 1) non-linear gates. The first
 * ⌈N/2⌉ values are the creator's and the rest the evaluator's, value i of a party in bits
 * ib…ib+b−1 of its input; the minimum (b bits) goes to both. A minimum over many runs folds
 * each chunk into the previous minimum in the same way ({@code gc minimum}).
 */
final class Minimum {
    /**
     * Largest N·b accepted by {@link #circuit}: building holds a few hundred bytes per input
     * bit (about 1 GB at this bound, e.g. minimum200000x20).
     */
    static final long MAX_INPUT_BITS = 1L << 22;

    private Minimum() {
    }

    /** {@code minimum<N>x<b>}: ⌈N/2⌉ values from the creator, ⌊N/2⌋ from the evaluator, the minimum to both. */
    static Circuit circuit(int count, int width) {
        Library.positive(count, "N");
        Library.positive(width, "b");
        if ((long) count * width > MAX_INPUT_BITS) {
            throw new IllegalArgumentException("N·b = " + (long) count * width + " input bits is more than "
                    + MAX_INPUT_BITS + " (building it would need too much memory; fold chunks into a running minimum instead)");
        }
        Computation c = new Computation();
        int mine = (count + 1) / 2;
        UInt[] x = c.creator().uints(mine, width);
        UInt[] y = c.evaluator().uints(count - mine, width);
        BiFunction<UInt, UInt, UInt> min = c.define("min" + width, Type.uint(width), Type.uint(width), UInt::min);
        UInt result = x[0];
        for (int i = 1; i < count; i++) {
            result = min.apply(result, i < mine ? x[i] : y[i - mine]);
        }
        c.creator().output(result);
        c.evaluator().output(result);
        return c.build();
    }
}
