package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.TestBits;
import io.gcstream.compiler.bristol.BristolPrograms;
import java.io.IOException;
import java.io.Reader;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SlotAllocatorTest {
    @Test
    void sIsTheMaximumNumberOfLiveWiresOnRandomLists() {
        Random rnd = new Random(7);
        for (int r = 0; r < 300; r++) {
            Program p = RandomPrograms.program(rnd, rnd.nextInt(3), 5 + rnd.nextInt(120));
            for (Program.Sub s : p.subs()) {
                check(Optimizer.optimize(s.body()));
            }
            check(Optimizer.optimize(p.main()));
        }
    }

    private static void check(GateList g) {
        int s = SlotAllocator.allocate(g).numSlots();
        assertEquals(LivenessOracle.bruteForce(g), s);
        assertEquals(LivenessOracle.sweep(g), s);
    }

    @Test
    void allocatedRandomProgramsComputeTheSame() throws IOException {
        Random rnd = new Random(11);
        for (int r = 0; r < 300; r++) {
            Program p = RandomPrograms.program(rnd, rnd.nextInt(4), 5 + rnd.nextInt(100));
            Circuit c = p.compile(); // Circuit.Builder checks every slot
            int nc = c.creatorInputCount();
            for (int k = 0; k < 4; k++) {
                boolean[] in = TestBits.random(rnd, p.main().inputCount());
                Simulator.Result res = Simulator.run(c, Arrays.copyOf(in, nc), Arrays.copyOfRange(in, nc, in.length));
                assertArrayEquals(ProgramEval.run(p, in), TestBits.concat(res.creatorOutputs(), res.evaluatorOutputs()));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bristol_fashion/aes_128", "bristol_fashion/sha256", "bristol_fashion/mult2_64",
        "bristol_fashion/divide64", "bristol_fashion/adder64", "bristol_format/AES-non-expanded"})
    void sIsTheMaximumNumberOfLiveWiresOnBristolCircuits(String name) throws IOException, URISyntaxException {
        Path file = Path.of(getClass().getResource("/bristol/" + name + ".txt").toURI());
        try (Reader r = Files.newBufferedReader(file)) {
            Program p = BristolPrograms.parse(r, name, name.startsWith("bristol_format"));
            GateList g = Optimizer.optimize(p.main());
            for (GateList order : new GateList[] {g, Reorder.depthFirst(g), Reorder.greedy(g)}) {
                int s = SlotAllocator.allocate(order).numSlots();
                assertEquals(LivenessOracle.sweep(order), s, name);
                if (order.instructionCount() < 2000) {
                    assertEquals(LivenessOracle.bruteForce(order), s, name);
                }
            }
        }
    }

    @Test
    void aGateMayWriteTheSlotOfItsDyingInput() {
        GateList g = new GateList();
        int a = g.addInput();
        int b = g.addInput();
        int x = g.gate(TruthTable.AND, a, b);
        int y = g.gate(TruthTable.NOT, x, x);
        g.setOutputs(new int[] {y});
        SlotAllocator.Allocation al = SlotAllocator.allocate(g);
        assertEquals(2, al.numSlots());
        assertArrayEquals(new int[] {0, 1}, al.inputSlots());
        // x takes slot 0 (freed by a), y takes slot 0 again (freed by x).
        assertArrayEquals(new int[] {TruthTable.AND, 0, 0, 1, TruthTable.NOT, 0, 0, 0},
                Arrays.copyOf(al.body().code(), al.body().length()));
        assertArrayEquals(new int[] {0}, al.outputSlots());
    }

    @Test
    void unusedInputsAndCallResultsAreFreedAtOnce() {
        GateList sub = new GateList();
        int s0 = sub.addInput();
        sub.setOutputs(new int[] {s0, sub.gate(TruthTable.NOT, s0, s0)});
        GateList g = new GateList();
        int a = g.addInput();
        g.addInput(); // never used
        int[] r = g.call(0, 2, new int[] {a}); // r[1] never used
        int z = g.gate(TruthTable.NOT, r[0], r[0]);
        int z2 = g.gate(TruthTable.XOR, z, r[0]);
        g.setOutputs(new int[] {z2, z});
        SlotAllocator.Allocation al = SlotAllocator.allocate(g);
        assertEquals(LivenessOracle.bruteForce(g), al.numSlots());
        // b's slot is free at once; the call's results take a's slot and b's, r[1]'s is freed
        // again for z; z2 takes r[0]'s slot at r[0]'s last use.
        assertEquals(2, al.numSlots());
    }

    @Test
    void outputsLiveToTheEnd() {
        GateList g = new GateList();
        int a = g.addInput();
        int x = g.gate(TruthTable.NOT, a, a);
        int y = g.gate(TruthTable.NOT, x, x);
        g.gate(TruthTable.NOT, y, y);
        g.setOutputs(new int[] {x, a});
        assertEquals(LivenessOracle.bruteForce(g), SlotAllocator.allocate(g).numSlots());
    }

    @Test
    void rejectsConstantsLeftInTheList() {
        GateList g = new GateList();
        int a = g.addInput();
        g.setOutputs(new int[] {g.gate(TruthTable.AND, a, GateList.ONE)});
        assertThrows(IllegalArgumentException.class, () -> SlotAllocator.allocate(g));
        GateList h = new GateList();
        h.addInput();
        h.setOutputs(new int[] {GateList.ZERO});
        assertThrows(IllegalArgumentException.class, () -> SlotAllocator.allocate(h));
    }
}
