package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.SubCircuitDef;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Subroutine;
import io.gcstream.compiler.dsl.Type;
import io.gcstream.compiler.dsl.UInt;
import java.util.List;

/**
 * The minimum of unsigned b-bit values as a chain of {@link CompareSelect} calls: a running
 * minimum meets each further value once, so N values cost N − 1 calls, 2b(N − 1) non-linear
 * gates (39,960 for N = 1000, b = 20). The library's {@code minimum<N>x<b>} takes the first
 * ⌈N/2⌉ values from the creator and the rest from the evaluator, value i of a party in bits
 * ib…ib+b−1 of its input, and gives the minimum (b bits) to both.
 *
 * <p>For a minimum over many runs, fold each chunk into the previous minimum in the same way:
 *
 * <pre>{@code
 * CircuitBuilder b = new CircuitBuilder();
 * Minimum m = new Minimum(b, 20);
 * Word running = ...;                        // the minimum so far, 20 bits
 * Word chunk = b.evaluatorInput(500 * 20);   // 500 new values
 * b.evaluatorOutput(m.of(running, Minimum.split(chunk, 20)));  // 500 calls, 20,000 ANDs
 * }</pre>
 */
public final class Minimum {
    /**
     * Largest N·b accepted by {@link #circuit}: building holds a few hundred bytes per input
     * bit (about 1 GB at this bound, e.g. minimum200000x20).
     */
    public static final long MAX_INPUT_BITS = 1L << 22;

    private final CircuitBuilder b;
    private final int width;
    private final SubCircuitDef compareSelect;

    /** Defines the compare-and-select sub-circuit for {@code width}-bit values in {@code b}. */
    public Minimum(CircuitBuilder b, int width) {
        this.b = b;
        this.width = width;
        this.compareSelect = CompareSelect.define(b, width);
    }

    /** The compare-and-select sub-circuit ({@code min<b>}, 2b → b bits). */
    public SubCircuitDef compareSelect() {
        return compareSelect;
    }

    /** min(x, y): one call, 2b ANDs. */
    public Word min(Word x, Word y) {
        return compareSelect.call(x, y);
    }

    /** The minimum of {@code first} and {@code rest}: {@code rest.length} calls. */
    public Word of(Word first, Word... rest) {
        Word m = check(first);
        for (Word v : rest) {
            m = min(m, check(v));
        }
        return m;
    }

    /** The minimum of at least one value: {@code values.size() − 1} calls. */
    public Word of(List<Word> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("the minimum of no values");
        }
        return of(values.get(0), values.subList(1, values.size()).toArray(new Word[0]));
    }

    /** {@code packed} cut into values of {@code width} bits, value i in bits i·width…; the width must divide. */
    public static Word[] split(Word packed, int width) {
        if (width < 1 || packed.width() % width != 0) {
            throw new IllegalArgumentException(packed.width() + " bits are not values of " + width + " bits");
        }
        Word[] v = new Word[packed.width() / width];
        for (int i = 0; i < v.length; i++) {
            v[i] = packed.slice(i * width, (i + 1) * width);
        }
        return v;
    }

    private Word check(Word v) {
        if (v.width() != width) {
            throw new IllegalArgumentException("a value of " + v.width() + " bits for a minimum of " + width
                    + "-bit values");
        }
        return v;
    }

    /** {@code minimum<N>x<b>}: ⌈N/2⌉ values from the creator, ⌊N/2⌋ from the evaluator, the minimum to both. */
    public static Circuit circuit(int count, int width) {
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
        Subroutine<UInt> min = c.define("min" + width, Type.uint(width), Type.uint(width), UInt::min);
        UInt result = x[0];
        for (int i = 1; i < count; i++) {
            result = min.call(result, i < mine ? x[i] : y[i - mine]);
        }
        c.creator().output(result);
        c.evaluator().output(result);
        return c.build();
    }
}
