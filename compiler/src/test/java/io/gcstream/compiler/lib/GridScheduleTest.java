package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.Schedule;
import io.gcstream.circuits.testing.ScheduleCheck;
import io.gcstream.compiler.TestBits;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Grids in two groups of lanes: their schedule keeps its contract, and their results are the one-group grid's. */
class GridScheduleTest {
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void groupedGridsKeepTheScheduleContractForEveryTeam() throws Exception {
        // {n, m, lanes a group, steps a segment, groups}: segments as long as the grid allows, and short.
        int[][] grids = {{40, 21, 3, 7, 2}, {21, 40, 3, 2, 2}, {12, 100, 2, 3, 2}, {100, 9, 1, 3, 2}, {33, 20, 1, 1, 2},
            {100, 70, 16, 64, 2}, {70, 40, 5, 7, 2}, {60, 40, 3, 4, 4}, {45, 50, 2, 5, 3}, {150, 140, 16, 64, 4}};
        for (boolean fastGc : new boolean[] {false, true}) {
            for (int[] g : grids) {
                GridCircuit grid = Levenshtein.grid(g[0], g[1], Levenshtein.DNA, fastGc, g[2], g[4], g[3]);
                String what = g[0] + "x" + g[1] + (fastGc ? " fastgc" : "") + " lanes " + grid.lanes()
                        + " steps " + grid.segmentSteps();
                assertEquals(g[4], grid.groups(), what);
                Circuit c = grid.circuit();
                assertNotNull(Circuits.schedule(c), what);
                assertTrue(Circuits.schedule(c).maxSegmentNonLinear() <= Schedule.MAX_SEGMENT_NON_LINEAR, what);
                for (int pieces = 1; pieces <= 5; pieces++) {
                    ScheduleCheck.check(c, pieces);
                }
                assertEquals(HEX.formatHex(grid.inMemory().hash()), HEX.formatHex(c.hash()), what);
            }
        }
    }

    @Test
    void groupedGridsComputeTheDistance() throws Exception {
        Random rnd = new Random(21);
        int[][] grids = {{40, 21, 3, 7}, {21, 40, 3, 2}, {12, 100, 2, 3}, {100, 9, 1, 3}, {33, 20, 1, 1},
            {70, 40, 5, 7}};
        for (boolean fastGc : new boolean[] {false, true}) {
            for (int[] g : grids) {
                Circuit c = Levenshtein.grid(g[0], g[1], Levenshtein.DNA, fastGc, g[2], 2, g[3]).circuit();
                for (int r = 0; r < 3; r++) {
                    int[] a = random(rnd, g[0]);
                    int[] b = r == 0 ? mutated(rnd, a, g[1]) : random(rnd, g[1]);
                    Simulator.Result out = Simulator.run(c, Levenshtein.encode(a, Levenshtein.DNA),
                            Levenshtein.encode(b, Levenshtein.DNA));
                    assertEquals(LevenshteinTest.reference(a, b), value(out.evaluatorOutputs())
                            .intValueExact(), g[0] + "x" + g[1] + (fastGc ? " fastgc" : ""));
                }
            }
        }
    }

    @Test
    void groupedSmithWatermanEqualsTheOneGroupGrid() throws Exception {
        Random rnd = new Random(22);
        int[][] grids = {{50, 24, 3, 4}, {24, 50, 2, 8}};
        for (int[] g : grids) {
            GridCircuit grouped = SmithWaterman.grid(g[0], g[1], g[2], 2, g[3]);
            GridCircuit single = SmithWaterman.grid(g[0], g[1], g[2], 1, g[3]);
            assertEquals(2, grouped.groups());
            assertEquals(1, single.groups());
            Circuit c = grouped.circuit();
            Circuit one = single.circuit();
            assertNull(Circuits.schedule(one));
            for (int pieces = 1; pieces <= 3; pieces++) {
                ScheduleCheck.check(c, pieces);
            }
            for (int r = 0; r < 3; r++) {
                boolean[] x = TestBits.random(rnd, c.creatorInputCount());
                boolean[] y = TestBits.random(rnd, c.evaluatorInputCount());
                assertArrayEquals(Simulator.run(one, x, y).evaluatorOutputs(), Simulator.run(c, x, y).evaluatorOutputs(),
                        g[0] + "x" + g[1]);
            }
        }
    }

    @Test
    void theLibrarysWideGridsCarryASchedule() throws Exception {
        // 120 columns: three groups of 16 lanes (four would leave segments of (120 − 64) / 4 = 14
        // steps, below 16), segments of (120 − 48) / 3 = 24 steps.
        GridCircuit grid = Levenshtein.grid(300, 120, Levenshtein.DNA, false);
        assertEquals(3, grid.groups());
        assertEquals(16, grid.lanes());
        assertEquals(24, grid.segmentSteps());
        Circuit c = grid.circuit();
        assertEquals(Levenshtein.nonLinearCount(300, 120, Levenshtein.DNA), c.nonLinearCount());
        ScheduleCheck.check(c, 2);
        ScheduleCheck.check(c, 3);
        Random rnd = new Random(23);
        int[] a = random(rnd, 300);
        int[] b = mutated(rnd, a, 120);
        Simulator.Result out = Simulator.run(c, Levenshtein.encode(a, Levenshtein.DNA), Levenshtein.encode(b, Levenshtein.DNA));
        assertEquals(LevenshteinTest.reference(a, b), value(out.evaluatorOutputs()).intValueExact());
        // Too narrow for two groups of 16 with segments of 16 steps: one group, no schedule.
        GridCircuit narrow = Levenshtein.grid(300, 63, Levenshtein.DNA, false);
        assertEquals(1, narrow.groups());
        assertNull(Circuits.schedule(narrow.circuit()));
        assertEquals(2, Levenshtein.grid(300, 64, Levenshtein.DNA, false).groups());
        // 200 columns: four groups, segments of (200 − 64) / 4 = 34 steps.
        GridCircuit wide = Levenshtein.grid(2000, 200, Levenshtein.DNA, false);
        assertEquals(4, wide.groups());
        assertEquals(34, wide.segmentSteps());
    }

    private static int[] random(Random rnd, int length) {
        int[] s = new int[length];
        for (int i = 0; i < length; i++) {
            s[i] = rnd.nextInt(4);
        }
        return s;
    }

    /** {@code length} characters of {@code s} with about one in eight changed: a distance well below the length. */
    private static int[] mutated(Random rnd, int[] s, int length) {
        int[] t = new int[length];
        for (int i = 0; i < length; i++) {
            t[i] = i < s.length && rnd.nextInt(8) != 0 ? s[i] : rnd.nextInt(4);
        }
        return t;
    }
}
