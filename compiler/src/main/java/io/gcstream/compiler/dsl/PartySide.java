package io.gcstream.compiler.dsl;

import io.gcstream.circuits.Party;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One party's side of a {@link Computation} ({@link Computation#creator()} or
 * {@link Computation#evaluator()}): the inputs it gives, the results it learns, and the
 * conversion of its Java values into its input bits ({@link #encoder()}).
 *
 * <p>Inputs are declared in the main circuit, in order: the party's input bits are the first
 * input's bits, then the second's, and so on (bit 0 of each value first). Outputs likewise.
 */
public final class PartySide {
    private final Computation computation;
    private final Party party;
    private final List<Value> inputs = new ArrayList<>();
    private final Map<Value, Integer> index = new IdentityHashMap<>();
    private final List<Integer> offsets = new ArrayList<>();
    private int inputWidth;
    private int outputWidth;

    PartySide(Computation computation, Party party) {
        this.computation = computation;
        this.party = party;
    }

    Party party() {
        return party;
    }

    // ---- inputs -------------------------------------------------------------------------

    /** A fresh one-bit input of this party. */
    public Bit bit() {
        return input(Type.bit());
    }

    /** A fresh unsigned {@code width}-bit input of this party. */
    public UInt uint(int width) {
        return input(Type.uint(width));
    }

    /** A fresh signed (two's-complement) {@code width}-bit input of this party. */
    public SInt sint(int width) {
        return input(Type.sint(width));
    }

    /** {@code count} fresh one-bit inputs. */
    public Bit[] bits(int count) {
        Bit[] r = new Bit[checkCount(count)];
        for (int i = 0; i < count; i++) {
            r[i] = bit();
        }
        return r;
    }

    /** {@code count} fresh unsigned inputs of {@code width} bits each, one after another. */
    public UInt[] uints(int count, int width) {
        UInt[] r = new UInt[checkCount(count)];
        for (int i = 0; i < count; i++) {
            r[i] = uint(width);
        }
        return r;
    }

    /** {@code count} fresh signed inputs of {@code width} bits each, one after another. */
    public SInt[] sints(int count, int width) {
        SInt[] r = new SInt[checkCount(count)];
        for (int i = 0; i < count; i++) {
            r[i] = sint(width);
        }
        return r;
    }

    private static int checkCount(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("negative count " + count);
        }
        return count;
    }

    /** A fresh input of any type. */
    public <T extends Value> T input(Type<T> type) {
        if (!computation.inMain()) {
            throw new IllegalStateException("an input is only allowed in the main circuit, not in a sub-circuit body");
        }
        CircuitBuilder b = computation.builder();
        Word w = party == Party.CREATOR ? b.creatorInput(type.width()) : b.evaluatorInput(type.width());
        T v = type.wrap(computation, w);
        index.put(v, inputs.size());
        inputs.add(v);
        offsets.add(inputWidth);
        inputWidth += type.width();
        return v;
    }

    /** The inputs declared so far, in order (unmodifiable). */
    List<Value> inputs() {
        return Collections.unmodifiableList(inputs);
    }

    /** Input bits declared so far: what {@link Encoder#encode()} returns. */
    int inputWidth() {
        return inputWidth;
    }

    /** The position of {@code input} among this party's inputs; -1 if it is none of them. */
    int indexOf(Value input) {
        Integer i = index.get(input);
        return i == null ? -1 : i;
    }

    /** Where input {@code i}'s bits start among this party's input bits. */
    int offset(int i) {
        return offsets.get(i);
    }

    // ---- encoding -----------------------------------------------------------------------

    /** A fresh encoder of this party's input values (see {@link Encoder}). */
    public Encoder encoder() {
        return new Encoder(this);
    }

    /**
     * The input bits when {@code input} is this party's only input: the same as
     * {@code encoder().set(input, value).encode()}.
     *
     * @throws IllegalArgumentException if the party has other inputs, or the value does not fit
     */
    public boolean[] encode(IntValue<?> input, long value) {
        return encoder().set(only(input), value).encode();
    }

    private <V extends Value> V only(V input) {
        if (inputs.size() != 1) {
            throw new IllegalArgumentException("the " + name() + " has " + inputs.size()
                    + " inputs: set each with encoder().set(...)");
        }
        return input;
    }

    String name() {
        return party == Party.CREATOR ? "creator" : "evaluator";
    }

    // ---- outputs ------------------------------------------------------------------------

    /** This party learns {@code value}; the handle decodes it from the party's output bits. */
    public Output output(Value value) {
        return output(new Value[] {value}, false);
    }

    /**
     * This party learns every one of {@code values} (all of one type), one after another; the
     * handle decodes them as an array.
     */
    public Output output(Value[] values) {
        return output(values, true);
    }

    private Output output(Value[] values, boolean array) {
        if (!computation.inMain()) {
            throw new IllegalStateException("an output is only allowed in the main circuit, not in a sub-circuit body");
        }
        CircuitBuilder b = computation.use(values);
        Type<?> type = values.length == 0 ? Type.bit() : values[0].type();
        int start = outputWidth;
        for (Value v : values) {
            if (!v.type().equals(type)) {
                throw new IllegalArgumentException("an output array of " + type + " and " + v.type());
            }
            if (party == Party.CREATOR) {
                b.creatorOutput(v.word);
            } else {
                b.evaluatorOutput(v.word);
            }
            outputWidth += v.width();
        }
        return new Output(this, start, type, values.length, array);
    }

    /** Output bits declared so far: the length of this party's outputs of a run. */
    int outputWidth() {
        return outputWidth;
    }

    @Override
    public String toString() {
        return "the " + name() + "'s side: " + inputWidth + " input bits, " + outputWidth + " output bits";
    }
}
