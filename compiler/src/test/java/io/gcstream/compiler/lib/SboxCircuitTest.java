package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.CircuitBuilder;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SboxCircuitTest {
    @Test
    void randomTablesAreComputedExactly() throws Exception {
        Random rnd = new Random(4);
        for (int n = 1; n <= 5; n++) {
            for (int r = 0; r < 5; r++) {
                int m = 1 + rnd.nextInt(6);
                int[] table = new int[1 << n];
                for (int x = 0; x < table.length; x++) {
                    table[x] = rnd.nextInt(1 << m);
                }
                CircuitBuilder b = new CircuitBuilder();
                b.evaluatorOutput(SboxCircuit.build(b, b.evaluatorInput(n), table, m));
                Circuit c = b.build();
                // at most one AND per monomial of degree >= 2
                assertTrue(c.nonLinearCount() <= (1 << n) - 1 - n);
                for (int x = 0; x < table.length; x++) {
                    assertEquals(table[x], value(Simulator.run(c, new boolean[0], bits(x, n)).evaluatorOutputs()).intValue());
                }
            }
        }
    }

    @Test
    void anfOfAnAndIsOneMonomial() {
        int[] and = {0, 0, 0, 1};
        assertEquals(0b1000, SboxCircuit.anf(and, 2, 1)[0]);
    }
}
