package io.gcstream.circuits.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.circuits.Simulator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CircuitWalkerTest {
    private static List<int[]> flatten(Circuit c) throws IOException {
        List<int[]> gates = new ArrayList<>();
        new CircuitWalker(c).walk((ops, count) -> {
            for (int g = 0; g < count; g++) {
                gates.add(new int[] {ops[4 * g], ops[4 * g + 1], ops[4 * g + 2], ops[4 * g + 3]});
            }
        });
        return gates;
    }

    @Test
    void nestedCallsGetFramesAboveTheirCallerAndCopyGates() throws IOException {
        // inner: in 0, out 1 = NOT 0 (2 slots). outer: in 0, out 2 = inner(0) via slot 1 (3 slots).
        SubCircuit inner = SubCircuit.of("inner", new int[] {0}, new int[] {1}, 2,
                new Body.Builder().gate(1, 0, 0, TruthTable.NOT).build(), List.of());
        SubCircuit outer = SubCircuit.of("outer", new int[] {0}, new int[] {2}, 3,
                new Body.Builder().call(0, new int[] {0}, new int[] {1}).gate(2, 1, 1, TruthTable.COPY)
                        .build(), List.of(inner));
        assertEquals(3 + 2, outer.frameDepth());
        Circuit.Builder b = Circuit.builder();
        b.addSubCircuit(inner);
        b.addSubCircuit(outer);
        Circuit c = b.creatorInputs(0).evaluatorOutputs(1).numSlots(2)
                .body(new Body.Builder().call(1, new int[] {0}, new int[] {1}).build()).build();
        assertEquals(2 + 5, c.labelSlots());
        List<int[]> g = flatten(c);
        // main frame [0,2), outer frame [2,5), inner frame [5,7)
        int[][] want = {
            {2, 0, 0, TruthTable.COPY},   // outer.in0 <- main 0
            {5, 2, 2, TruthTable.COPY},   // inner.in0 <- outer 0
            {6, 5, 5, TruthTable.NOT},    // inner body
            {3, 6, 6, TruthTable.COPY},   // outer 1 <- inner.out
            {4, 3, 3, TruthTable.COPY},   // outer body
            {1, 4, 4, TruthTable.COPY},   // main 1 <- outer.out
        };
        assertEquals(want.length, g.size());
        for (int i = 0; i < want.length; i++) {
            assertEquals(java.util.Arrays.toString(want[i]), java.util.Arrays.toString(g.get(i)), "gate " + i);
        }
        assertEquals(false, Simulator.run(c, new boolean[] {true}, new boolean[0]).evaluatorOutputs()[0]);
        assertEquals(true, Simulator.run(c, new boolean[] {false}, new boolean[0]).evaluatorOutputs()[0]);
    }

    @Test
    void everyGateStaysBelowLabelSlotsAndBatchesAreFull() throws IOException {
        Random rnd = new Random(5);
        for (int k = 0; k < 20; k++) {
            Circuit c = RandomCircuits.generate(rnd, 4, 1000);
            long expanded = 0;
            List<int[]> g = flatten(c);
            for (int[] x : g) {
                for (int j = 0; j < 3; j++) {
                    assertTrue(x[j] >= 0 && x[j] < c.labelSlots());
                }
                if (x[3] != TruthTable.COPY || x[1] != x[2]) {
                    expanded++;
                }
            }
            assertTrue(g.size() >= c.gateCount());
            assertTrue(expanded <= c.gateCount());
        }
        int[] batches = {0, 0};
        new CircuitWalker(PatternBody.circuit(5000, 200)).walk((ops, count) -> {
            batches[0]++;
            batches[1] += count;
            assertTrue(count > 0 && count <= CircuitWalker.BATCH);
        });
        assertEquals(5000, batches[1]);
        assertEquals(5, batches[0]);
    }

    /**
     * A main body calling a chain of {@link Limits#MAX_NESTING} nested definitions (each calls
     * the one below it, then negates) walks in a thread with a 64 KiB stack: the walker keeps
     * its frames on the heap, not on the Java stack.
     */
    @Test
    void theDeepestNestingWalksWithoutRecursion() throws Exception {
        Circuit.Builder b = Circuit.builder();
        List<SubCircuit> chain = new java.util.ArrayList<>();
        chain.add(SubCircuit.of("c0", new int[] {0}, new int[] {1}, 2,
                new Body.Builder().gate(1, 0, 0, TruthTable.NOT).build(), chain));
        for (int k = 1; k < Limits.MAX_NESTING; k++) {
            chain.add(SubCircuit.of("c" + k, new int[] {0}, new int[] {1}, 2,
                    new Body.Builder().call(k - 1, new int[] {0}, new int[] {1}).gate(1, 1, 1, TruthTable.NOT)
                            .build(), chain));
        }
        chain.forEach(b::addSubCircuit);
        Circuit c = b.creatorInputs(0).evaluatorOutputs(1).numSlots(2)
                .body(new Body.Builder().call(chain.size() - 1, new int[] {0}, new int[] {1}).build()).build();
        assertEquals(2 + 2L * Limits.MAX_NESTING, c.labelSlots());
        boolean[][] out = new boolean[2][];
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                // 1000 negations: the input comes out unchanged.
                out[0] = Simulator.run(c, new boolean[] {true}, new boolean[0]).evaluatorOutputs();
                out[1] = Simulator.run(c, new boolean[] {false}, new boolean[0]).evaluatorOutputs();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "small-stack walker", 64 * 1024);
        t.start();
        t.join();
        if (failure[0] != null) {
            throw new AssertionError("walking 1000 nested frames failed", failure[0]);
        }
        assertTrue(out[0][0]);
        assertEquals(false, out[1][0]);
        assertEquals(3 * Limits.MAX_NESTING, flatten(c).size(), "each level: a copy in, a NOT, a copy out");
        // One level more is refused where it is defined.
        CircuitFormatException e = assertThrows(CircuitFormatException.class,
                () -> SubCircuit.of("c1000", new int[] {0}, new int[] {1}, 2,
                        new Body.Builder().call(999, new int[] {0}, new int[] {1}).build(), chain));
        assertEquals("instruction 1: sub-circuit c1000: call of c999 (nested 1000 deep) nests sub-circuits"
                + " more than 1000 deep", e.getMessage());
    }
}
