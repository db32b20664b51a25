package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.internal.TruthTable;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class GateListTest {
    @Test
    void encodesGatesAndCalls() {
        GateList g = new GateList();
        int a = g.addInput();
        int b = g.addInput();
        assertArrayEquals(new int[] {2, 3}, g.inputs());
        int x = g.gate(TruthTable.AND, a, b);
        int[] r = g.call(4, 2, new int[] {x, a});
        assertEquals(4, x);
        assertArrayEquals(new int[] {5, 6}, r);
        assertArrayEquals(new int[] {TruthTable.AND, 4, 2, 3, -5, 2, 2, 4, 2, 5, 6}, Arrays.copyOf(g.code(), g.length()));
        assertEquals(2, g.instructionCount());
        assertEquals(4, GateList.instructionLength(g.code(), 0));
        assertEquals(7, GateList.instructionLength(g.code(), 4));
        assertEquals(7, g.wireCount());
        assertTrue(GateList.isConstant(GateList.ZERO) && GateList.isConstant(GateList.ONE));
    }

    @Test
    void copyRemappedRenamesWiresOfGatesAndCalls() {
        GateList g = new GateList();
        int a = g.addInput();
        int b = g.addInput();
        int x = g.gate(TruthTable.AND, a, b);
        int[] r = g.call(0, 2, new int[] {x, a});
        // Rebuild into a list whose inputs get other ids (an extra input first).
        GateList out = new GateList();
        out.addInput();
        int[] map = new int[g.wireCount()];
        map[a] = out.addInput();
        map[b] = out.addInput();
        out.copyRemapped(g, 0, map);
        out.copyRemapped(g, 4, map);
        assertEquals(5, map[x]);
        assertArrayEquals(new int[] {6, 7}, new int[] {map[r[0]], map[r[1]]});
        assertArrayEquals(new int[] {TruthTable.AND, 5, 3, 4, -1, 2, 2, 5, 3, 6, 7},
                Arrays.copyOf(out.code(), out.length()));
    }

    @Test
    void rejectsUnknownWiresAndBadTables() {
        GateList g = new GateList();
        int a = g.addInput();
        assertThrows(IllegalArgumentException.class, () -> g.gate(16, a, a));
        assertThrows(IllegalArgumentException.class, () -> g.gate(TruthTable.AND, a, 3));
        assertThrows(IllegalArgumentException.class, () -> g.setOutputs(new int[] {-1}));
        assertThrows(IllegalArgumentException.class, () -> g.setInputOrder(new int[] {a, a}));
        assertThrows(IllegalArgumentException.class, () -> g.call(-1, 1, new int[0]));
    }

    @Test
    void reordersInputs() {
        GateList g = new GateList();
        int a = g.addInput();
        int b = g.addInput();
        g.setInputOrder(new int[] {b, a});
        assertArrayEquals(new int[] {b, a}, g.inputs());
    }
}
