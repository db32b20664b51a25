package io.gcstream.compiler.internal;

/**
 * Computes, independently of {@link SlotAllocator}, the maximum number of simultaneously live
 * wires of a {@link GateList} under the compiler's definition: all inputs are live at the
 * start; at instruction i the live wires are those defined before i and read after i (or
 * outputs of the list), plus the results of i itself; a wire read for the last time at i no
 * longer counts at i (its slot may take i's result).
 */
public final class LivenessOracle {
    private LivenessOracle() {
    }

    /** Defining instruction of each wire (-1 for inputs, -2 if none) and last use (n = end). */
    private static int[][] defsAndUses(GateList g) {
        int[] def = new int[g.wireCount()];
        int[] use = new int[g.wireCount()];
        java.util.Arrays.fill(def, -2);
        java.util.Arrays.fill(use, -3);
        for (int w : g.inputs()) {
            def[w] = -1;
        }
        int[] code = g.code();
        int i = 0;
        for (int pc = 0; pc < g.length(); i++) {
            if (code[pc] >= 0) {
                def[code[pc + 1]] = i;
                use[code[pc + 2]] = i;
                use[code[pc + 3]] = i;
                pc += 4;
            } else {
                int nIn = code[pc + 1];
                int nOut = code[pc + 2];
                for (int j = 0; j < nIn; j++) {
                    use[code[pc + 3 + j]] = i;
                }
                for (int j = 0; j < nOut; j++) {
                    def[code[pc + 3 + nIn + j]] = i;
                }
                pc += 3 + nIn + nOut;
            }
        }
        for (int w : g.outputs()) {
            use[w] = i; // the end
        }
        return new int[][] {def, use, {i}};
    }

    /** Quadratic brute force: count the live wires at every instruction. */
    public static int bruteForce(GateList g) {
        int[][] du = defsAndUses(g);
        int[] def = du[0];
        int[] use = du[1];
        int n = du[2][0];
        int best = g.inputCount();
        for (int i = 0; i < n; i++) {
            int live = 0;
            for (int w = 2; w < def.length; w++) {
                if (def[w] == i || (def[w] != -2 && def[w] < i && use[w] > i)) {
                    live++;
                }
            }
            best = Math.max(best, live);
        }
        return best;
    }

    /** Linear sweep over interval end points: the same count, fast enough for large lists. */
    public static int sweep(GateList g) {
        int[][] du = defsAndUses(g);
        int[] def = du[0];
        int[] use = du[1];
        int n = du[2][0];
        int[] diff = new int[n + 2];
        for (int w = 2; w < def.length; w++) {
            if (def[w] == -2) {
                continue;
            }
            int from = Math.max(def[w], 0);
            int to = Math.max(use[w], def[w] + 1); // exclusive
            if (to > from) {
                diff[from]++;
                diff[to]--;
            }
        }
        int best = g.inputCount();
        int live = 0;
        for (int i = 0; i < n; i++) {
            live += diff[i];
            best = Math.max(best, live);
        }
        return best;
    }
}
