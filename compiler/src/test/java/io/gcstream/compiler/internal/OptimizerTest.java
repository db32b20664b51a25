package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.TestBits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OptimizerTest {
    /** Gates of an optimised list as "table in1 in2" strings, in order. */
    private static List<String> gates(GateList g) {
        List<String> r = new ArrayList<>();
        int[] c = g.code();
        for (int pc = 0; pc < g.length(); pc += GateList.instructionLength(c, pc)) {
            r.add(c[pc] >= 0 ? c[pc] + " " + c[pc + 2] + " " + c[pc + 3] : "call " + (-c[pc] - 1));
        }
        return r;
    }

    private static GateList twoInputs() {
        GateList g = new GateList();
        g.addInput();
        g.addInput();
        return g;
    }

    @Test
    void foldsConstants() {
        GateList g = twoInputs();
        int a = g.inputs()[0];
        int and0 = g.gate(TruthTable.AND, a, GateList.ZERO);
        int and1 = g.gate(TruthTable.AND, a, GateList.ONE);
        int xor1 = g.gate(TruthTable.XOR, GateList.ONE, a);
        int or1 = g.gate(TruthTable.OR, a, GateList.ONE);
        int constOnly = g.gate(TruthTable.NAND, GateList.ONE, GateList.ONE);
        g.setOutputs(new int[] {and1, xor1});
        GateList o = Optimizer.optimize(g);
        // a AND 1 = a (no gate); 1 XOR a = NOT a (one free gate).
        assertEquals(List.of(TruthTable.NOT + " 2 2"), gates(o));
        assertEquals(2, o.outputs()[0]);
        // Constant outputs are materialised from a live wire: a XOR a = 0, a XNOR a = 1.
        g.setOutputs(new int[] {and0, or1, constOnly});
        GateList k = Optimizer.optimize(g);
        assertEquals(List.of(TruthTable.XOR + " 2 2", TruthTable.XNOR + " 2 2"), gates(k));
        assertArrayEquals(new boolean[] {false, true, false}, ProgramEval.run(prog(k), k, new boolean[] {true, false}));
    }

    private static Program prog(GateList main) {
        return new Program(List.of(), main, 0, 0);
    }

    @Test
    void simplifiesEqualInputs() {
        GateList g = twoInputs();
        int a = g.inputs()[0];
        int b = g.inputs()[1];
        int xx = g.gate(TruthTable.XOR, a, a); // 0
        int aa = g.gate(TruthTable.AND, a, a); // a
        int r = g.gate(TruthTable.OR, g.gate(TruthTable.AND, aa, b), xx); // (a AND b) OR 0
        g.setOutputs(new int[] {r});
        GateList o = Optimizer.optimize(g);
        assertEquals(List.of(TruthTable.AND + " 2 3"), gates(o));
    }

    @Test
    void hashesStructurallyWithCommutationAndMirroredTables() {
        GateList g = twoInputs();
        int a = g.inputs()[0];
        int b = g.inputs()[1];
        int x1 = g.gate(TruthTable.AND, a, b);
        int x2 = g.gate(TruthTable.AND, b, a);
        int y1 = g.gate(0b0010, a, b); // a AND NOT b
        int y2 = g.gate(0b0100, b, a); // NOT b' AND a' with swapped operands: the same function
        int z1 = g.gate(TruthTable.XOR, g.gate(TruthTable.NOT, a, a), b); // NOT a XOR b = a XNOR b
        int z2 = g.gate(TruthTable.XNOR, b, a);
        int nn = g.gate(TruthTable.NOT, g.gate(TruthTable.NOT, a, a), g.gate(TruthTable.NOT, a, a)); // a
        g.setOutputs(new int[] {x1, x2, y1, y2, z1, z2, nn});
        GateList o = Optimizer.optimize(g);
        assertEquals(3, o.instructionCount(), gates(o).toString());
        int[] out = o.outputs();
        assertEquals(out[0], out[1]);
        assertEquals(out[2], out[3]);
        assertEquals(out[4], out[5]);
        assertEquals(o.inputs()[0], out[6]);
        for (int i = 0; i < 4; i++) {
            boolean[] in = {(i & 1) == 1, (i & 2) == 2};
            assertArrayEquals(ProgramEval.run(prog(g), in), ProgramEval.run(prog(o), in));
        }
    }

    @Test
    void removesDeadGatesAndCalls() {
        GateList sub = new GateList();
        int s = sub.addInput();
        sub.setOutputs(new int[] {sub.gate(TruthTable.NOT, s, s)});
        GateList g = twoInputs();
        int a = g.inputs()[0];
        int b = g.inputs()[1];
        g.gate(TruthTable.AND, a, b); // dead
        g.call(0, 1, new int[] {b}); // dead
        int live = g.call(0, 1, new int[] {a})[0];
        int dup = g.call(0, 1, new int[] {a})[0]; // same call: computed once
        g.setOutputs(new int[] {live, dup});
        GateList o = Optimizer.optimize(g);
        assertEquals(List.of("call 0"), gates(o));
        assertEquals(2, o.inputCount(), "inputs keep their number even if unused");
    }

    @Test
    void materialisesConstantCallArguments() {
        GateList sub = new GateList();
        int s0 = sub.addInput();
        int s1 = sub.addInput();
        sub.setOutputs(new int[] {sub.gate(TruthTable.AND, s0, s1)});
        GateList g = twoInputs();
        int r = g.call(0, 1, new int[] {g.inputs()[1], GateList.ONE})[0];
        g.setOutputs(new int[] {r});
        GateList o = Optimizer.optimize(g);
        assertEquals(List.of(TruthTable.XNOR + " 3 3", "call 0"), gates(o));
        Program p = new Program(List.of(new Program.Sub("and", sub)), o, 1, 0);
        assertArrayEquals(new boolean[] {true}, ProgramEval.run(p, new boolean[] {false, true}));
    }

    @Test
    void aConstantWithoutInputsIsRejected() {
        GateList g = new GateList();
        g.setOutputs(new int[] {GateList.ONE});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Optimizer.optimize(g));
        assertTrue(e.getMessage().contains("without inputs"), e.getMessage());
        GateList empty = new GateList();
        assertEquals(0, Optimizer.optimize(empty).instructionCount());
    }

    @Test
    void randomListsKeepTheirFunctionAndLoseConstantsAndDeadGates() {
        Random rnd = new Random(3);
        for (int r = 0; r < 400; r++) {
            Program p = RandomPrograms.program(rnd, rnd.nextInt(3), 5 + rnd.nextInt(100));
            List<Program.Sub> subs = new ArrayList<>();
            for (Program.Sub s : p.subs()) {
                subs.add(new Program.Sub(s.name(), Optimizer.optimize(s.body())));
            }
            GateList o = Optimizer.optimize(p.main());
            assertNoConstantsOrDeadCode(o);
            Program q = new Program(subs, o, 0, 0);
            assertEquals(p.main().inputCount(), o.inputCount());
            assertEquals(p.main().outputs().length, o.outputs().length);
            for (int k = 0; k < 4; k++) {
                boolean[] in = TestBits.random(rnd, o.inputCount());
                assertArrayEquals(ProgramEval.run(p, in), ProgramEval.run(q, in));
            }
            // Optimising again finds nothing more to remove.
            assertEquals(o.instructionCount(), Optimizer.optimize(o).instructionCount());
        }
    }

    private static void assertNoConstantsOrDeadCode(GateList o) {
        int[] c = o.code();
        BitSet read = new BitSet();
        for (int w : o.outputs()) {
            assertFalse(GateList.isConstant(w));
            read.set(w);
        }
        List<Integer> starts = new ArrayList<>();
        for (int pc = 0; pc < o.length(); pc += GateList.instructionLength(c, pc)) {
            starts.add(pc);
        }
        for (int i = starts.size() - 1; i >= 0; i--) {
            int pc = starts.get(i);
            if (c[pc] >= 0) {
                assertTrue(read.get(c[pc + 1]), "dead gate");
                for (int k = 2; k < 4; k++) {
                    read.set(c[pc + k]);
                }
                boolean materialised = c[pc + 2] == c[pc + 3] && (c[pc] == TruthTable.XOR || c[pc] == TruthTable.XNOR);
                assertTrue(materialised || !GateList.isConstant(c[pc + 2]) && !GateList.isConstant(c[pc + 3]));
            } else {
                int nIn = c[pc + 1];
                int nOut = c[pc + 2];
                boolean used = false;
                for (int j = 0; j < nOut; j++) {
                    used |= read.get(c[pc + 3 + nIn + j]);
                }
                assertTrue(used, "dead call");
                for (int j = 0; j < nIn; j++) {
                    assertFalse(GateList.isConstant(c[pc + 3 + j]));
                    read.set(c[pc + 3 + j]);
                }
            }
        }
        assertTrue(Arrays.stream(o.inputs()).noneMatch(GateList::isConstant));
    }
}
