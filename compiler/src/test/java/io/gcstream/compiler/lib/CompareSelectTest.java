package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.SubCircuitDef;
import io.gcstream.compiler.Word;
import org.junit.jupiter.api.Test;

class CompareSelectTest {
    @Test
    void smallerOfTwoWith2bAndsExhaustively() throws Exception {
        for (int w : new int[] {1, 2, 3, 5}) {
            CircuitBuilder b = new CircuitBuilder();
            SubCircuitDef cs = CompareSelect.define(b, w);
            Word x = b.creatorInput(w);
            Word y = b.evaluatorInput(w);
            b.evaluatorOutput(cs.call(x, y));
            b.evaluatorOutput(CompareSelect.min(b, y, x));
            Circuit c = b.build();
            assertEquals(4 * w, c.nonLinearCount(), "a call and an inline copy, 2b ANDs each");
            for (int i = 0; i < 1 << w; i++) {
                for (int j = 0; j < 1 << w; j++) {
                    boolean[] out = Simulator.run(c, bits(i, w), bits(j, w)).evaluatorOutputs();
                    assertEquals(Math.min(i, j), value(out, 0, w).intValue(), i + " " + j);
                    assertEquals(Math.min(i, j), value(out, w, w).intValue(), i + " " + j);
                }
            }
        }
    }
}
