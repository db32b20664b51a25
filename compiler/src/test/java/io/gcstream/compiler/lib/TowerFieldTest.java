package io.gcstream.compiler.lib;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TowerFieldTest {
    /** Multiplication in the AES field GF(2)[x]/(x^8 + x^4 + x^3 + x + 1). */
    private static int gmul(int a, int b) {
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
