package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.SubCircuit;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.TestBits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StreamCompilerTest {
    /** A random program written through a {@link FrontEnd} into a stream compiler, as the builder does. */
    private static Circuit compile(Program p, List<SubCircuit> subs, int window, StreamCompiler.Options o) {
        StreamCompiler sc = new StreamCompiler("main circuit", window);
        FrontEnd f = sc.front();
        GateList g = p.main();
        int[] lit = new int[g.wireCount()];
        lit[GateList.ONE] = 1;
        int[] inputs = g.inputs();
        for (int w : inputs) {
            lit[w] = f.input();
        }
        int carrier = inputs.length > 0 ? lit[inputs[0]] >>> 1 : 0;
        int[] code = g.code();
        for (int pc = 0; pc < g.length(); pc += GateList.instructionLength(code, pc)) {
            if (code[pc] >= 0) {
                lit[code[pc + 1]] = f.gate(code[pc], lit[code[pc + 2]], lit[code[pc + 3]]);
            } else {
                int nIn = code[pc + 1];
                int nOut = code[pc + 2];
                int[] args = new int[nIn];
                for (int j = 0; j < nIn; j++) {
                    args[j] = lit[code[pc + 3 + j]];
                }
                int[] res = f.call(-code[pc] - 1, nOut, args, carrier);
                for (int j = 0; j < nOut; j++) {
                    lit[code[pc + 3 + nIn + j]] = res[j];
                }
            }
        }
        int[] outs = g.outputs();
        int[] outLits = new int[outs.length];
        for (int i = 0; i < outs.length; i++) {
            outLits[i] = lit[outs[i]];
        }
        int[] inNodes = new int[inputs.length];
        for (int i = 0; i < inputs.length; i++) {
            inNodes[i] = lit[inputs[i]] >>> 1;
        }
        int nc = p.creatorInputCount();
        return sc.compile(subs, inNodes, nc, f.nodes(outLits, carrier), p.creatorOutputCount(), o);
    }

    private static List<SubCircuit> subs(Program p) {
        List<SubCircuit> subs = new ArrayList<>();
        for (Program.Sub s : p.subs()) {
            subs.add(Program.compileSub(s, List.copyOf(subs), true, -1));
        }
        return subs;
    }

    private static boolean[] simulate(Circuit c, boolean[] in, int nc) throws java.io.IOException {
        Simulator.Result r = Simulator.run(c, Arrays.copyOf(in, nc), Arrays.copyOfRange(in, nc, in.length));
        return TestBits.concat(r.creatorOutputs(), r.evaluatorOutputs());
    }

    @Test
    void computesWhatTheProgramComputesAtEveryWindowSize() throws Exception {
        Random rnd = new Random(31);
        for (int r = 0; r < 250; r++) {
            Program p = RandomPrograms.program(rnd, rnd.nextInt(3), 5 + rnd.nextInt(300));
            List<SubCircuit> subs = subs(p);
            int window = new int[] {1, 2, 3, 7, 40, StreamCompiler.WINDOW}[r % 6];
            StreamCompiler.Options o = new StreamCompiler.Options(rnd.nextBoolean(), rnd.nextInt(3) - 1);
            Circuit c = compile(p, subs, window, o);
            for (int k = 0; k < 4; k++) {
                boolean[] in = TestBits.random(rnd, p.main().inputCount());
                assertArrayEquals(ProgramEval.run(p, in), simulate(c, in, p.creatorInputCount()),
                        "program " + r + ", window " + window + ", " + o);
            }
            // No slot wasted: S is the live maximum of the order the passes chose.
            assertEquals(SlotLiveness.maxLive(c), c.numSlots(), "program " + r + ", window " + window + ", " + o);
        }
    }

    @Test
    void reorderingNeverCostsSlots() {
        Random rnd = new Random(37);
        for (int r = 0; r < 150; r++) {
            Program p = RandomPrograms.program(rnd, rnd.nextInt(2), 20 + rnd.nextInt(400));
            List<SubCircuit> subs = subs(p);
            int window = 1 + rnd.nextInt(60);
            int written = compile(p, subs, window, new StreamCompiler.Options(false, -1)).numSlots();
            int reordered = compile(p, subs, window, new StreamCompiler.Options(true, -1)).numSlots();
            assertTrue(reordered <= written, "program " + r + ": " + reordered + " > " + written);
        }
    }

    @Test
    void aBodyInOneWindowIsAllocatedAsTheInMemoryCompilerWould() {
        Random rnd = new Random(41);
        for (int r = 0; r < 100; r++) {
            Program p = RandomPrograms.program(rnd, 0, 20 + rnd.nextInt(200));
            // The front end's output, compiled in memory, against the same output streamed.
            Program folded = new Program(List.of(), replay(p), p.creatorInputCount(), p.creatorOutputCount());
            for (boolean reorder : new boolean[] {false, true}) {
                int inMemory = folded.compile(reorder).numSlots();
                int streamed = compile(folded, List.of(), StreamCompiler.WINDOW, new StreamCompiler.Options(reorder, -1))
                        .numSlots();
                assertEquals(inMemory, streamed, "program " + r + ", reorder " + reorder);
            }
        }
    }

    /** {@code p}'s main list after the front end's rewrites, as a list (outputs made nodes). */
    private static GateList replay(Program p) {
        GateList out = new GateList();
        FrontEnd f = new FrontEnd(FrontEnd.into(out), "test");
        GateList g = p.main();
        int[] lit = new int[g.wireCount()];
        lit[GateList.ONE] = 1;
        for (int w : g.inputs()) {
            lit[w] = f.input();
        }
        int[] code = g.code();
        for (int pc = 0; pc < g.length(); pc += 4) {
            lit[code[pc + 1]] = f.gate(code[pc], lit[code[pc + 2]], lit[code[pc + 3]]);
        }
        int[] outs = g.outputs();
        int[] ol = new int[outs.length];
        for (int i = 0; i < outs.length; i++) {
            ol[i] = lit[outs[i]];
        }
        int[] nodes = f.nodes(ol, g.inputCount() > 0 ? 1 : 0);
        for (int i = 0; i < nodes.length; i++) {
            nodes[i]++;
        }
        out.setOutputs(nodes);
        return out;
    }

    @Test
    void deadCodeGoesAndUnreadInputsStay() throws Exception {
        StreamCompiler sc = new StreamCompiler("main circuit", 2);
        FrontEnd f = sc.front();
        int a = f.input();
        int b = f.input();
        int c = f.input(); // never read
        int dead = f.gate(TruthTable.AND, a, b);
        f.gate(TruthTable.OR, dead, a);
        int x = f.gate(TruthTable.XOR, a, b);
        Circuit circuit = sc.compile(List.of(), new int[] {a >>> 1, b >>> 1, c >>> 1}, 1,
                f.nodes(new int[] {x, x ^ 1, 0, 1, a}, 1), 2, StreamCompiler.Options.defaults());
        assertEquals(3, circuit.creatorInputCount() + circuit.evaluatorInputCount());
        assertEquals(0, circuit.nonLinearCount());
        for (int v = 0; v < 8; v++) {
            boolean[] in = TestBits.bits(v, 3);
            boolean xv = in[0] ^ in[1];
            assertArrayEquals(new boolean[] {xv, !xv, false, true, in[0]}, simulate(circuit, in, 1));
        }
    }

    @Test
    void aBodyTooLargeForLiteralsIsRefused() {
        FrontEnd f = new FrontEnd(new FrontEnd.Sink() {
            @Override
            public void input(int node) {
            }

            @Override
            public void gate(int node, int table, int a, int b) {
            }

            @Override
            public void call(int callee, int[] args, int nArgs, int first, int nOut) {
            }
        }, "the main circuit");
        int x = f.input();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> f.call(0, FrontEnd.MAX_NODES, new int[] {x}, 0));
        assertTrue(e.getMessage().contains("sub-circuits"), e.getMessage());
    }
}
