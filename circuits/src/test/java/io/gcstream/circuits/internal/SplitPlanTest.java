package io.gcstream.circuits.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.circuits.Simulator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SplitPlanTest {

    /**
     * A definition of {@code parts} independent parts (two inputs each, random gates, half of
     * them ANDs) whose slots are reused across parts, as a slot allocator does.
     */
    static SubCircuit parted(Random r, String name, int parts, int gatesPerPart) {
        int s = 5 * parts + 4;
        List<List<Integer>> live = new ArrayList<>();
        List<Integer> free = new ArrayList<>();
        int[] inputs = new int[2 * parts];
        for (int p = 0; p < parts; p++) {
            live.add(new ArrayList<>(List.of(2 * p, 2 * p + 1)));
            inputs[2 * p] = 2 * p;
            inputs[2 * p + 1] = 2 * p + 1;
        }
        for (int k = 2 * parts; k < s; k++) {
            free.add(k);
        }
        Body.Builder b = new Body.Builder();
        for (int step = 0; step < parts * gatesPerPart; step++) {
            List<Integer> mine = live.get(r.nextInt(parts));
            int a = mine.get(r.nextInt(mine.size()));
            int c = mine.get(r.nextInt(mine.size()));
            int table = r.nextInt(4) < 2 ? TruthTable.AND : r.nextInt(4) == 0 ? TruthTable.XOR : r.nextInt(16);
            int out;
            if (!free.isEmpty() && r.nextInt(3) != 0) {
                out = free.remove(r.nextInt(free.size()));
                mine.add(out);
            } else {
                out = mine.get(r.nextInt(mine.size()));
            }
            b.gate(out, a, c, table);
            if (mine.size() > 3 && r.nextInt(3) == 0) {
                // A dead wire: its slot goes back to the pool, for any part.
                int dead = mine.remove(r.nextInt(mine.size() - 1));
                if (!free.contains(dead)) {
                    free.add(dead);
                }
            }
        }
        List<Integer> outs = new ArrayList<>();
        for (List<Integer> mine : live) {
            outs.add(mine.get(mine.size() - 1));
        }
        return SubCircuit.of(name, inputs, outs.stream().mapToInt(Integer::intValue).toArray(), s, b.build(), List.of());
    }

    /**
     * Main: calls of a parted definition (results over their own arguments at times), an outer
     * definition that calls it from a nested frame, and gates that chain the calls.
     */
    static Circuit circuit(Random r, int parts) {
        Circuits.Builder cb = Circuits.builder();
        SubCircuit p = parted(r, "parted", parts, 60);
        cb.addSubCircuit(p);
        int n = p.inputCount();
        int o = p.outputCount();
        // outer: inputs 0 .. n-1, calls parted into n .. n+o-1, XORs its first two outputs.
        int[] in = new int[n];
        int[] res = new int[o];
        for (int i = 0; i < n; i++) {
            in[i] = i;
        }
        for (int i = 0; i < o; i++) {
            res[i] = n + i;
        }
        Body outerBody = new Body.Builder().call(0, in, res).gate(n + o, n, 0, TruthTable.AND).build();
        int[] outerOut = java.util.Arrays.copyOf(res, o);
        outerOut[0] = n + o;
        SubCircuit outer = SubCircuit.of("outer", in, outerOut, n + o + 1, outerBody, List.of(p));
        cb.addSubCircuit(outer);
        int s = n;
        Body.Builder main = new Body.Builder();
        for (int call = 0; call < 4; call++) {
            int[] args = new int[n];
            for (int i = 0; i < n; i++) {
                args[i] = r.nextInt(n);
            }
            int[] outs = RandomCircuits.distinctForTests(r, n, o);
            main.call(call % 2 == 0 ? 0 : 1, args, outs);
            main.gate(r.nextInt(n), r.nextInt(n), r.nextInt(n), TruthTable.AND);
        }
        int[] ci = new int[n / 2];
        int[] ei = new int[n - n / 2];
        for (int i = 0; i < n; i++) {
            if (i < n / 2) {
                ci[i] = i;
            } else {
                ei[i - n / 2] = i;
            }
        }
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        return cb.creatorInputs(ci).evaluatorInputs(ei).creatorOutputs(0).evaluatorOutputs(all)
                .numSlots(s).body(main.build()).build();
    }

    /** Plaintext run of the walk with {@code plan}, in a label array of the plan's size. */
    /** Both parties' output bits, creator's first. */
    static boolean[][] simulate(Circuit c, SplitPlan plan, boolean[] x, boolean[] y) throws IOException {
        byte[] v = new byte[(int) plan.labelSlots()];
        int[] ci = CircuitSlots.inputs(c, Party.CREATOR);
        int[] ei = CircuitSlots.inputs(c, Party.EVALUATOR);
        for (int i = 0; i < ci.length; i++) {
            v[ci[i]] = (byte) (x[i] ? 1 : 0);
        }
        for (int i = 0; i < ei.length; i++) {
            v[ei[i]] = (byte) (y[i] ? 1 : 0);
        }
        new CircuitWalker(c, plan).walk((ops, count) -> {
            for (int i = 0; i < 4 * count; i += 4) {
                v[ops[i]] = (byte) TruthTable.eval(ops[i + 3] & 15, v[ops[i + 1]], v[ops[i + 2]]);
            }
        });
        boolean[] co = new boolean[c.creatorOutputCount()];
        boolean[] eo = new boolean[c.evaluatorOutputCount()];
        for (int i = 0; i < co.length; i++) {
            co[i] = v[CircuitSlots.outputs(c, Party.CREATOR)[i]] != 0;
        }
        for (int i = 0; i < eo.length; i++) {
            eo[i] = v[CircuitSlots.outputs(c, Party.EVALUATOR)[i]] != 0;
        }
        return new boolean[][] {co, eo};
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 8})
    void theSplitWalkComputesWhatTheCircuitComputes(int threads) throws IOException {
        Random r = new Random(threads);
        for (int round = 0; round < 40; round++) {
            Circuit c = circuit(r, 3 + r.nextInt(6));
            SplitPlan plan = SplitPlan.of(c, threads, 0);
            assertFalse(plan.isEmpty(), "the parted definition is split");
            for (int run = 0; run < 4; run++) {
                boolean[] x = RandomCircuits.bits(r, c.creatorInputCount());
                boolean[] y = RandomCircuits.bits(r, c.evaluatorInputCount());
                Simulator.Result want = Simulator.run(c, x, y);
                boolean[][] got = simulate(c, plan, x, y);
                assertArrayEquals(want.creatorOutputs(), got[0], "round " + round);
                assertArrayEquals(want.evaluatorOutputs(), got[1], "round " + round);
            }
        }
    }

    /**
     * The split walk has the plain walk's batches and truth tables, marks each split call's
     * first copy-in, and keeps every group of a region inside its own frame.
     */
    @Test
    void theSplitWalkKeepsTheBatchesAndTablesAndMarksEachSplitCall() throws IOException {
        Random r = new Random(5);
        for (int round = 0; round < 20; round++) {
            Circuit c = circuit(r, 3 + r.nextInt(5));
            SplitPlan plan = SplitPlan.of(c, 4, 0);
            List<int[]> plain = batches(new CircuitWalker(c));
            List<int[]> split = batches(new CircuitWalker(c, plan));
            assertEquals(plain.size(), split.size());
            int marks = 0;
            int maxSlot = 0;
            for (int b = 0; b < plain.size(); b++) {
                int[] p = plain.get(b);
                int[] q = split.get(b);
                assertEquals(p.length, q.length, "batch " + b);
                for (int i = 0; i < p.length; i += 4) {
                    assertEquals(p[i + 3], q[i + 3] & 15, "table of gate " + i / 4 + " of batch " + b);
                    if (SplitPlan.isMark(q[i + 3])) {
                        marks++;
                        assertEquals(TruthTable.COPY, q[i + 3] & 15);
                        assertEquals("parted", plan.splitOf(q[i + 3]).name());
                    }
                    maxSlot = Math.max(maxSlot, Math.max(q[i], Math.max(q[i + 1], q[i + 2])));
                }
            }
            // parted is called twice from main and twice from outer.
            assertEquals(4, marks);
            assertTrue(maxSlot < plan.labelSlots(), maxSlot + " < " + plan.labelSlots());
            SplitPlan.Split s = plan.splits().get(0);
            SubCircuit orig = Circuits.subCircuits(c).get(0);
            assertEquals(orig.inputCount() + orig.gateCount(), s.length());
            assertEquals(orig.nonLinearCount(), s.nonLinearBefore()[s.length()]);
            boolean[] seen = new boolean[s.length()];
            for (int g = 0; g < s.groups(); g++) {
                int last = -1;
                for (int i : s.groupGates(g)) {
                    assertTrue(i > last && !seen[i], "group lists ascending and disjoint");
                    seen[i] = true;
                    last = i;
                }
            }
            for (boolean b : seen) {
                assertTrue(b, "every gate of the region is in a group");
            }
        }
    }

    @Test
    void nothingIsSplitForOneThreadOrWithoutIndependentParts() throws IOException {
        Random r = new Random(7);
        Circuit c = circuit(r, 4);
        SplitPlan one = SplitPlan.of(c, 1);
        assertTrue(one.isEmpty());
        assertEquals(c.labelSlots(), one.labelSlots());
        // One part: a single component, however many threads.
        Circuit single = circuit(new Random(8), 1);
        assertTrue(SplitPlan.of(single, 8, 0).isEmpty());
        Circuit random = RandomCircuits.generate(r, 3, 50);
        assertTrue(SplitPlan.of(random, 8, 0).isEmpty(), "small definitions are not worth splitting");
    }

    /**
     * A definition is split only where its AND levels are wide enough for two groups: 256
     * independent chains of one AND are, 2 chains of 128 ANDs (the same gates, two a level)
     * are not, unless the width is not asked for.
     */
    @Test
    void narrowDefinitionsAreNotSplit() throws IOException {
        Circuit wide = callOnce(chains("wide", 256, 1));
        Circuit narrow = callOnce(chains("narrow", 2, 128));
        assertEquals(1, SplitPlan.of(wide, 2).splits().size());
        assertTrue(SplitPlan.of(narrow, 2).isEmpty());
        assertEquals(1, SplitPlan.of(narrow, 2, 0).splits().size());
        // The edge: width 2·MIN_GROUP_WIDTH splits, one less does not.
        int w = 2 * SplitPlan.MIN_GROUP_WIDTH;
        assertEquals(1, SplitPlan.of(callOnce(chains("edge", w, 2)), 2).splits().size());
        assertTrue(SplitPlan.of(callOnce(chains("below", w - 1, 2)), 2).isEmpty());
    }

    /** {@code parts} independent chains of {@code ands} ANDs, each over two inputs of its own. */
    private static SubCircuit chains(String name, int parts, int ands) {
        int[] inputs = new int[2 * parts];
        int[] outputs = new int[parts];
        Body.Builder b = new Body.Builder();
        for (int p = 0; p < parts; p++) {
            inputs[2 * p] = 2 * p;
            inputs[2 * p + 1] = 2 * p + 1;
            outputs[p] = 2 * p;
            for (int k = 0; k < ands; k++) {
                b.gate(2 * p, 2 * p, 2 * p + 1, TruthTable.AND);
            }
        }
        return SubCircuit.of(name, inputs, outputs, 2 * parts, b.build(), List.of());
    }

    /** A circuit whose main body calls {@code def} once on all its inputs (half each party's). */
    private static Circuit callOnce(SubCircuit def) {
        int n = def.inputCount();
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = i;
        }
        int[] outs = java.util.Arrays.copyOf(in, def.outputCount());
        Circuits.Builder cb = Circuits.builder();
        cb.addSubCircuit(def);
        return cb.creatorInputs(java.util.Arrays.copyOfRange(in, 0, n / 2))
                .evaluatorInputs(java.util.Arrays.copyOfRange(in, n / 2, n))
                .creatorOutputs(0).evaluatorOutputs(outs)
                .numSlots(n).body(new Body.Builder().call(0, in, outs).build()).build();
    }

    private static List<int[]> batches(CircuitWalker w) throws IOException {
        List<int[]> out = new ArrayList<>();
        w.walk((ops, count) -> out.add(java.util.Arrays.copyOf(ops, 4 * count)));
        return out;
    }
}
