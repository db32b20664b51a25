package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.compiler.dsl.TableNetwork.Form;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TableSynthesisTest {
    @Test
    void neverWorseThanTheAlgebraicNormalForm() {
        Random rnd = new Random(11);
        for (int m = 1; m <= 8; m++) {
            for (int n : new int[] {1, 3, 8}) {
                int[] t = TableTest.random(m, n, rnd.nextLong());
                TableNetwork net = TableSynthesis.synthesize(t, m, n); // checks every entry itself
                assertTrue(net.andCount() <= (1 << m) - m - 1, m + " -> " + n + ": " + net.andCount());
                if (m == 8 && n == 8) {
                    assertEquals(net.andCount(), TableSynthesis.synthesize(t, m, n).andCount(), "deterministic");
                }
            }
        }
    }

    @Test
    void aWrongNetworkIsCaught() {
        Form x0 = new Form(new int[] {0}, false);
        TableNetwork copy = new TableNetwork(1, new Form[0][], new Form[] {x0}, "test");
        TableSynthesis.verify(copy, new int[] {0, 1}, 1, 1);
        assertThrows(IllegalStateException.class, () -> TableSynthesis.verify(copy, new int[] {1, 0}, 1, 1));
        assertThrows(IllegalStateException.class, // a form may only read earlier signals
                () -> new TableNetwork(1, new Form[][] {{x0, new Form(new int[] {1}, false)}}, new Form[0], "t"));
    }

    @Test
    void affineChangesOfVariablesInvert() {
        Random rnd = new Random(5);
        for (int m = 1; m <= 6; m++) {
            TableSynthesis.Affine a = TableSynthesis.Affine.random(m, rnd);
            for (int y = 0; y < 1 << m; y++) {
                int x = a.apply(y);
                boolean[] signals = new boolean[m];
                for (int i = 0; i < m; i++) {
                    signals[i] = ((x >> i) & 1) != 0;
                }
                for (int i = 0; i < m; i++) {
                    assertEquals(((y >> i) & 1) != 0, a.yForm(i).form().eval(signals), "m = " + m + ", y = " + y);
                }
            }
        }
    }

    @Test
    void monomialsShareTheirParts() {
        boolean[] needed = new boolean[1 << 6];
        needed[0b000111] = true;
        needed[0b001110] = true;
        assertEquals(3, new TableSynthesis.Closure(6, needed).steps()); // x1x2 once, for both
        needed = new boolean[1 << 6];
        needed[0b001111] = true;
        needed[0b111100] = true;
        needed[0b111111] = true;
        List<int[]> steps = new TableSynthesis.Closure(6, needed).stepList();
        // the last is the product of the two overlapping halves: one AND
        assertArrayEquals(new int[] {0b111111, 0b111100, 0b001111}, steps.get(steps.size() - 1));
    }
}
