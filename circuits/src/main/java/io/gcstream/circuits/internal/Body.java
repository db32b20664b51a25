package io.gcstream.circuits.internal;

import java.util.Arrays;

/**
 * An instruction list held in memory as one flat {@code int[]}: the body of a cached
 * sub-circuit, or of a small main circuit. No object per gate.
 *
 * <p>Encoding: a gate is four ints {@code table, out, in1, in2} with {@code table} in 0..15;
 * a call is {@code -(callee + 1)} followed by the caller slots bound to the callee's inputs and
 * then those receiving its outputs (the counts are the callee's, so they are not stored).
 */
public final class Body {
    private final int[] code;
    private final int length;
    private final long instructions;

    Body(int[] code, int length, long instructions) {
        this.code = code;
        this.length = length;
        this.instructions = instructions;
    }

    /** The encoded instructions; read-only by contract, valid up to {@link #length()}. */
    public int[] code() {
        return code;
    }

    /** Number of ints of {@link #code()} in use. */
    public int length() {
        return length;
    }

    /** Number of instructions (gates plus calls). */
    public long instructionCount() {
        return instructions;
    }

    /** Appends instructions; the resulting body is checked by whoever owns its slot space. */
    public static final class Builder {
        private int[] code = new int[64];
        private int length;
        private long instructions;

        public Builder gate(int out, int in1, int in2, int table) {
            if (!TruthTable.isValid(table)) {
                throw new IllegalArgumentException("truth table " + table + " is not in 0..15");
            }
            ensure(4);
            code[length++] = table;
            code[length++] = out;
            code[length++] = in1;
            code[length++] = in2;
            instructions++;
            return this;
        }

        /** A call of sub-circuit number {@code callee}: caller slots for its inputs, then outputs. */
        public Builder call(int callee, int[] inputSlots, int[] outputSlots) {
            if (callee < 0) {
                throw new IllegalArgumentException("negative sub-circuit index " + callee);
            }
            ensure(1 + inputSlots.length + outputSlots.length);
            code[length++] = -(callee + 1);
            System.arraycopy(inputSlots, 0, code, length, inputSlots.length);
            length += inputSlots.length;
            System.arraycopy(outputSlots, 0, code, length, outputSlots.length);
            length += outputSlots.length;
            instructions++;
            return this;
        }

        public long instructionCount() {
            return instructions;
        }

        public Body build() {
            return new Body(Arrays.copyOf(code, length), length, instructions);
        }

        private void ensure(int n) {
            if (length + n > code.length) {
                code = Arrays.copyOf(code, Math.max(code.length * 2, length + n));
            }
        }
    }
}
