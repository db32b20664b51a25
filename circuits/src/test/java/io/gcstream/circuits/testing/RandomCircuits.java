package io.gcstream.circuits.testing;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.SubCircuit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random valid circuits for the tests of every module, shared through circuits' test-jar (in a
 * package of its own: a test class in a package of module io.gcstream.circuits would be hidden
 * from the other modules' test compilation). With nested sub-circuit calls for round-trip and
 * walker tests ({@link #generate(Random, int, int)}); shaped like compiler output for the
 * engine's (slot reuse, all 16 truth tables, one-input gates, sub-circuits with nested calls);
 * and with the independence a multi-threaded gate loop uses ({@link #parted}).
 */
public final class RandomCircuits {
    private RandomCircuits() {
    }

    /** A random circuit: {@code defs} definitions (later ones call earlier ones), then main. */
    public static Circuit generate(Random rnd, int defs, int mainInstructions) {
        Circuits.Builder b = Circuits.builder();
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

    /**
     * A random circuit that carries a {@link io.gcstream.circuits.internal.Schedule}: {@code lanes}
     * lanes of three slots each (creator inputs [0, W) and [2W, 3W), evaluator inputs [W, 2W)), and
     * {@code segments} segments. In each, every lane runs one to three gates of any truth table
     * that write its own slots of two of the three regions and read its own slots or any slot of
     * the third region, which the segment does not write; a piece is a range of lanes. Each
     * segment has at most {@code 3 * lanes} non-linear gates.
     */
    public static Circuit scheduled(Random r, int lanes, int segments) {
        int w = lanes;
        List<int[]> gates = new ArrayList<>();
        // Per segment, per lane boundary: the first gate of the lane and the non-linear gates before it.
        int[][] laneStart = new int[segments][w + 1];
        int[][] nonLinearBefore = new int[segments][w + 1];
        Body.Builder main = new Body.Builder();
        for (int seg = 0; seg < segments; seg++) {
            int read = r.nextInt(3);
            int nl = 0;
            for (int l = 0; l < w; l++) {
                laneStart[seg][l] = gates.size();
                nonLinearBefore[seg][l] = nl;
                for (int k = 1 + r.nextInt(3); k > 0; k--) {
                    int region = (read + 1 + r.nextInt(2)) % 3;
                    int out = region * w + l;
                    int in1 = r.nextBoolean() ? r.nextInt(3) * w + l : read * w + r.nextInt(w);
                    int in2 = r.nextBoolean() ? r.nextInt(3) * w + l : read * w + r.nextInt(w);
                    int table = r.nextInt(3) == 0 ? r.nextInt(16) : io.gcstream.circuits.internal.TruthTable.AND;
                    if (!io.gcstream.circuits.internal.TruthTable.isLinear(table)) {
                        nl++;
                    }
                    gates.add(new int[] {out, in1, in2, table});
                    main.gate(out, in1, in2, table);
                }
            }
            laneStart[seg][w] = gates.size();
            nonLinearBefore[seg][w] = nl;
        }
        int[] ci = new int[2 * w];
        int[] ei = new int[w];
        for (int l = 0; l < w; l++) {
            ci[l] = l;
            ci[w + l] = 2 * w + l;
            ei[l] = w + l;
        }
        int[] all = new int[3 * w];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        Circuit plain = Circuits.builder().creatorInputs(ci).evaluatorInputs(ei).creatorOutputs(all)
                .evaluatorOutputs(all).numSlots(3 * w).body(main.build()).build();
        ScheduledBody body = new ScheduledBody(plain, gates, laneStart, nonLinearBefore);
        return Circuits.of(ci, ei, all, all, 3 * w, List.of(), plain.instructionCount(), plain.gateCount(),
                plain.nonLinearCount(), plain.labelSlots(), body, null);
    }

    /** {@link #scheduled}'s body: read whole from the plain circuit, or a range of lanes a segment. */
    private static final class ScheduledBody implements io.gcstream.circuits.internal.BodySource,
            io.gcstream.circuits.internal.Schedule {
        private final Circuit plain;
        private final List<int[]> gates;
        private final int[][] laneStart;
        private final int[][] nonLinearBefore;

        ScheduledBody(Circuit plain, List<int[]> gates, int[][] laneStart, int[][] nonLinearBefore) {
            this.plain = plain;
            this.gates = gates;
            this.laneStart = laneStart;
            this.nonLinearBefore = nonLinearBefore;
        }

        @Override
        public io.gcstream.circuits.internal.InstructionReader open() throws java.io.IOException {
            return Circuits.openBody(plain);
        }

        @Override
        public int maxSegmentNonLinear() {
            int most = 0;
            for (int[] nl : nonLinearBefore) {
                most = Math.max(most, nl[nl.length - 1]);
            }
            return most;
        }

        @Override
        public Piece open(int pieces, int piece) {
            return new Piece() {
                private int seg = -1;
                private int lo;
                private int hi;
                private int next;

                @Override
                public boolean nextSegment() {
                    if (++seg >= laneStart.length) {
                        return false;
                    }
                    int w = laneStart[seg].length - 1;
                    lo = (int) ((long) w * piece / pieces);
                    hi = (int) ((long) w * (piece + 1) / pieces);
                    next = laneStart[seg][lo];
                    return true;
                }

                @Override
                public int nonLinearBefore() {
                    return nonLinearBefore[seg][lo];
                }

                @Override
                public int nonLinear() {
                    return nonLinearBefore[seg][hi] - nonLinearBefore[seg][lo];
                }

                @Override
                public int segmentNonLinear() {
                    return nonLinearBefore[seg][nonLinearBefore[seg].length - 1];
                }

                @Override
                public int gates(int[] ops, int off, int max) {
                    int n = 0;
                    for (int end = laneStart[seg][hi]; n < max && next < end; n++, next++) {
                        System.arraycopy(gates.get(next), 0, ops, off + 4 * n, 4);
                    }
                    return n;
                }
            };
        }
    }

    /** A random circuit with sub-circuits (an inner one called by an outer one) and calls. */
    public static Circuit generate(Random r, int creatorIn, int evaluatorIn, int creatorOut,
            int evaluatorOut, int gates) {
        Circuits.Builder cb = Circuits.builder();
        // inner: 3 inputs, 2 outputs, 6 slots
        SubCircuit inner = sub("inner", r, 3, 2, 6, 12, cb.subCircuits(), -1);
        int innerIdx = cb.addSubCircuit(inner);
        // outer: 4 inputs, 3 outputs, 8 slots, calls inner
        SubCircuit outer = sub("outer", r, 4, 3, 8, 16, cb.subCircuits(), innerIdx);
        int outerIdx = cb.addSubCircuit(outer);
        int nIn = creatorIn + evaluatorIn;
        int s = Math.max(nIn, 4) + 6 + r.nextInt(6);
        int[] ci = new int[creatorIn];
        int[] ei = new int[evaluatorIn];
        List<Integer> written = new ArrayList<>();
        for (int i = 0; i < nIn; i++) {
            if (i < creatorIn) {
                ci[i] = i;
            } else {
                ei[i - creatorIn] = i;
            }
            written.add(i);
        }
        Body.Builder body = new Body.Builder();
        boolean[] isWritten = new boolean[s];
        for (int w : written) {
            isWritten[w] = true;
        }
        if (written.isEmpty()) {
            throw new IllegalArgumentException("a random circuit needs at least one input");
        }
        fill(r, body, s, isWritten, gates, List.of(inner, outer), new int[] {innerIdx, outerIdx});
        List<Integer> ws = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            if (isWritten[i]) {
                ws.add(i);
            }
        }
        int[] co = pick(r, ws, creatorOut);
        int[] eo = pick(r, ws, evaluatorOut);
        return cb.creatorInputs(ci).evaluatorInputs(ei).creatorOutputs(co).evaluatorOutputs(eo)
                .numSlots(s).body(body.build()).build();
    }

    private static SubCircuit sub(String name, Random r, int nIn, int nOut, int slots, int gates,
            List<SubCircuit> earlier, int callee) {
        int[] ins = new int[nIn];
        boolean[] w = new boolean[slots];
        for (int i = 0; i < nIn; i++) {
            ins[i] = i;
            w[i] = true;
        }
        Body.Builder b = new Body.Builder();
        List<SubCircuit> callable = callee < 0 ? List.of() : List.of(earlier.get(callee));
        int[] idx = callee < 0 ? new int[0] : new int[] {callee};
        fill(r, b, slots, w, gates, callable, idx);
        List<Integer> ws = new ArrayList<>();
        for (int i = 0; i < slots; i++) {
            if (w[i]) {
                ws.add(i);
            }
        }
        int[] outs = new int[nOut];
        for (int i = 0; i < nOut; i++) {
            outs[i] = ws.get(r.nextInt(ws.size()));
        }
        return SubCircuit.of(name, ins, outs, slots, b.build(), earlier);
    }

    private static void fill(Random r, Body.Builder b, int slots, boolean[] w, int gates,
            List<SubCircuit> callable, int[] callableIdx) {
        List<Integer> ws = new ArrayList<>();
        for (int i = 0; i < slots; i++) {
            if (w[i]) {
                ws.add(i);
            }
        }
        for (int g = 0; g < gates; g++) {
            if (!callable.isEmpty() && r.nextInt(8) == 0) {
                int k = r.nextInt(callable.size());
                SubCircuit c = callable.get(k);
                int[] in = new int[c.inputs().length];
                for (int i = 0; i < in.length; i++) {
                    in[i] = ws.get(r.nextInt(ws.size()));
                }
                int[] out = distinct(r, slots, c.outputs().length);
                b.call(callableIdx[k], in, out);
                for (int o : out) {
                    if (!w[o]) {
                        w[o] = true;
                        ws.add(o);
                    }
                }
                continue;
            }
            int a = ws.get(r.nextInt(ws.size()));
            int c = r.nextInt(4) == 0 ? a : ws.get(r.nextInt(ws.size()));
            int table = r.nextInt(3) == 0 ? 1 : r.nextInt(16); // plenty of ANDs
            int out = r.nextInt(slots);
            b.gate(out, a, c, table);
            if (!w[out]) {
                w[out] = true;
                ws.add(out);
            }
        }
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

    private static int[] pick(Random r, List<Integer> ws, int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = ws.get(r.nextInt(ws.size()));
        }
        return out;
    }

    /**
     * A random circuit with the independence a multi-threaded gate loop uses: calls (from the
     * main body and from a nested frame) of a definition of {@code parts} independent parts
     * whose slots are reused across parts, and wide levels of independent ANDs in the main
     * body, between chains that depend on everything before them.
     */
    public static Circuit parted(Random r, int parts, int gatesPerPart) {
        Circuits.Builder cb = Circuits.builder();
        SubCircuit p = partedSub(r, parts, gatesPerPart);
        cb.addSubCircuit(p);
        int n = p.inputCount();
        int o = p.outputCount();
        int[] in = new int[n];
        int[] res = new int[o];
        for (int i = 0; i < n; i++) {
            in[i] = i;
        }
        for (int i = 0; i < o; i++) {
            res[i] = n + i;
        }
        Body outerBody = new Body.Builder().call(0, in, res).gate(n + o, n, 0, 1).build();
        int[] outerOut = java.util.Arrays.copyOf(res, o);
        outerOut[0] = n + o;
        cb.addSubCircuit(SubCircuit.of("outer", in, outerOut, n + o + 1, outerBody, List.of(p)));
        int wide = 40 + r.nextInt(200);
        int s = Math.max(n, 8) + 2 * wide;
        Body.Builder main = new Body.Builder();
        for (int step = 0; step < 6; step++) {
            int[] args = new int[n];
            for (int i = 0; i < n; i++) {
                args[i] = r.nextInt(n);
            }
            main.call(r.nextBoolean() ? 0 : 1, args, distinct(r, n, o));
            // A level of independent ANDs into fresh slots, then XORs back into the inputs.
            for (int k = 0; k < wide; k++) {
                main.gate(n + k, r.nextInt(n), r.nextInt(n), r.nextInt(4) == 0 ? r.nextInt(16) : 1);
            }
            for (int k = 0; k < wide; k++) {
                main.gate(n + wide + k, n + k, n + (k + 1) % wide, 6);
            }
            for (int i = 0; i < n; i++) {
                main.gate(i, i, n + wide + r.nextInt(wide), r.nextInt(16));
            }
        }
        int half = n / 2;
        int[] ci = new int[half];
        int[] ei = new int[n - half];
        for (int i = 0; i < n; i++) {
            if (i < half) {
                ci[i] = i;
            } else {
                ei[i - half] = i;
            }
        }
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        return cb.creatorInputs(ci).evaluatorInputs(ei).creatorOutputs(0, 1).evaluatorOutputs(all)
                .numSlots(s).body(main.build()).build();
    }

    /** {@code parts} independent parts of two inputs each, interleaved, reusing each other's slots. */
    private static SubCircuit partedSub(Random r, int parts, int gatesPerPart) {
        int s = 5 * parts + 4;
        List<List<Integer>> live = new ArrayList<>();
        List<Integer> free = new ArrayList<>();
        int[] inputs = new int[2 * parts];
        for (int q = 0; q < parts; q++) {
            live.add(new ArrayList<>(List.of(2 * q, 2 * q + 1)));
            inputs[2 * q] = 2 * q;
            inputs[2 * q + 1] = 2 * q + 1;
        }
        for (int k = 2 * parts; k < s; k++) {
            free.add(k);
        }
        Body.Builder b = new Body.Builder();
        for (int step = 0; step < parts * gatesPerPart; step++) {
            List<Integer> mine = live.get(r.nextInt(parts));
            int a = mine.get(r.nextInt(mine.size()));
            int c = mine.get(r.nextInt(mine.size()));
            int out;
            if (!free.isEmpty() && r.nextInt(3) != 0) {
                out = free.remove(r.nextInt(free.size()));
                mine.add(out);
            } else {
                out = mine.get(r.nextInt(mine.size()));
            }
            b.gate(out, a, c, r.nextInt(3) == 0 ? 1 : r.nextInt(16));
            if (mine.size() > 3 && r.nextInt(3) == 0) {
                int dead = mine.remove(r.nextInt(mine.size() - 1));
                if (!free.contains(dead)) {
                    free.add(dead);
                }
            }
        }
        int[] outs = new int[parts];
        for (int q = 0; q < parts; q++) {
            outs[q] = live.get(q).get(live.get(q).size() - 1);
        }
        return SubCircuit.of("parted", inputs, outs, s, b.build(), List.of());
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
