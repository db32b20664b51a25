package io.gcstream.compiler.internal;

import io.gcstream.circuits.internal.TruthTable;
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
        return reordered(g, depthFirstOrder(g));
    }

    /**
     * {@link #depthFirst}'s order as instruction indices: {@code order[k]} is the index in
     * {@code g} of the k-th instruction to run.
     */
    public static int[] depthFirstOrder(GateList g) {
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
        int[] order = new int[n];
        int emitted = 0;
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
                order[emitted++] = ins;
            }
        }
        if (emitted != n) {
            throw new IllegalArgumentException("reordering needs a list without dead instructions");
        }
        return order;
    }

    /** {@code g}'s instructions in the given order (indices into {@code g}), same inputs and outputs. */
    public static GateList reordered(GateList g, int[] order) {
        int[] start = starts(g);
        GateList r = new GateList();
        int[] map = new int[g.wireCount()];
        map[GateList.ONE] = GateList.ONE;
        for (int w : g.inputs()) {
            map[w] = r.addInput();
        }
        for (int i : order) {
            r.copyRemapped(g, start[i], map);
        }
        int[] outs = g.outputs();
        for (int i = 0; i < outs.length; i++) {
            outs[i] = map[outs[i]];
        }
        r.setOutputs(outs);
        return r;
    }

    /** Code position of each instruction. */
    static int[] starts(GateList g) {
        int[] code = g.code();
        int[] start = new int[g.instructionCount()];
        int k = 0;
        for (int pc = 0; pc < g.length(); pc += GateList.instructionLength(code, pc)) {
            start[k++] = pc;
        }
        return start;
    }

    /**
     * For every code position of an instruction's input: true if the same wire is an earlier
     * input of that instruction (so each wire is counted once per instruction), in one pass.
     */
    private static boolean[] repeats(GateList g) {
        int[] code = g.code();
        boolean[] dup = new boolean[g.length()];
        int[] stamp = new int[g.wireCount()];
        int k = 0;
        for (int pc = 0; pc < g.length(); pc += GateList.instructionLength(code, pc)) {
            k++;
            int from = inPos(code, pc);
            for (int j = 0; j < inCount(code, pc); j++) {
                int w = code[from + j];
                dup[from + j] = stamp[w] == k;
                stamp[w] = k;
            }
        }
        return dup;
    }

    /**
     * Greedy list scheduling for register pressure: among the instructions whose inputs are
     * ready, run the one that frees the most slots net (inputs it is the last remaining reader
     * of, minus its results); ties go to the earlier instruction. Every instruction must reach an
     * output.
     */
    public static GateList greedy(GateList g) {
        return reordered(g, greedyOrder(g));
    }

    /** {@link #greedy}'s order as instruction indices. */
    public static int[] greedyOrder(GateList g) {
        int[] code = g.code();
        boolean[] dup = repeats(g);
        int n = g.instructionCount();
        int[] start = new int[n];
        int[] definedBy = new int[g.wireCount()];
        Arrays.fill(definedBy, -1);
        int[] readers = new int[g.wireCount()]; // remaining reading instructions (distinct)
        int k = 0;
        for (int pc = 0; pc < g.length(); pc += GateList.instructionLength(code, pc)) {
            start[k] = pc;
            int nOut = code[pc] >= 0 ? 1 : code[pc + 2];
            for (int j = 0; j < nOut; j++) {
                definedBy[code[outPos(code, pc) + j]] = k;
            }
            k++;
        }
        // consumers: CSR lists of instructions reading each wire (each instruction once per wire)
        int[] count = new int[g.wireCount() + 1];
        int[] pending = new int[n];
        for (int i = 0; i < n; i++) {
            int pc = start[i];
            for (int j = 0; j < inCount(code, pc); j++) {
                int w = code[inPos(code, pc) + j];
                if (!dup[inPos(code, pc) + j]) {
                    count[w + 1]++;
                    readers[w]++;
                    if (definedBy[w] >= 0) {
                        pending[i]++;
                    }
                }
            }
        }
        for (int w = 0; w < g.wireCount(); w++) {
            count[w + 1] += count[w];
        }
        int[] consumers = new int[count[g.wireCount()]];
        int[] fill = Arrays.copyOf(count, g.wireCount());
        for (int i = 0; i < n; i++) {
            int pc = start[i];
            for (int j = 0; j < inCount(code, pc); j++) {
                int w = code[inPos(code, pc) + j];
                if (!dup[inPos(code, pc) + j]) {
                    consumers[fill[w]++] = i;
                }
            }
        }
        boolean[] isOutput = new boolean[g.wireCount()];
        for (int w : g.outputs()) {
            isOutput[w] = true;
        }
        // Ready set ordered by (score desc, index asc); scores change as readers are scheduled.
        // A heap with lazy deletion: a rescored instruction is pushed again and its old key is
        // skipped when it comes up (its score no longer matches, or it already ran).
        int[] score = new int[n];
        boolean[] ran = new boolean[n];
        LongHeap ready = new LongHeap();
        for (int i = 0; i < n; i++) {
            if (pending[i] == 0) {
                score[i] = score(code, start[i], readers, isOutput, dup);
                ready.add(key(score[i], i));
            }
        }
        int[] order = new int[n];
        int emitted = 0;
        while (!ready.isEmpty()) {
            long top = ready.poll();
            int i = (int) (top & 0xFFFFFFFFL);
            if (ran[i] || top != key(score[i], i)) {
                continue;
            }
            ran[i] = true;
            int pc = start[i];
            order[emitted++] = i;
            for (int j = 0; j < inCount(code, pc); j++) {
                int w = code[inPos(code, pc) + j];
                if (dup[inPos(code, pc) + j]) {
                    continue;
                }
                readers[w]--;
                if (readers[w] == 1 && !isOutput[w]) {
                    // the last remaining reader now frees w: raise its score if it is ready
                    for (int c = count[w]; c < count[w + 1]; c++) {
                        rescore(consumers[c], code, start, readers, isOutput, score, pending, ran, ready, dup);
                    }
                }
            }
            int nOut = code[pc] >= 0 ? 1 : code[pc + 2];
            for (int j = 0; j < nOut; j++) {
                int w = code[outPos(code, pc) + j];
                for (int c = count[w]; c < count[w + 1]; c++) {
                    int reader = consumers[c];
                    if (--pending[reader] == 0) {
                        score[reader] = score(code, start[reader], readers, isOutput, dup);
                        ready.add(key(score[reader], reader));
                    }
                }
            }
        }
        if (emitted != n) {
            throw new IllegalStateException("greedy reordering lost instructions");
        }
        return order;
    }

    private static void rescore(int i, int[] code, int[] start, int[] readers, boolean[] isOutput, int[] score,
            int[] pending, boolean[] ran, LongHeap ready, boolean[] dup) {
        if (pending[i] != 0 || ran[i]) {
            return;
        }
        int s = score(code, start[i], readers, isOutput, dup);
        if (s != score[i]) {
            score[i] = s;
            ready.add(key(s, i));
        }
    }

    /** Slots freed net: inputs this instruction is the last reader of, minus its results. */
    private static int score(int[] code, int pc, int[] readers, boolean[] isOutput, boolean[] dup) {
        int s = -(code[pc] >= 0 ? 1 : code[pc + 2]);
        for (int j = 0; j < inCount(code, pc); j++) {
            int w = code[inPos(code, pc) + j];
            if (!dup[inPos(code, pc) + j] && readers[w] == 1 && !isOutput[w]) {
                s++;
            }
        }
        return s;
    }

    /** Orders by score descending, then by index ascending. */
    private static long key(int score, int index) {
        return ((long) (1000000 - score) << 32) | index;
    }

    private static int inCount(int[] code, int pc) {
        return code[pc] >= 0 ? 2 : code[pc + 1];
    }

    private static int inPos(int[] code, int pc) {
        return code[pc] >= 0 ? pc + 2 : pc + 3;
    }

    private static int outPos(int[] code, int pc) {
        return code[pc] >= 0 ? pc + 1 : pc + 3 + code[pc + 1];
    }


    /**
     * The same gates ordered by AND depth: all non-linear gates of depth d, then the linear
     * gates of depth d, then depth d + 1 (a linear gate has the depth of its deepest input, a
     * non-linear one one more). Stable, so it is a topological order. For a block of
     * independent cells, each depth's ANDs of all cells come together and the engines hash
     * them in one batch: a sub-circuit of K parallel parts (K cells of a dynamic program, the 16
     * S-boxes of an AES round) makes one hash batch per depth instead of one per AND. The list
     * must hold gates only.
     */
    public static GateList byLevel(GateList g) {
        return reordered(g, byLevelOrder(g));
    }

    /** {@link #byLevel}'s order as instruction indices. */
    public static int[] byLevelOrder(GateList g) {
        int[] code = g.code();
        int count = g.instructionCount();
        int[] depth = new int[g.wireCount()];
        long[] keys = new long[count];
        int k = 0;
        for (int pc = 0; pc < g.length(); pc += 4, k++) {
            if (code[pc] < 0) {
                throw new IllegalArgumentException("byLevel orders gates only, not calls");
            }
            int d = Math.max(depth[code[pc + 2]], depth[code[pc + 3]]);
            boolean and = !TruthTable.isLinear(code[pc]);
            if (and) {
                d++;
            }
            depth[code[pc + 1]] = d;
            long key = 2L * d - (and ? 1 : 0);
            keys[k] = key << 32 | k;
        }
        Arrays.sort(keys);
        int[] order = new int[count];
        for (int i = 0; i < count; i++) {
            order[i] = (int) keys[i];
        }
        return order;
    }
}
