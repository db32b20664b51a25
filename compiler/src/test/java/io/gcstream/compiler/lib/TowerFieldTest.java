package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.CircuitBuilder;
import java.util.function.IntUnaryOperator;
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

    /** The S-box's two basis changes and xtime: exact on all 256 inputs; shared sums save XORs. */
    @Test
    void linearMapsAreExactAndShareSums() throws Exception {
        IntUnaryOperator[] maps = {TowerField::toTower, v -> Aes128.affine(TowerField.fromTower(v)), Aes128::xtime};
        for (int m = 0; m < maps.length; m++) {
            IntUnaryOperator f = maps[m];
            CircuitBuilder b = new CircuitBuilder();
            b.evaluatorOutput(TowerField.linear(b, b.evaluatorInput(8), 8, f));
            Circuit c = b.build();
            for (int v = 0; v < 256; v++) {
                int got = value(Simulator.run(c, new boolean[0], bits(v, 8)).evaluatorOutputs()).intValue();
                assertEquals(f.applyAsInt(v), got, "map " + m + ", input " + v);
            }
            int chains = chainXors(f);
            if (m < 2) {
                assertTrue(c.gateCount() < chains, "map " + m + ": " + c.gateCount() + " XORs, not fewer than the "
                        + chains + " of one chain per output bit");
            } else {
                assertTrue(c.gateCount() <= chains, "xtime: " + c.gateCount() + " XORs");
            }
        }
    }

    /** XORs of one chain per output bit of an 8-bit linear map. */
    private static int chainXors(IntUnaryOperator f) {
        int xors = 0;
        for (int j = 0; j < 8; j++) {
            int ones = 0;
            for (int i = 0; i < 8; i++) {
                ones += (f.applyAsInt(1 << i) >> j) & 1;
            }
            xors += Math.max(0, ones - 1);
        }
        return xors;
    }
}
