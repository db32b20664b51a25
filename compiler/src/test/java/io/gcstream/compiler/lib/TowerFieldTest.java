package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.CircuitBuilder;
import org.junit.jupiter.api.Test;

class TowerFieldTest {
    /** Multiplication in the AES field GF(2)[x]/(x^8 + x^4 + x^3 + x + 1). */
    static int gmul(int a, int b) {
        int r = 0;
        for (int i = 0; i < 8; i++) {
            if (((b >> i) & 1) == 1) {
                r ^= a;
            }
            a = (a << 1) ^ ((a & 0x80) != 0 ? 0x11b : 0);
        }
        return r;
    }

    @Test
    void basisChangeIsAFieldIsomorphism() {
        for (int a = 0; a < 256; a++) {
            assertEquals(a, TowerField.fromTower(TowerField.toTower(a)));
            for (int b = 0; b < 256; b++) {
                assertEquals(TowerField.toTower(gmul(a, b)), TowerField.mul8(TowerField.toTower(a), TowerField.toTower(b)));
                assertEquals(TowerField.toTower(a ^ b), TowerField.toTower(a) ^ TowerField.toTower(b));
            }
        }
    }

    @Test
    void gf16InverseCircuitHasFiveAnds() throws Exception {
        CircuitBuilder b = new CircuitBuilder();
        b.evaluatorOutput(TowerField.inv4(b, b.evaluatorInput(4)));
        Circuit c = b.build();
        assertEquals(5, c.nonLinearCount());
        for (int v = 0; v < 16; v++) {
            int inv = value(Simulator.run(c, new boolean[0], bits(v, 4)).evaluatorOutputs()).intValue();
            assertEquals(v == 0 ? 0 : 1, TowerField.mul4(v, inv), "inverse of " + v);
        }
    }

    @Test
    void gf256InverseCircuitHas32Ands() throws Exception {
        CircuitBuilder b = new CircuitBuilder();
        b.evaluatorOutput(TowerField.inv8(b, b.evaluatorInput(8)));
        Circuit c = b.build();
        assertEquals(32, c.nonLinearCount());
        for (int v = 0; v < 256; v++) {
            int inv = value(Simulator.run(c, new boolean[0], bits(v, 8)).evaluatorOutputs()).intValue();
            assertEquals(v == 0 ? 0 : 1, TowerField.mul8(v, inv), "inverse of " + v);
        }
    }

    @Test
    void subfieldsAreFields() {
        for (int a = 1; a < 16; a++) {
            int inverses = 0;
            for (int b = 1; b < 16; b++) {
                inverses += TowerField.mul4(a, b) == 1 ? 1 : 0;
            }
            assertEquals(1, inverses, "GF(16) element " + a);
        }
        for (int a = 1; a < 4; a++) {
            assertEquals(1, TowerField.mul2(a, TowerField.mul2(a, a)), "a^3 = 1 in GF(4)");
        }
    }
}
