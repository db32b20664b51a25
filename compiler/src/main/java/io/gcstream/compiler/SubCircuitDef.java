package io.gcstream.compiler;

/**
 * A sub-circuit defined once with {@link CircuitBuilder#define} and called any number of times;
 * each call compiles to one call instruction, not to a copy of the body.
 */
public final class SubCircuitDef {
    private final CircuitBuilder owner;
    private final String name;
    private final int index;
    private final int inputWidth;
    private final int outputWidth;

    SubCircuitDef(CircuitBuilder owner, String name, int index, int inputWidth, int outputWidth) {
        this.owner = owner;
        this.name = name;
        this.index = index;
        this.inputWidth = inputWidth;
        this.outputWidth = outputWidth;
    }

    /**
     * Calls the sub-circuit in the body being built right now (the main circuit, or the body of
     * a definition whose lambda is running); the arguments are concatenated, the first in the
     * lowest bits, and must total {@link #inputWidth()} bits.
     */
    public Word call(Word... args) {
        return owner.call(this, Word.concat(args));
    }

    public String name() {
        return name;
    }

    /** Index in the circuit's sub-circuit list. */
    public int index() {
        return index;
    }

    public int inputWidth() {
        return inputWidth;
    }

    public int outputWidth() {
        return outputWidth;
    }

    CircuitBuilder owner() {
        return owner;
    }
}
