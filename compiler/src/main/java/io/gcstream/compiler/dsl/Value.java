package io.gcstream.compiler.dsl;

import io.gcstream.compiler.Word;

/**
 * A value of a {@link Computation}: a {@link Bit}, an unsigned {@link UInt} or a signed
 * {@link SInt}. A value is a handle on bits that exist only inside the circuit being built; it
 * has no Java value of its own. Values are immutable and compared by identity. Every operation
 * on them adds gates to the computation they belong to, in the body being built at that
 * moment (the main circuit, or a sub-circuit's body while its definition runs).
 *
 * <p>A value may only be used in the body it was made in (constants anywhere) and only with
 * values of the same computation; anything else is an {@link IllegalArgumentException} naming
 * both, thrown before a gate is added.
 */
public abstract sealed class Value permits Bit, IntValue {
    final Computation computation;
    final Scope scope;
    final Word word;

    Value(Computation computation, Word word) {
        this.computation = computation;
        this.word = word;
        this.scope = computation.scopeOf(word);
    }

    /** Number of bits. */
    public int width() {
        return word.width();
    }

    /** True iff every bit is a constant known when the circuit is built. */
    boolean isConstant() {
        return scope == null;
    }

    /** The type of this value, as a sub-circuit's parameter would declare it. */
    public abstract Type<?> type();

    @Override
    public String toString() {
        return type().toString() + (isConstant() ? " constant" : "");
    }
}
