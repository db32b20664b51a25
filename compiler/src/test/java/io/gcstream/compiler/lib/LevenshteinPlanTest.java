package io.gcstream.compiler.lib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Body;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LevenshteinPlanTest {
    private static final int C = LevenshteinPlan.CORNER;
    private static final int T = LevenshteinPlan.TOP;
    private static final int L = LevenshteinPlan.LEFT;
    private static final int I = LevenshteinPlan.INTERIOR;
    private static final int R = LevenshteinPlan.READOUT;

    @Test
    void callsGoRowByRowOverTheLongerString() {
        LevenshteinPlan p = new LevenshteinPlan(3, 4, 2);
        assertEquals(4, p.rows());
        assertEquals(3, p.columns());
        int[] roles = new int[(int) p.callCount()];
        for (int k = 0; k < roles.length; k++) {
            roles[k] = p.role(k);
        }
        assertArrayEquals(new int[] {C, T, T, L, I, I, L, I, I, L, I, I, R}, roles);
        assertThrows(IndexOutOfBoundsException.class, () -> p.role(13));
        assertEquals(1, p.callsOf(C));
        assertEquals(2, p.callsOf(T));
        assertEquals(3, p.callsOf(L));
        assertEquals(6, p.callsOf(I));
    }

    @Test
    void slotsFollowTheDocumentedLayout() {
        // Creator 3 characters (slots 0..5), evaluator 4 (6..13): the evaluator's string is the row string.
        LevenshteinPlan p = new LevenshteinPlan(3, 4, 2);
        int h = 14;
        int v = h + 6;
        int out = v + 2;
        assertEquals(out + 3, p.numSlots());
        int[] s = new int[p.maxCallSlots()];
        // Cell (1, 1): evaluator's char 0, creator's char 0; writes h[1][1] and v.
        assertArrayEquals(new int[] {6, 7, 0, 1, h, h + 1, v, v + 1}, Arrays.copyOf(s, p.slots(0, s)));
        // Cell (1, 2): row 1, reads v.
        assertArrayEquals(new int[] {6, 7, 2, 3, v, v + 1, h + 2, h + 3, v, v + 1}, Arrays.copyOf(s, p.slots(1, s)));
        // Cell (2, 1): column 1, reads h[1][1].
        assertArrayEquals(new int[] {8, 9, 0, 1, h, h + 1, h, h + 1, v, v + 1}, Arrays.copyOf(s, p.slots(3, s)));
        // Cell (4, 3): inside, reads h[3][3] and v.
        assertArrayEquals(new int[] {12, 13, 4, 5, h + 4, h + 5, v, v + 1, h + 4, h + 5, v, v + 1},
                Arrays.copyOf(s, p.slots(11, s)));
        assertArrayEquals(new int[] {h, h + 1, h + 2, h + 3, h + 4, h + 5, out, out + 1, out + 2},
                Arrays.copyOf(s, p.slots(12, s)));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, p.creatorInputs());
        assertArrayEquals(new int[] {6, 7, 8, 9, 10, 11, 12, 13}, p.evaluatorInputs());
        assertArrayEquals(new int[] {out, out + 1, out + 2}, p.outputs());
    }

    @Test
    void theCreatorsStringIsTheRowStringWhenItIsNotShorter() {
        LevenshteinPlan p = new LevenshteinPlan(5, 5, 8);
        int[] s = new int[p.maxCallSlots()];
        p.slots(0, s);
        assertEquals(0, s[0]);
        assertEquals(40, s[8]);
    }

    @Test
    void unusedRolesGetNoSubCircuit() {
        // One character against five: a grid of 5 rows and 1 column, so no row-1 cell but the first.
        LevenshteinPlan column = new LevenshteinPlan(1, 5, 2);
        assertFalse(column.isUsed(T));
        assertTrue(column.isUsed(L));
        assertFalse(column.isUsed(I));
        assertEquals(0, column.calleeOf(C));
        assertEquals(-1, column.calleeOf(T));
        assertEquals(1, column.calleeOf(L));
        assertEquals(-1, column.calleeOf(I));
        assertEquals(2, column.calleeOf(R));
        LevenshteinPlan one = new LevenshteinPlan(1, 1, 2);
        assertEquals(1, one.calleeOf(R));
        assertEquals(2, one.callCount());
    }

    @Test
    void bodyIntsIsTheLengthOfTheWrittenBody() {
        for (int[] size : new int[][] {{1, 1}, {1, 6}, {6, 1}, {7, 5}, {20, 30}}) {
            for (int sigma : new int[] {1, 2, 8}) {
                LevenshteinPlan p = new LevenshteinPlan(size[0], size[1], sigma);
                Body.Builder b = new Body.Builder();
                p.writeBody(b);
                Body body = b.build();
                assertEquals(p.callCount(), body.instructionCount());
                assertEquals(LevenshteinPlan.bodyInts(p.rows(), p.columns(), sigma, p.outputWidth()), body.length(),
                        Arrays.toString(size) + " sigma " + sigma);
            }
        }
    }
}
