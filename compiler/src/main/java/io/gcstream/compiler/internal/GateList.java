package io.gcstream.compiler.internal;

import java.util.Arrays;

/**
 * The compiler's intermediate representation: a flat, ordered instruction list over
 * <em>wires</em> (before slot allocation). Each wire is written exactly once; wire ids are
 * plain ints, with {@link #ZERO} and {@link #ONE} reserved for the constants.
 *
 * <p>Encoding of {@link #code()}: a gate is four ints {@code table, out, in1, in2} with
 * {@code table} in 0..15 (the truth-table encoding of {@code io.gcstream.circuits.internal.TruthTable});
 * a call is {@code -(callee + 1), nIn, nOut}, then {@code nIn} argument wires, then
 * {@code nOut} result wires. Calls carry their arity so the list can be walked without the
 * callee definitions.
 *
 * <p>The inputs are wires defined before the first instruction, in order; the outputs are any
 * wires (or constants), in order. Instances are mutable while being built; passes produce new
 * lists rather than editing in place.
 */
public final class GateList {
    /** The constant-0 wire. */
    public static final int ZERO = 0;
    /** The constant-1 wire. */
    public static final int ONE = 1;

    private int wireCount = 2;
    private int[] code = new int[256];
    private int length;
    private int instructionCount;
    private int[] inputs = new int[16];
    private int inputCount;
    private int[] outputs = new int[0];

    /** True iff {@code w} is one of the two constant wires. */
    public static boolean isConstant(int w) {
        return w == ZERO || w == ONE;
    }

    /** A fresh input wire, appended to the input list. */
    public int addInput() {
        if (inputCount == inputs.length) {
            inputs = Arrays.copyOf(inputs, inputCount * 2);
        }
        int w = wireCount++;
        inputs[inputCount++] = w;
        return w;
    }

    /** Reorders the inputs; {@code order} must be a permutation of the current input wires. */
    public void setInputOrder(int[] order) {
        int[] a = order.clone();
        int[] b = inputs();
        Arrays.sort(a);
        Arrays.sort(b);
        if (!Arrays.equals(a, b)) {
            throw new IllegalArgumentException("new input order is not a permutation of the inputs");
        }
        inputs = order.clone();
        inputCount = order.length;
    }

    /** Appends a gate {@code table(a, b)} and returns its fresh output wire. */
    public int gate(int table, int a, int b) {
        if ((table & ~15) != 0) {
            throw new IllegalArgumentException("truth table " + table + " is not in 0..15");
        }
        checkWire(a);
        checkWire(b);
        ensure(4);
        int out = wireCount++;
        code[length++] = table;
        code[length++] = out;
        code[length++] = a;
        code[length++] = b;
        instructionCount++;
        return out;
    }

    /** Appends a call of sub-circuit {@code callee}; returns its {@code nOut} fresh result wires. */
    public int[] call(int callee, int nOut, int[] args) {
        if (callee < 0 || nOut < 0) {
            throw new IllegalArgumentException("bad call: callee " + callee + ", " + nOut + " outputs");
        }
        for (int a : args) {
            checkWire(a);
        }
        ensure(3 + args.length + nOut);
        code[length++] = -(callee + 1);
        code[length++] = args.length;
        code[length++] = nOut;
        System.arraycopy(args, 0, code, length, args.length);
        length += args.length;
        int[] outs = new int[nOut];
        for (int i = 0; i < nOut; i++) {
            outs[i] = wireCount++;
            code[length++] = outs[i];
        }
        instructionCount++;
        return outs;
    }

    /** Sets the output wires (constants allowed), in order. */
    public void setOutputs(int[] wires) {
        for (int w : wires) {
            checkWire(w);
        }
        outputs = wires.clone();
    }

    /** Number of wire ids in use (constants included); every wire is below this. */
    public int wireCount() {
        return wireCount;
    }

    /** The encoded instructions, valid up to {@link #length()}; read-only by contract. */
    public int[] code() {
        return code;
    }

    public int length() {
        return length;
    }

    /** Gates plus calls. */
    public int instructionCount() {
        return instructionCount;
    }

    public int[] inputs() {
        return Arrays.copyOf(inputs, inputCount);
    }

    public int inputCount() {
        return inputCount;
    }

    public int[] outputs() {
        return outputs.clone();
    }

    /** Number of ints instruction starting at {@code pc} occupies. */
    public static int instructionLength(int[] code, int pc) {
        return code[pc] >= 0 ? 4 : 3 + code[pc + 1] + code[pc + 2];
    }

    private void checkWire(int w) {
        if (w < 0 || w >= wireCount) {
            throw new IllegalArgumentException("wire " + w + " does not exist (wires: " + wireCount + ")");
        }
    }

    private void ensure(int n) {
        if (length + n > code.length) {
            code = Arrays.copyOf(code, Math.max(code.length * 2, length + n));
        }
    }

    /**
     * Appends instruction {@code pc} of {@code from} to this list with its wires renamed through
     * {@code map} (old wire to new), and records the new ids of the wires it defines in {@code map}.
     * The rebuilding step of every pass that rewrites a gate list.
     */
    void copyRemapped(GateList from, int pc, int[] map) {
        int[] code = from.code();
        if (code[pc] >= 0) {
            map[code[pc + 1]] = gate(code[pc], map[code[pc + 2]], map[code[pc + 3]]);
            return;
        }
        int nIn = code[pc + 1];
        int nOut = code[pc + 2];
        int[] args = new int[nIn];
        for (int j = 0; j < nIn; j++) {
            args[j] = map[code[pc + 3 + j]];
        }
        int[] res = call(-code[pc] - 1, nOut, args);
        for (int j = 0; j < nOut; j++) {
            map[code[pc + 3 + nIn + j]] = res[j];
        }
    }
}
