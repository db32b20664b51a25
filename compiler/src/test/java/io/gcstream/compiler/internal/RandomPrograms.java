package io.gcstream.compiler.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random programs for property tests: gates of every table, constants, calls, dead code. */
public final class RandomPrograms {
    private RandomPrograms() {
    }

    /** A random list with {@code nIn} inputs, about {@code gates} instructions and {@code nOut} outputs. */
    public static GateList list(Random rnd, int nIn, int gates, int nOut, List<Program.Sub> callable) {
        GateList g = new GateList();
        List<Integer> wires = new ArrayList<>();
        for (int i = 0; i < nIn; i++) {
            wires.add(g.addInput());
        }
        for (int i = 0; i < gates; i++) {
            if (!callable.isEmpty() && rnd.nextInt(8) == 0) {
                int k = rnd.nextInt(callable.size());
                GateList sub = callable.get(k).body();
                int[] args = new int[sub.inputCount()];
                for (int j = 0; j < args.length; j++) {
                    args[j] = pick(rnd, wires);
                }
                for (int w : g.call(k, sub.outputs().length, args)) {
                    wires.add(w);
                }
            } else {
                int a = pick(rnd, wires);
                int b = rnd.nextInt(4) == 0 ? a : pick(rnd, wires);
                wires.add(g.gate(rnd.nextInt(16), a, b));
            }
        }
        int[] outs = new int[nOut];
        for (int i = 0; i < nOut; i++) {
            outs[i] = pick(rnd, wires);
        }
        g.setOutputs(outs);
        return g;
    }

    /** Mostly recent wires (so chains form), sometimes old ones or constants. */
    private static int pick(Random rnd, List<Integer> wires) {
        int r = rnd.nextInt(20);
        if (r == 0 || wires.isEmpty()) {
            return rnd.nextBoolean() ? GateList.ONE : GateList.ZERO;
        }
        if (r < 12) {
            return wires.get(Math.max(0, wires.size() - 1 - rnd.nextInt(Math.min(6, wires.size()))));
        }
        return wires.get(rnd.nextInt(wires.size()));
    }

    /** A program with up to {@code subs} sub-circuits, each calling earlier ones. */
    public static Program program(Random rnd, int subs, int gates) {
        List<Program.Sub> list = new ArrayList<>();
        for (int s = 0; s < subs; s++) {
            GateList body = list(rnd, 1 + rnd.nextInt(5), 1 + rnd.nextInt(gates / 2 + 1), 1 + rnd.nextInt(4), list);
            list.add(new Program.Sub("f" + s, body));
        }
        int nIn = 1 + rnd.nextInt(8);
        int nOut = 1 + rnd.nextInt(6);
        GateList main = list(rnd, nIn, gates, nOut, list);
        return new Program(list, main, rnd.nextInt(nIn + 1), rnd.nextInt(nOut + 1));
    }
}
