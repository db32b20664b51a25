package io.gcstream.circuits.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.RandomCircuits;
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
}
