package io.gcstream.circuits;

import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.SubCircuit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random valid circuits with nested sub-circuit calls, for round-trip and walker tests. */
public final class RandomCircuits {
    private RandomCircuits() {
    }

    /** A random circuit: {@code defs} definitions (later ones call earlier ones), then main. */
    public static Circuit generate(Random rnd, int defs, int mainInstructions) {
        Circuit.Builder b = Circuit.builder();
        List<SubCircuit> subs = new ArrayList<>();
        for (int d = 0; d < defs; d++) {
            int s = 4 + rnd.nextInt(12);
            int nIn = 1 + rnd.nextInt(Math.min(4, s));
            int n = 3 + rnd.nextInt(20);
            // S may not exceed the inputs plus the slot writes (each instruction writes one or more).
            s = Math.min(s, nIn + n);
            int[] inputs = distinct(rnd, s, nIn);
            Body body = body(rnd, s, inputs, subs, n);
            int[] outputs = writtenSample(rnd, s, inputs, body, subs, 1 + rnd.nextInt(3));
            SubCircuit sub = SubCircuit.of("sub" + d, inputs, outputs, s, body, subs);
            subs.add(sub);
            b.addSubCircuit(sub);
        }
        int s = 8 + rnd.nextInt(24);
        int nc = 1 + rnd.nextInt(4);
        int ne = 1 + rnd.nextInt(4);
        s = Math.min(s, nc + ne + mainInstructions);
        int[] all = distinct(rnd, s, nc + ne);
        int[] ci = java.util.Arrays.copyOf(all, nc);
        int[] ei = java.util.Arrays.copyOfRange(all, nc, nc + ne);
        Body body = body(rnd, s, all, subs, mainInstructions);
        int[] co = writtenSample(rnd, s, all, body, subs, rnd.nextInt(4));
        int[] eo = writtenSample(rnd, s, all, body, subs, 1 + rnd.nextInt(4));
        return b.creatorInputs(ci).evaluatorInputs(ei).creatorOutputs(co).evaluatorOutputs(eo)
                .numSlots(s).body(body).build();
    }

    /** {@code n} distinct slots of {@code [0, s)} in random order. */
    public static int[] distinctForTests(Random rnd, int s, int n) {
        return distinct(rnd, s, n);
    }

    static int[] distinct(Random rnd, int s, int n) {
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            all.add(i);
        }
        java.util.Collections.shuffle(all, rnd);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = all.get(i);
        }
        return out;
    }

    private static Body body(Random rnd, int s, int[] inputs, List<SubCircuit> subs, int n) {
        boolean[] written = new boolean[s];
        List<Integer> w = new ArrayList<>();
        for (int i : inputs) {
            written[i] = true;
            w.add(i);
        }
        Body.Builder b = new Body.Builder();
        for (int k = 0; k < n; k++) {
            if (!subs.isEmpty() && rnd.nextInt(4) == 0) {
                int c = rnd.nextInt(subs.size());
                SubCircuit sub = subs.get(c);
                int[] in = new int[sub.inputCount()];
                for (int i = 0; i < in.length; i++) {
                    in[i] = w.get(rnd.nextInt(w.size()));
                }
                int[] out = distinct(rnd, s, sub.outputCount());
                b.call(c, in, out);
                for (int o : out) {
                    if (!written[o]) {
                        written[o] = true;
                        w.add(o);
                    }
                }
            } else {
                int a = w.get(rnd.nextInt(w.size()));
                int bb = rnd.nextInt(5) == 0 ? a : w.get(rnd.nextInt(w.size()));
                // out == in sometimes: in-place updates are legal
                int out = rnd.nextInt(3) == 0 ? a : rnd.nextInt(s);
                b.gate(out, a, bb, rnd.nextInt(16));
                if (!written[out]) {
                    written[out] = true;
                    w.add(out);
                }
            }
        }
        return b.build();
    }

    private static int[] writtenSample(Random rnd, int s, int[] inputs, Body body,
            List<SubCircuit> subs, int n) {
        boolean[] written = new boolean[s];
        for (int i : inputs) {
            written[i] = true;
        }
        int[] code = body.code();
        for (int pc = 0; pc < body.length(); ) {
            if (code[pc] >= 0) {
                written[code[pc + 1]] = true;
                pc += 4;
            } else {
                SubCircuit sub = subs.get(-code[pc] - 1);
                for (int j = 0; j < sub.outputCount(); j++) {
                    written[code[pc + 1 + sub.inputCount() + j]] = true;
                }
                pc += 1 + sub.inputCount() + sub.outputCount();
            }
        }
        List<Integer> w = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            if (written[i]) {
                w.add(i);
            }
        }
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = w.get(rnd.nextInt(w.size()));
        }
        return out;
    }

    /** Random input bits. */
    public static boolean[] bits(Random rnd, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = rnd.nextBoolean();
        }
        return b;
    }
}
