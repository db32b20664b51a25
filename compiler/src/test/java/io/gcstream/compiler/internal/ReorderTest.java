package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.TestBits;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ReorderTest {
    @Test
    void keepsFunctionAndInstructionsOnRandomPrograms() {
        Random rnd = new Random(13);
        for (int r = 0; r < 300; r++) {
            Program p = RandomPrograms.program(rnd, rnd.nextInt(3), 5 + rnd.nextInt(100));
            List<Program.Sub> subs = new ArrayList<>();
            for (Program.Sub s : p.subs()) {
                subs.add(new Program.Sub(s.name(), Reorder.depthFirst(Optimizer.optimize(s.body()))));
            }
            GateList o = Optimizer.optimize(p.main());
            for (GateList d : new GateList[] {Reorder.depthFirst(o), Reorder.greedy(o)}) {
                assertEquals(o.instructionCount(), d.instructionCount());
                assertEquals(o.inputCount(), d.inputCount());
                // The slot count of the new order is the live maximum of that order too.
                assertEquals(LivenessOracle.bruteForce(d), SlotAllocator.allocate(d).numSlots());
                Program q = new Program(subs, d, 0, 0);
                for (int k = 0; k < 4; k++) {
                    boolean[] in = TestBits.random(rnd, o.inputCount());
                    assertArrayEquals(ProgramEval.run(p, in), ProgramEval.run(q, in));
                }
            }
        }
    }

    @Test
    void computesValuesJustBeforeTheirUse() {
        // Two independent chains written one after the other, used pairwise at the end.
        GateList g = new GateList();
        int a = g.addInput();
        int b = g.addInput();
        int[] x = new int[6];
        int[] y = new int[6];
        for (int i = 0; i < 6; i++) {
            x[i] = g.gate(TruthTable.AND, a, i == 0 ? b : x[i - 1]);
        }
        for (int i = 0; i < 6; i++) {
            y[i] = g.gate(TruthTable.OR, b, i == 0 ? a : y[i - 1]);
        }
        int acc = g.gate(TruthTable.XOR, x[0], y[0]);
        for (int i = 1; i < 6; i++) {
            acc = g.gate(TruthTable.XOR, acc, g.gate(TruthTable.AND, x[i], y[i]));
        }
        g.setOutputs(new int[] {acc});
        GateList o = Optimizer.optimize(g);
        int written = SlotAllocator.allocate(o).numSlots();
        int reordered = SlotAllocator.allocate(Reorder.depthFirst(o)).numSlots();
        assertTrue(reordered < written, reordered + " >= " + written);
        assertEquals(LivenessOracle.bruteForce(Reorder.depthFirst(o)), reordered);
        int greedy = SlotAllocator.allocate(Reorder.greedy(o)).numSlots();
        assertTrue(greedy < written, greedy + " >= " + written);
    }

    @Test
    void programKeepsTheSmallerOrder() {
        Random rnd = new Random(17);
        for (int r = 0; r < 50; r++) {
            Program p = RandomPrograms.program(rnd, 0, 20 + rnd.nextInt(100));
            int written = SlotAllocator.allocate(Optimizer.optimize(p.main())).numSlots();
            assertTrue(p.compile(true).numSlots() <= written);
            assertEquals(written, p.compile(false).numSlots());
        }
    }

    @Test
    void byLevelKeepsFunctionAndPutsEachDepthsAndsTogether() {
        Random rnd = new Random(19);
        for (int r = 0; r < 300; r++) {
            Program p = RandomPrograms.program(rnd, 0, 5 + rnd.nextInt(150));
            GateList o = Optimizer.optimize(p.main());
            GateList d = Reorder.byLevel(o);
            assertEquals(o.instructionCount(), d.instructionCount());
            assertEquals(LivenessOracle.bruteForce(d), SlotAllocator.allocate(d).numSlots());
            Program q = new Program(List.of(), d, 0, 0);
            for (int k = 0; k < 4; k++) {
                boolean[] in = TestBits.random(rnd, o.inputCount());
                assertArrayEquals(ProgramEval.run(p, in), ProgramEval.run(q, in));
            }
            // Keys (2·depth − 1 for an AND, 2·depth for a linear gate) never go down, so the
            // ANDs of one depth are contiguous and none reads another of its depth.
            int[] code = d.code();
            int[] depth = new int[d.wireCount()];
            int last = Integer.MIN_VALUE;
            for (int pc = 0; pc < d.length(); pc += 4) {
                boolean and = !TruthTable.isLinear(code[pc]);
                int dep = Math.max(depth[code[pc + 2]], depth[code[pc + 3]]) + (and ? 1 : 0);
                depth[code[pc + 1]] = dep;
                int key = 2 * dep - (and ? 1 : 0);
                assertTrue(key >= last, "program " + r + ": key " + key + " after " + last + " at " + pc);
                last = key;
            }
        }
    }

    @Test
    void programTakesTheLevelOrderOnlyWithinItsSlack() {
        // 16 independent chains of 4 ANDs: by depth, 16 ANDs per batch, at 16 live values.
        GateList g = new GateList();
        int[] in = new int[32];
        for (int i = 0; i < in.length; i++) {
            in[i] = g.addInput();
        }
        int[] out = new int[16];
        for (int c = 0; c < 16; c++) {
            int v = in[2 * c];
            for (int k = 0; k < 4; k++) {
                v = g.gate(TruthTable.AND, v, in[(2 * c + 1 + k) % 32]);
            }
            out[c] = v;
        }
        g.setOutputs(out);
        Program p = new Program(List.of(), g, 16, 0);
        int level = SlotAllocator.allocate(Reorder.byLevel(Optimizer.optimize(g))).numSlots();
        int smallest = p.compile(true).numSlots();
        assertTrue(level > smallest, level + " <= " + smallest + ": the test needs a level order that costs slots");
        assertEquals(smallest, p.compile(true, -1).numSlots());
        assertEquals(smallest, p.compile(true, level - smallest - 1).numSlots());
        assertEquals(level, p.compile(true, level - smallest).numSlots());
    }
}
