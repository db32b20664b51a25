package io.gcstream.compiler.dsl;

import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;

/**
 * One secret (or constant) bit of a {@link Computation}: the result of a comparison, a flag,
 * a condition for {@link #select}. XOR, XNOR and NOT are free; AND, OR and a select cost one
 * AND gate each (per bit selected).
 */
public final class Bit extends Value {
    Bit(Computation c, Word w) {
        super(c, w);
    }

    int wire() {
        return word.bit(0);
    }

    private Bit bit(int wire) {
        return new Bit(computation, Word.of(wire));
    }

    @Override
    public Type<Bit> type() {
        return Type.bit();
    }

    /** {@code this ∧ other}: one AND. */
    public Bit and(Bit other) {
        return bit(computation.use(this, other).and(wire(), other.wire()));
    }

    /** {@code this ∨ other}: one AND (with free negations). */
    public Bit or(Bit other) {
        return bit(computation.use(this, other).or(wire(), other.wire()));
    }

    /** {@code this ⊕ other}: free. */
    public Bit xor(Bit other) {
        return bit(computation.use(this, other).xor(wire(), other.wire()));
    }

    /** {@code this == other} (XNOR): free. */
    public Bit equalTo(Bit other) {
        return bit(computation.use(this, other).gate(TruthTable.XNOR, wire(), other.wire()));
    }

    /** {@code ¬this}: free. */
    public Bit not() {
        return bit(computation.use(this).not(wire()));
    }

    /**
     * {@code this ? ifTrue : ifFalse} (a multiplexer): one AND per bit of the values, which must
     * be of the same type.
     *
     * @throws IllegalArgumentException if their types differ
     */
    public <T extends Value> T select(T ifTrue, T ifFalse) {
        CircuitBuilder b = computation.use(this, ifTrue, ifFalse);
        if (!ifTrue.type().equals(ifFalse.type())) {
            throw new IllegalArgumentException("select between a " + ifTrue.type() + " and a " + ifFalse.type());
        }
        @SuppressWarnings("unchecked")
        Type<T> t = (Type<T>) ifTrue.type();
        return t.wrap(computation, b.mux(wire(), ifFalse.word, ifTrue.word));
    }

    /** This bit as a 1-bit unsigned integer (0 or 1); free. */
    public UInt asUInt() {
        computation.use(this);
        return new UInt(computation, word);
    }
}
