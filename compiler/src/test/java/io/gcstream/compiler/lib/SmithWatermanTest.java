package io.gcstream.compiler.lib;

import java.util.HexFormat;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SmithWatermanTest {
    /**
     * FastGC's Algorithm 2 as written: every cell takes the maximum over all gap lengths, so it
     * shares nothing with the circuit's recurrences. The score is the largest entry of D.
     */
    static int reference(int[] a, int[] b) {
        int[][] d = new int[a.length + 1][b.length + 1];
        int best = 0;
        for (int i = 1; i <= a.length; i++) {
            for (int j = 1; j <= b.length; j++) {
                int rMax = Integer.MIN_VALUE;
                for (int o = 1; o <= i; o++) {
                    rMax = Math.max(rMax, d[i - o][j] + SmithWaterman.gap(o));
                }
                int cMax = Integer.MIN_VALUE;
                for (int o = 1; o <= j; o++) {
                    cMax = Math.max(cMax, d[i][j - o] + SmithWaterman.gap(o));
                }
                int diag = d[i - 1][j - 1] + SmithWaterman.score(a[i - 1], b[j - 1]);
                d[i][j] = Math.max(Math.max(0, diag), Math.max(rMax, cMax));
                best = Math.max(best, d[i][j]);
            }
        }
        return best;
    }

    private static int simulate(LibraryCircuit lc, int[] a, int[] b) throws Exception {
        Simulator.Result r = Simulator.run(lc.circuit(), lc.encode(Party.CREATOR, SmithWaterman.encode(a)),
                lc.encode(Party.EVALUATOR, SmithWaterman.encode(b)));
        assertArrayEquals(r.creatorOutputs(), r.evaluatorOutputs(), "both parties learn the score");
        return value(r.evaluatorOutputs()).intValueExact();
    }

    private static int[] random(Random rnd, int length) {
        int[] s = new int[length];
        for (int i = 0; i < length; i++) {
            s[i] = rnd.nextInt(20);
        }
        return s;
    }

    @Test
    void blosum62IsSymmetricWithItsKnownDiagonal() {
        int[] diagonal = {4, 5, 6, 6, 9, 5, 5, 6, 8, 4, 4, 5, 5, 6, 7, 4, 5, 11, 7, 4};
        for (int a = 0; a < 20; a++) {
            assertEquals(diagonal[a], SmithWaterman.score(a, a), SmithWaterman.AMINO_ACIDS.charAt(a) + "");
            for (int b = 0; b < 20; b++) {
                assertEquals(SmithWaterman.score(a, b), SmithWaterman.score(b, a));
                assertTrue(SmithWaterman.score(a, b) >= -4 && SmithWaterman.score(a, b) <= 11);
            }
        }
        assertEquals(-19, SmithWaterman.gap(1));
        assertEquals(-26, SmithWaterman.gap(2));
    }

    @Test
    void randomProteinsAgreeWithAlgorithmTwo() throws Exception {
        Random rnd = new Random(6);
        int[][] sizes = {{1, 1}, {1, 6}, {6, 1}, {3, 3}, {8, 5}, {5, 8}, {20, 17}, {17, 20}, {24, 24}};
        for (int[] size : sizes) {
            LibraryCircuit lc = SmithWaterman.library(size[0], size[1]);
            for (int r = 0; r < 6; r++) {
                int[] a = random(rnd, size[0]);
                int[] b = random(rnd, size[1]);
                if (r == 0) {
                    b = new int[size[1]];
                    for (int j = 0; j < b.length; j++) {
                        b[j] = a[j % a.length]; // repeats: long matches, gaps worth taking
                    }
                }
                assertEquals(reference(a, b), simulate(lc, a, b), size[0] + "x" + size[1] + " pair " + r);
            }
        }
    }

    @Test
    void gapsAreAffine() throws Exception {
        // W W W W W W vs W W W A A A W W W: the best path takes one gap of 3 (−33) between two
        // runs of three W (11 each): 66 − 33 = 33, better than 3 W alone (33)? Equal; with four
        // W on each side the gap pays: 88 − 33 = 55 > 44.
        int w = SmithWaterman.AMINO_ACIDS.indexOf('W');
        int a = SmithWaterman.AMINO_ACIDS.indexOf('A');
        int[] x = {w, w, w, w, w, w, w, w};
        int[] y = {w, w, w, w, a, a, a, w, w, w, w};
        assertEquals(55, reference(x, y));
        assertEquals(55, simulate(SmithWaterman.library(8, 11), x, y));
        assertEquals(55, simulate(SmithWaterman.library(11, 8), y, x));
    }

    @Test
    void theStreamedBodyIsTheCheckedInMemoryBody() throws Exception {
        for (int[] size : new int[][] {{1, 1}, {4, 7}, {19, 18}, {30, 12}}) {
            GridCircuit g = SmithWaterman.grid(size[0], size[1], GridCircuit.MAX_LANES);
            assertEquals(HexFormat.of().formatHex(g.inMemory().hash()), HexFormat.of().formatHex(g.circuit().hash()), size[0] + "x" + size[1]);
        }
    }

    @Test
    void sixtyBySixtyFromTheLibraryWithText() throws Exception {
        LibraryCircuit lc = Library.get("smithwaterman60x60");
        Circuit c = lc.circuit();
        assertEquals(10, c.evaluatorOutputCount());
        assertTrue(c.nonLinearCount() < 1_000_000, c.nonLinearCount() + " ANDs");
        assertEquals(60 * 5, lc.valueWidth(Party.CREATOR));
        assertEquals(60 * 100, c.creatorInputCount());
        Random rnd = new Random(60);
        int[] a = random(rnd, 60);
        int[] b = random(rnd, 60);
        StringBuilder text = new StringBuilder(">a protein\n");
        for (int i = 0; i < 60; i++) {
            text.append(SmithWaterman.AMINO_ACIDS.charAt(a[i])).append(i % 30 == 29 ? "\n" : "");
        }
        assertArrayEquals(lc.encode(Party.CREATOR, SmithWaterman.encode(a)),
                lc.encode(Party.CREATOR, text.toString().toLowerCase()));
        assertEquals(reference(a, b), simulate(lc, a, b));
        assertEquals(reference(a, a), simulate(lc, a, a.clone()));
    }

    @Test
    void badResiduesAreRefused() {
        LibraryCircuit lc = SmithWaterman.library(2, 2);
        boolean[] bad = SmithWaterman.encode(new int[] {1, 0});
        bad[5] = bad[6] = bad[7] = bad[8] = bad[9] = true; // code 31
        assertTrue(assertThrows(IllegalArgumentException.class, () -> lc.encode(Party.CREATOR, bad))
                .getMessage().contains("residue 1 has code 31"));
        assertThrows(IllegalArgumentException.class, () -> lc.encode(Party.EVALUATOR, bad));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> lc.encode(Party.CREATOR, "AB"))
                .getMessage().contains("'B' at line 1, column 2"));
        assertThrows(IllegalArgumentException.class, () -> Library.get("smithwaterman0x5"));
    }
}
