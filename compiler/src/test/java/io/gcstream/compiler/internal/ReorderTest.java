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
}
