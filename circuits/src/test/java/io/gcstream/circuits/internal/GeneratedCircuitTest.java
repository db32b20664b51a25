package io.gcstream.circuits.internal;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Simulator;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class GeneratedCircuitTest {
    /** in: 0 (creator), 1 (evaluator); out: slot 2 = NOT(0 AND 1), via a call of "and". */
    private static final SubCircuit AND = SubCircuit.of("and", new int[] {0, 1}, new int[] {2}, 3,
            new Body.Builder().gate(2, 0, 1, TruthTable.AND).build(), List.of());

    /** Emits {@code calls} calls of AND on slots 0, 1 into slot 2, then NOT 2 into 2. */
    private static final class Calls extends AbstractInstructionReader {
        private final int calls;
        private final int badSlot;
        private int k;

        Calls(int calls, int badSlot) {
            this.calls = calls;
            this.badSlot = badSlot;
        }

        @Override
        public boolean next() {
            if (k < calls) {
                int[] s = call(0, 3);
                s[0] = 0;
                s[1] = k == 1 && badSlot >= 0 ? badSlot : 1;
                s[2] = 2;
                k++;
                return true;
            }
            if (k == calls) {
                gate(TruthTable.NOT, 2, 2, 2);
                k++;
                return true;
            }
            return false;
        }

        @Override
        public String position() {
            return "generated " + k;
        }
    }

    private static Circuit circuit(int calls, long declaredCalls, int badSlot) {
        return GeneratedCircuit.builder().name("test").creatorInputs(0).evaluatorInputs(1).evaluatorOutputs(2)
                .numSlots(4).subCircuits(List.of(AND))
                .counts(declaredCalls + 1, declaredCalls + 1, declaredCalls, AND.frameDepth())
                .body(() -> new Calls(calls, badSlot)).build();
    }

    @Test
    void aCorrectGeneratorRunsLikeAHeldCircuit() throws IOException {
        Circuit c = circuit(5, 5, -1);
        assertEquals(6, c.instructionCount());
        assertEquals(4 + 3, c.labelSlots());
        for (int x = 0; x < 4; x++) {
            boolean a = (x & 1) == 1;
            boolean b = (x & 2) == 2;
            boolean out = Simulator.run(c, new boolean[] {a}, new boolean[] {b}).evaluatorOutputs()[0];
            assertEquals(!(a && b), out);
        }
        Circuits.Builder held = Circuits.builder().creatorInputs(0).evaluatorInputs(1).evaluatorOutputs(2).numSlots(4);
        held.addSubCircuit(AND);
        Body.Builder body = new Body.Builder();
        for (int k = 0; k < 5; k++) {
            body.call(0, new int[] {0, 1}, new int[] {2});
        }
        body.gate(2, 2, 2, TruthTable.NOT);
        assertEquals(HexFormat.of().formatHex(held.body(body.build()).build().hash()), HexFormat.of().formatHex(c.hash()));
    }

    @Test
    void wrongCountsAreFoundAtTheEndOfThePass() {
        Circuit c = circuit(5, 4, -1);
        CircuitFormatException e = assertThrows(CircuitFormatException.class, c::hash);
        assertTrue(e.getMessage().contains("declares 5 instructions but its generator produces more"),
                e.getMessage());
        Circuit fewer = circuit(3, 4, -1);
        CircuitFormatException f = assertThrows(CircuitFormatException.class,
                () -> Simulator.run(fewer, new boolean[1], new boolean[1]));
        assertTrue(f.getMessage().contains("declares 5 instructions but its generator produced 4"), f.getMessage());
    }

    @Test
    void invalidInstructionsAreFoundWhereTheyAre() {
        Circuit c = circuit(5, 5, 3); // the second call reads slot 3, never written
        CircuitFormatException e = assertThrows(CircuitFormatException.class,
                () -> Simulator.run(c, new boolean[1], new boolean[1]));
        assertTrue(e.getMessage().contains("instruction 2 (generated 2)") && e.getMessage().contains("slot 3"),
                e.getMessage());
        assertFalse(e.getMessage().isBlank());
        assertThrows(CircuitFormatException.class, () -> HexFormat.of().formatHex(circuit(5, 5, 9).hash())); // out of range
    }

    @Test
    void theFrameIsCheckedWhenBuilt() {
        assertThrows(CircuitFormatException.class, () -> GeneratedCircuit.builder().creatorInputs(0, 0)
                .numSlots(2).counts(0, 0, 0, 0).body(() -> new Calls(0, -1)).build());
        assertThrows(IllegalArgumentException.class, () -> GeneratedCircuit.builder().creatorInputs(0)
                .evaluatorOutputs(7).numSlots(2).counts(0, 0, 0, 0).body(() -> new Calls(0, -1)).build());
        assertThrows(IllegalArgumentException.class, () -> GeneratedCircuit.builder().numSlots(2)
                .body(() -> new Calls(0, -1)).build());
    }
}
