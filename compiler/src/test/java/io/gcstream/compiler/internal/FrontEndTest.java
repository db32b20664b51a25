package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.internal.TruthTable;
import org.junit.jupiter.api.Test;

class FrontEndTest {
    /** Counts what reaches the sink. */
    private static final class Count implements FrontEnd.Sink {
        int gates;

        @Override
        public void input(int node) {
        }

        @Override
        public void gate(int node, int table, int a, int b) {
            gates++;
        }

        @Override
        public void call(int callee, int[] args, int nArgs, int first, int nOut) {
        }
    }

    @Test
    void negationIsFreeAndConstantsFold() {
        Count c = new Count();
        FrontEnd f = new FrontEnd(c, "test");
        int x = f.input();
        int y = f.input();
        assertEquals(x, f.gate(TruthTable.NOT, x, x) ^ 1, "NOT flips the literal");
        assertEquals(0, c.gates);
        assertEquals(0, f.gate(TruthTable.AND, x, 0));
        assertEquals(x, f.gate(TruthTable.AND, x, 1));
        assertEquals(x ^ 1, f.gate(TruthTable.XOR, x, 1));
        assertEquals(0, f.gate(TruthTable.XOR, y, y));
        assertEquals(1, f.gate(TruthTable.XNOR, y, y));
        assertEquals(0, c.gates);
        int a = f.gate(TruthTable.AND, x ^ 1, y);
        assertEquals(a, f.gate(TruthTable.AND, y, x ^ 1), "commuted inputs meet");
        assertEquals(1, c.gates);
        assertNotEquals(a, f.gate(TruthTable.AND, x, y));
        int[] nodes = f.nodes(new int[] {a, a ^ 1, 0, 1}, x >>> 1);
        assertEquals(a >>> 1, nodes[0]);
        assertEquals(5, c.gates, "a NOT and the two constants' gates made where a wire must hold them");
    }

    @Test
    void aDuplicateWithinTheWindowIsMergedAndOneFarBackIsMadeAgain() {
        Count c = new Count();
        FrontEnd f = new FrontEnd(c, "test");
        int x = f.input();
        int y = f.input();
        int first = f.gate(TruthTable.AND, x, y);
        int acc = first;
        for (int i = 0; i < FrontEnd.REMEMBERED_GATES / 2; i++) {
            acc = f.gate(TruthTable.XOR, acc, i % 2 == 0 ? x : y);
        }
        assertEquals(first, f.gate(TruthTable.AND, x, y), "remembered");
        for (int i = 0; i < 3 * FrontEnd.REMEMBERED_GATES; i++) {
            acc = f.gate(TruthTable.XOR, acc, i % 2 == 0 ? x : y);
        }
        int gates = c.gates;
        int again = f.gate(TruthTable.AND, x, y);
        assertNotEquals(first, again, "forgotten: computed again, still correct");
        assertEquals(gates + 1, c.gates);
    }

    @Test
    void literalsOfAnotherBodyOrOutOfRangeAreInvalid() {
        FrontEnd f = new FrontEnd(new Count(), "test");
        int x = f.input();
        assertEquals(true, f.valid(x) && f.valid(x ^ 1) && f.valid(0) && f.valid(1));
        assertEquals(false, f.valid(x + 2) || f.valid(-1));
        assertThrows(IllegalArgumentException.class, () -> f.nodes(new int[] {0}, 0));
    }
}
