package io.gcstream.compiler;

import java.util.Arrays;

/**
 * An optional instruction reordering that often shrinks the working set S: instructions are
 * emitted in depth-first post-order from the outputs (each value is computed just before the
 * first instruction that needs it, recursively), so a value computed early for a late use
 * does not sit in a slot meanwhile. Any topological order is correct; this one is a heuristic
 * (minimising S over all orders is NP-hard), so {@link Program} keeps whichever order gives the
 * smaller S.
 */
public final class Reorder {
    private Reorder() {
    }

    /** The same instructions (every one of which must reach an output) in depth-first post-order. */
    public static GateList depthFirst(GateList g) {
        int[] code = g.code();
        int n = g.instructionCount();
        int[] start = new int[n];
        int[] definedBy = new int[g.wireCount()];
        Arrays.fill(definedBy, -1);
        int k = 0;
        for (int pc = 0; pc < g.length(); pc += GateList.instructionLength(code, pc)) {
            start[k] = pc;
            if (code[pc] >= 0) {
                definedBy[code[pc + 1]] = k;
            } else {
                int nIn = code[pc + 1];
                for (int j = 0; j < code[pc + 2]; j++) {
                    definedBy[code[pc + 3 + nIn + j]] = k;
                }
            }
            k++;
        }
        GateList r = new GateList();
        int[] map = new int[g.wireCount()];
        map[GateList.ONE] = GateList.ONE;
        for (int w : g.inputs()) {
            map[w] = r.addInput();
        }
        boolean[] done = new boolean[n];
        // Explicit stack of (instruction, next input to visit): circuits can be deep.
        int[] stack = new int[16];
        int[] next = new int[16];
        for (int out : g.outputs()) {
            int root = definedBy[out];
            if (root < 0 || done[root]) {
                continue;
            }
            int sp = 0;
            stack[sp] = root;
            next[sp++] = 0;
            while (sp > 0) {
                int ins = stack[sp - 1];
                int pc = start[ins];
                int nIn = code[pc] >= 0 ? 2 : code[pc + 1];
                int from = code[pc] >= 0 ? pc + 2 : pc + 3;
                if (next[sp - 1] < nIn) {
                    int w = code[from + next[sp - 1]++];
                    int d = definedBy[w];
                    if (d >= 0 && !done[d]) {
                        done[d] = true; // marked on entry: a DAG has no cycles, so no re-entry
                        if (sp == stack.length) {
                            stack = Arrays.copyOf(stack, sp * 2);
                            next = Arrays.copyOf(next, sp * 2);
                        }
                        stack[sp] = d;
                        next[sp++] = 0;
                    }
                    continue;
                }
                sp--;
                done[ins] = true;
                emit(g, pc, r, map);
            }
        }
        int[] outs = g.outputs();
        for (int i = 0; i < outs.length; i++) {
            outs[i] = map[outs[i]];
        }
        r.setOutputs(outs);
        if (r.instructionCount() != n) {
            throw new IllegalArgumentException("reordering needs a list without dead instructions");
        }
        return r;
    }

    private static void emit(GateList g, int pc, GateList r, int[] map) {
        int[] code = g.code();
        if (code[pc] >= 0) {
            map[code[pc + 1]] = r.gate(code[pc], map[code[pc + 2]], map[code[pc + 3]]);
        } else {
            int nIn = code[pc + 1];
            int nOut = code[pc + 2];
            int[] args = new int[nIn];
            for (int j = 0; j < nIn; j++) {
                args[j] = map[code[pc + 3 + j]];
            }
            int[] res = r.call(-code[pc] - 1, nOut, args);
            for (int j = 0; j < nOut; j++) {
                map[code[pc + 3 + nIn + j]] = res[j];
            }
        }
    }
}
