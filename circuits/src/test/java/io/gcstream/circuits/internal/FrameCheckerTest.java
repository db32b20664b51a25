package io.gcstream.circuits.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.CircuitFormatException;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameCheckerTest {
    private static final SubCircuit AND2 = SubCircuit.of("and2", new int[] {0, 1}, new int[] {0}, 2,
            new Body.Builder().gate(0, 0, 1, TruthTable.AND).build(), List.of());

    private static String error(Runnable r) {
        return assertThrows(CircuitFormatException.class, r::run).getMessage();
    }

    @Test
    void acceptsAValidSequenceAndTracksWrites() {
        FrameChecker c = new FrameChecker("main circuit", 4, new int[] {0, 1}, List.of(AND2));
        assertTrue(c.isWritten(0));
        assertFalse(c.isWritten(2));
        c.gate(2, 0, 1, TruthTable.XOR, "g1");
        c.gate(2, 2, 2, TruthTable.NOT, "g2"); // in place
        c.call(0, new int[] {2, 0, 3}, 3, "g3");
        assertTrue(c.isWritten(3));
        c.finish(new int[] {3, 2}, "output", "end");
    }

    @Test
    void messagesNameThePositionTheBodyAndTheFault() {
        FrameChecker c = new FrameChecker("main circuit", 4, new int[] {0}, List.of(AND2));
        assertEquals("f.gct:7: main circuit: reads slot 1 before it is written",
                error(() -> c.gate(2, 0, 1, 1, "f.gct:7")));
        assertEquals("f.gct:8: main circuit: output slot 4 is out of range: numberOfRegisters is 4",
                error(() -> c.gate(4, 0, 0, 1, "f.gct:8")));
        assertEquals("p: main circuit: input slot -1 is out of range: numberOfRegisters is 4",
                error(() -> c.gate(1, -1, 0, 1, "p")));
        assertEquals("p: main circuit: truth table 16 is not a 4-bit number (0..15)",
                error(() -> c.gate(1, 0, 0, 16, "p")));
        assertEquals("p: main circuit: call of undefined sub-circuit #1",
                error(() -> c.call(1, new int[3], 3, "p")));
        assertEquals("p: main circuit: call of and2 binds 2 slots but it takes 2 inputs and 1 outputs",
                error(() -> c.call(0, new int[] {0, 0}, 2, "p")));
        assertEquals("p: main circuit: output slot 3 is never written",
                error(() -> c.finish(new int[] {3}, "output", "p")));
    }

    @Test
    void callOutputsMustBeDistinctAndInputsUnique() {
        SubCircuit two = SubCircuit.of("two", new int[] {0}, new int[] {0, 0}, 1, new Body.Builder().build(),
                List.of());
        FrameChecker c = new FrameChecker("m", 3, new int[] {0}, List.of(two));
        assertTrue(error(() -> c.call(0, new int[] {0, 1, 1}, 3, "p")).contains("writes slot 1 twice"));
        assertTrue(error(() -> new FrameChecker("m", 3, new int[] {1, 1}, List.of()))
                .contains("input slot 1 is listed twice"));
        assertTrue(error(() -> new FrameChecker("m", -1, new int[0], List.of())).contains("negative"));
    }

    @Test
    void lazyPositionIsOnlyComputedOnError() {
        FrameChecker c = new FrameChecker("m", 2, new int[] {0}, List.of());
        int[] asked = {0};
        c.gate(1, 0, 0, 3, () -> {
            asked[0]++;
            return "x";
        });
        assertEquals(0, asked[0]);
        assertTrue(error(() -> c.gate(1, 5, 0, 3, () -> "lazy:1")).startsWith("lazy:1: m: "));
    }

    @Test
    void sMayNotExceedTheInputsPlusTheSlotWrites() {
        FrameChecker c = new FrameChecker("main circuit", 5, new int[] {0, 1}, List.of(AND2));
        c.gate(2, 0, 1, TruthTable.XOR, "g1");
        c.call(0, new int[] {2, 0, 3}, 3, "g2");
        assertEquals("end: main circuit: numberOfRegisters is 5 but the body fills at most 4 slots"
                + " (2 inputs + 2 slot writes): S may not exceed that", error(() -> c.checkNumSlots("end")));
        c.gate(2, 2, 2, TruthTable.NOT, "g3"); // rewriting a slot counts too
        c.checkNumSlots("end");
    }

    @Test
    void aDefinitionsDepthIsOneMoreThanItsDeepestCalleeAndBounded() {
        FrameChecker leaf = new FrameChecker("sub-circuit x", 2, new int[] {0, 1}, List.of(AND2), true);
        assertEquals(1, leaf.depth());
        leaf.call(0, new int[] {0, 1, 0}, 3, "p");
        assertEquals(2, leaf.depth());
        List<SubCircuit> chain = new java.util.ArrayList<>();
        chain.add(AND2);
        for (int k = 1; k < Limits.MAX_NESTING; k++) {
            chain.add(SubCircuit.of("c" + k, new int[] {0, 1}, new int[] {0}, 2,
                    new Body.Builder().call(k - 1, new int[] {0, 1}, new int[] {0}).build(), chain));
        }
        SubCircuit deepest = chain.get(chain.size() - 1);
        assertEquals(Limits.MAX_NESTING, deepest.depth());
        // A main body may call the deepest definition; a definition may not.
        new FrameChecker("main circuit", 2, new int[] {0, 1}, chain).call(chain.size() - 1, new int[] {0, 1, 0}, 3, "p");
        FrameChecker def = new FrameChecker("sub-circuit y", 2, new int[] {0, 1}, chain, true);
        assertEquals("p: sub-circuit y: call of c999 (nested 1000 deep) nests sub-circuits more than 1000 deep",
                error(() -> def.call(chain.size() - 1, new int[] {0, 1, 0}, 3, "p")));
    }
}
