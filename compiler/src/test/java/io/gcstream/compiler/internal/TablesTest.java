package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.internal.TruthTable;
import org.junit.jupiter.api.Test;

class TablesTest {
    @Test
    void transformsAgreeWithEvaluationForAllTables() {
        for (int t = 0; t < 16; t++) {
            for (int a = 0; a < 2; a++) {
                for (int b = 0; b < 2; b++) {
                    int f = TruthTable.eval(t, a, b);
                    assertEquals(f, TruthTable.eval(Tables.flipFirst(t), a ^ 1, b));
                    assertEquals(f, TruthTable.eval(Tables.flipSecond(t), a, b ^ 1));
                    assertEquals(f, TruthTable.eval(Tables.swap(t), b, a));
                    assertEquals(f, (Tables.fixFirst(t, a) >> (1 - b)) & 1);
                    assertEquals(f, (Tables.fixSecond(t, b) >> (1 - a)) & 1);
                }
                assertEquals(TruthTable.eval(t, a, a), (Tables.diagonal(t) >> (1 - a)) & 1);
            }
        }
        assertEquals(true, Tables.dependsOnFirst(TruthTable.AND) && Tables.dependsOnSecond(TruthTable.AND));
        assertEquals(false, Tables.dependsOnSecond(TruthTable.NOT));
        assertEquals(false, Tables.dependsOnFirst(0b0101)); // f(a, b) = b
    }
}
