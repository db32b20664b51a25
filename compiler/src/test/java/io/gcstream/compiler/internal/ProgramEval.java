package io.gcstream.compiler.internal;

import io.gcstream.circuits.internal.TruthTable;

/**
 * Evaluates the intermediate representation directly (no optimiser, no slots): the reference
 * the compiled circuits are checked against.
 */
public final class ProgramEval {
    private ProgramEval() {
    }

    /** All outputs of {@code p}'s main list on its inputs (creator's then evaluator's bits). */
    public static boolean[] run(Program p, boolean[] inputs) {
        return run(p, p.main(), inputs);
    }

    public static boolean[] run(Program p, GateList g, boolean[] inputs) {
        boolean[] v = new boolean[g.wireCount()];
        v[GateList.ONE] = true;
        int[] in = g.inputs();
        if (in.length != inputs.length) {
            throw new IllegalArgumentException("input count");
        }
        for (int i = 0; i < in.length; i++) {
            v[in[i]] = inputs[i];
        }
        int[] code = g.code();
        int pc = 0;
        while (pc < g.length()) {
            if (code[pc] >= 0) {
                v[code[pc + 1]] = TruthTable.eval(code[pc], v[code[pc + 2]] ? 1 : 0, v[code[pc + 3]] ? 1 : 0) == 1;
                pc += 4;
            } else {
                int nIn = code[pc + 1];
                int nOut = code[pc + 2];
                boolean[] args = new boolean[nIn];
                for (int i = 0; i < nIn; i++) {
                    args[i] = v[code[pc + 3 + i]];
                }
                boolean[] r = run(p, p.subs().get(-code[pc] - 1).body(), args);
                for (int j = 0; j < nOut; j++) {
                    v[code[pc + 3 + nIn + j]] = r[j];
                }
                pc += 3 + nIn + nOut;
            }
        }
        int[] out = g.outputs();
        boolean[] r = new boolean[out.length];
        for (int i = 0; i < out.length; i++) {
            r[i] = v[out[i]];
        }
        return r;
    }
}
