package io.gcstream.compiler.lib;

import io.gcstream.compiler.Arithmetic;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.SubCircuitDef;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Interop;
import io.gcstream.compiler.dsl.UInt;

/**
 * Compare-and-select: the smaller of two unsigned b-bit values, with 2b non-linear gates — b
 * for the comparison (the borrow of x − y, {@link Arithmetic#lessThan}) and b for the selection
 * (one AND per bit, {@link CircuitBuilder#mux}). The building block of {@link Minimum}; define it
 * once per builder and width with {@link #define} and call it as often as needed, e.g. to fold
 * a chunk of values into a running minimum.
 */
public final class CompareSelect {
    private CompareSelect() {
    }

    /**
     * Defines the sub-circuit {@code min<b>} in {@code b}: input x in bits 0…width−1 and y above,
     * output min(x, y) (width bits); 2·width ANDs.
     */
    public static SubCircuitDef define(CircuitBuilder b, int width) {
        Library.positive(width, "b");
        return b.define("min" + width, 2 * width, in -> min(b, in.slice(0, width), in.slice(width, 2 * width)));
    }

    /** min(x, y) written into the body being built (no call): 2 · width ANDs ({@link UInt#min}). */
    public static Word min(CircuitBuilder b, Word x, Word y) {
        Computation c = Computation.over(b);
        return Interop.word(Interop.uint(c, x).min(Interop.uint(c, y)));
    }
}
