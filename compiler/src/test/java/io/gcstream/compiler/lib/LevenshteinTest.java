package io.gcstream.compiler.lib;

import java.util.HexFormat;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.SubCircuit;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.TestBits;
import io.gcstream.compiler.Word;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LevenshteinTest {
    /** The plain dynamic program, two rows at a time: the independent reference. */
    static int reference(int[] a, int[] b) {
        int[] prev = new int[b.length + 1];
        int[] cur = new int[b.length + 1];
        for (int j = 0; j <= b.length; j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length; i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length; j++) {
                int replace = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
                cur[j] = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), replace);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length];
    }

    private static int simulate(Circuit c, int[] a, int[] b, int sigma) throws Exception {
        Simulator.Result r = Simulator.run(c, Levenshtein.encode(a, sigma), Levenshtein.encode(b, sigma));
        assertArrayEquals(r.creatorOutputs(), r.evaluatorOutputs(), "both parties learn the distance");
        return value(r.evaluatorOutputs()).intValueExact();
    }

    private static int[] random(Random rnd, int length, int sigma) {
        int[] s = new int[length];
        for (int i = 0; i < length; i++) {
            s[i] = rnd.nextInt(1 << sigma);
        }
        return s;
    }

    /** {@code s} with about one character in {@code every} replaced, deleted or inserted. */
    private static int[] mutate(Random rnd, int[] s, int every, int sigma) {
        int[] out = new int[2 * s.length];
        int k = 0;
        for (int c : s) {
            switch (rnd.nextInt(3 * every)) {
                case 0:
                    out[k++] = rnd.nextInt(1 << sigma);
                    break;
                case 1:
                    break;
                case 2:
                    out[k++] = c;
                    out[k++] = rnd.nextInt(1 << sigma);
                    break;
                default:
                    out[k++] = c;
            }
        }
        return k == 0 ? new int[] {0} : Arrays.copyOf(out, k);
    }

    @Test
    void everyCellIsRightOnEveryInputWithSigmaPlusThreeAnds() throws Exception {
        for (int sigma : new int[] {1, 2, 3}) {
            checkCell(sigma);
        }
    }

    /**
     * Builds the difference cell alone and runs it on every input (h and v in {−1, 0, 1}),
     * comparing with min(x + 1, y + 1, z + t) for z = 10.
     */
    private static void checkCell(int sigma) throws Exception {
        CircuitBuilder b = new CircuitBuilder();
        Word x = b.creatorInput(sigma);
        Word h = b.creatorInput(2);
        Word y = b.evaluatorInput(sigma);
        Word v = b.evaluatorInput(2);
        b.evaluatorOutput(Levenshtein.cell(b, x, y, h, v));
        Circuit c = b.build();
        assertEquals(sigma + 3, c.nonLinearCount(), "sigma " + sigma);
        int z = 10;
        for (int xv = 0; xv < 1 << sigma; xv++) {
            for (int yv = 0; yv < 1 << sigma; yv++) {
                for (int dh = -1; dh <= 1; dh++) {
                    for (int dv = -1; dv <= 1; dv++) {
                        int d = Math.min(Math.min(z + dh + 1, z + dv + 1), z + (xv == yv ? 0 : 1));
                        boolean[] in1 = TestBits.concat(TestBits.bits(xv, sigma), pair(dh));
                        boolean[] in2 = TestBits.concat(TestBits.bits(yv, sigma), pair(dv));
                        boolean[] o = Simulator.run(c, in1, in2).evaluatorOutputs();
                        String what = "sigma " + sigma + " x " + xv + " y " + yv + " h " + dh + " v " + dv;
                        assertArrayEquals(pair(d - (z + dv)), Arrays.copyOfRange(o, 0, 2), "h' " + what);
                        assertArrayEquals(pair(d - (z + dh)), Arrays.copyOfRange(o, 2, 4), "v' " + what);
                    }
                }
            }
        }
    }

    @Test
    void fastGcCellIsRightOnEveryInputWithFiveLPlusSigmaMinusOneAnds() throws Exception {
        for (int sigma : new int[] {1, 2}) {
            for (int width = 1; width <= 3; width++) {
                CircuitBuilder b = new CircuitBuilder();
                Word x = b.creatorInput(sigma);
                Word top = b.creatorInput(width);
                Word diag = b.creatorInput(width);
                Word y = b.evaluatorInput(sigma);
                Word left = b.evaluatorInput(width);
                b.evaluatorOutput(Levenshtein.fastGcCell(b, x, y, top, left, diag));
                Circuit c = b.build();
                assertEquals(5 * width + sigma - 1, c.nonLinearCount(), "width " + width + " sigma " + sigma);
                int max = 1 << width;
                for (int xv = 0; xv < 1 << sigma; xv++) {
                    for (int yv = 0; yv < 1 << sigma; yv++) {
                        for (int t = 0; t < max; t++) {
                            for (int l = 0; l < max; l++) {
                                for (int d = 0; d < max; d++) {
                                    int want = Math.min(Math.min(t + 1, l + 1), d + (xv == yv ? 0 : 1));
                                    if (want >= max) {
                                        continue; // the cell's width is chosen so that D fits
                                    }
                                    boolean[] in1 = TestBits.concat(TestBits.concat(TestBits.bits(xv, sigma),
                                            TestBits.bits(t, width)), TestBits.bits(d, width));
                                    boolean[] in2 = TestBits.concat(TestBits.bits(yv, sigma), TestBits.bits(l, width));
                                    assertEquals(want, value(Simulator.run(c, in1, in2).evaluatorOutputs())
                                            .intValueExact(), "top " + t + " left " + l + " diag " + d);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /** A difference in {−1, 0, 1} as (is +1, is −1). */
    private static boolean[] pair(int diff) {
        assertTrue(diff >= -1 && diff <= 1, "difference " + diff);
        return new boolean[] {diff == 1, diff == -1};
    }

    @Test
    void countsAreTheFormulaOnEverySmallSize() {
        for (int sigma : new int[] {1, 2, 8}) {
            for (int n = 1; n <= 12; n++) {
                for (int m = 1; m <= 12; m++) {
                    checkCounts(n, m, sigma);
                }
            }
        }
        int[][] sizes = {{1, 100}, {100, 1}, {33, 17}, {64, 63}, {63, 64}, {65, 64}, {128, 5}, {96, 31}, {40, 100}};
        for (int[] s : sizes) {
            checkCounts(s[0], s[1], Levenshtein.DNA);
        }
    }

    /**
     * The circuit has the documented count: σ + 3 per cell, r·c·(σ + 3), plus the readout
     * (computed by {@link Levenshtein#nonLinearCount}).
     */
    private static void checkCounts(int n, int m, int sigma) {
        Circuit c = Levenshtein.circuit(n, m, sigma);
        String what = n + "x" + m + " sigma " + sigma;
        assertEquals(Levenshtein.nonLinearCount(n, m, sigma), c.nonLinearCount(), what);
        long rows = Math.max(n, m);
        long cols = Math.min(n, m);
        long readout = 0;
        for (SubCircuit s : Circuits.subCircuits(c)) {
            if (s.name().equals("edit_readout")) {
                readout = s.nonLinearCount();
            }
        }
        assertEquals(rows * cols * (sigma + 3) + readout, c.nonLinearCount(), what);
        assertTrue(readout <= 2 * cols + 32 - Integer.numberOfLeadingZeros((int) rows), what + ": readout " + readout);
        assertEquals(32 - Integer.numberOfLeadingZeros((int) rows), c.evaluatorOutputCount(), what);
    }

    @Test
    void theStreamedBodyIsTheCheckedInMemoryBody() throws Exception {
        int[][] sizes = {{1, 1}, {1, 5}, {5, 1}, {2, 2}, {3, 2}, {7, 3}, {17, 17}, {18, 17}, {40, 21}, {21, 40},
            {9, 100}, {33, 20}};
        for (boolean fastGc : new boolean[] {false, true}) {
            for (int[] size : sizes) {
                for (int lanes : new int[] {1, 3, GridCircuit.MAX_LANES}) {
                    GridCircuit g = Levenshtein.grid(size[0], size[1], Levenshtein.DNA, fastGc, lanes);
                    Circuit streamed = g.circuit();
                    Circuit held = g.inMemory();
                    String what = size[0] + "x" + size[1] + (fastGc ? " fastgc" : "") + " lanes " + g.lanes();
                    assertEquals(held.instructionCount(), streamed.instructionCount(), what);
                    assertEquals(held.gateCount(), streamed.gateCount(), what);
                    assertEquals(held.nonLinearCount(), streamed.nonLinearCount(), what);
                    assertEquals(held.labelSlots(), streamed.labelSlots(), what);
                    assertEquals(HexFormat.of().formatHex(held.hash()), HexFormat.of().formatHex(streamed.hash()), what);
                }
            }
        }
    }

    @Test
    void everyLaneCountGivesTheDistance() throws Exception {
        Random rnd = new Random(11);
        int[][] sizes = {{2, 2}, {5, 3}, {9, 9}, {23, 6}, {6, 23}, {30, 19}};
        for (boolean fastGc : new boolean[] {false, true}) {
            for (int[] size : sizes) {
                for (int lanes = 1; lanes <= 6; lanes++) {
                    Circuit c = Levenshtein.grid(size[0], size[1], Levenshtein.DNA, fastGc, lanes).circuit();
                    for (int r = 0; r < 3; r++) {
                        int[] a = random(rnd, size[0], Levenshtein.DNA);
                        int[] b = random(rnd, size[1], Levenshtein.DNA);
                        assertEquals(reference(a, b), simulate(c, a, b, Levenshtein.DNA),
                                size[0] + "x" + size[1] + " lanes " + lanes + (fastGc ? " fastgc" : ""));
                    }
                }
            }
        }
    }

    @Test
    void fastGcCircuitAgreesWithTheDynamicProgramAndCostsAboutItsFormula() throws Exception {
        Random rnd = new Random(12);
        for (int[] size : new int[][] {{1, 1}, {4, 9}, {9, 4}, {17, 40}, {64, 20}, {35, 35}}) {
            for (int sigma : new int[] {Levenshtein.DNA, Levenshtein.BYTES}) {
                Circuit c = Levenshtein.fastGcCircuit(size[0], size[1], sigma);
                for (int r = 0; r < 4; r++) {
                    int[] a = random(rnd, size[0], sigma);
                    int[] b = r == 0 && size[0] == size[1] ? a.clone() : random(rnd, size[1], sigma);
                    assertEquals(reference(a, b), simulate(c, a, b, sigma), size[0] + "x" + size[1]);
                }
                // 5ℓ + σ − 1 per cell at the block's width (the widest of its 16 cells), against
                // FastGC's 5ℓ + σ at the cell's own width: within 10 % on small grids.
                long formula = Levenshtein.fastGcNonLinearCount(size[0], size[1], sigma);
                long cells = (long) size[0] * size[1];
                assertTrue(c.nonLinearCount() >= formula - cells && c.nonLinearCount() <= formula + formula / 10,
                        size[0] + "x" + size[1] + ": " + c.nonLinearCount() + " vs " + formula);
            }
        }
    }

    @Test
    void randomStringsAgreeWithTheDynamicProgram() throws Exception {
        Random rnd = new Random(8);
        int[][] sizes = {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {5, 9}, {9, 5}, {12, 9}, {20, 30}, {31, 17}, {16, 16}};
        for (int sigma : new int[] {Levenshtein.DNA, Levenshtein.BYTES, 1}) {
            for (int[] size : sizes) {
                Circuit c = Levenshtein.circuit(size[0], size[1], sigma);
                for (int r = 0; r < 8; r++) {
                    int[] a = random(rnd, size[0], sigma);
                    int[] b = random(rnd, size[1], sigma);
                    if (r == 1 && size[0] == size[1]) {
                        b = a.clone();
                    }
                    String what = size[0] + "x" + size[1] + " sigma " + sigma + " pair " + r;
                    assertEquals(reference(a, b), simulate(c, a, b, sigma), what);
                }
            }
        }
    }

    @Test
    void equalDisjointAndRelatedStrings() throws Exception {
        Random rnd = new Random(9);
        int sigma = Levenshtein.DNA;
        for (int[] size : new int[][] {{1, 1}, {6, 6}, {13, 13}, {4, 11}, {11, 4}, {1, 12}}) {
            int n = size[0];
            int m = size[1];
            Circuit c = Levenshtein.circuit(n, m, sigma);
            int[] a = random(rnd, n, sigma);
            if (n == m) {
                assertEquals(0, simulate(c, a, a.clone(), sigma), "equal strings " + n);
            }
            int[] low = new int[n];
            int[] high = new int[m];
            for (int i = 0; i < n; i++) {
                low[i] = rnd.nextInt(2); // A or C
            }
            for (int j = 0; j < m; j++) {
                high[j] = 2 + rnd.nextInt(2); // G or T
            }
            assertEquals(Math.max(n, m), simulate(c, low, high, sigma), "disjoint alphabets " + n + "x" + m);
            // A prefix of the longer string: the distance is the length difference.
            int[] longer = random(rnd, Math.max(n, m), sigma);
            int[] prefix = Arrays.copyOf(longer, Math.min(n, m));
            int[][] pair = n >= m ? new int[][] {longer, prefix} : new int[][] {prefix, longer};
            assertEquals(Math.abs(n - m), simulate(c, pair[0], pair[1], sigma), "prefix " + n + "x" + m);
        }
    }

    @Test
    void levenshtein200x200dnaFromTheLibrary() throws Exception {
        LibraryCircuit lib = Library.get("levenshtein200x200dna");
        Circuit c = lib.circuit();
        assertEquals("levenshtein200x200dna", lib.name());
        assertEquals(200 * 200 * 5 + 400 - 3 - 1, c.nonLinearCount());
        assertEquals(Levenshtein.nonLinearCount(200, 200, 2), c.nonLinearCount());
        assertEquals(1_573_285, Levenshtein.fastGcNonLinearCount(200, 200, 2));
        // Inputs, two rows of records, the outputs, and a cell block's frame for each group of lanes but the first.
        int groups = Levenshtein.grid(200, 200, Levenshtein.DNA, false).groups();
        assertEquals(4, groups);
        long cellFrame = Circuits.subCircuits(c).stream().filter(x -> !x.name().endsWith("_readout"))
                .mapToLong(SubCircuit::frameDepth).max().orElseThrow();
        assertEquals(800 + 2 * 201 * 4 + 8 + (groups - 1) * cellFrame, c.numSlots());
        assertEquals(400, c.creatorInputCount());
        assertEquals(400, c.evaluatorInputCount());
        assertEquals(8, c.creatorOutputCount());
        Random rnd = new Random(200);
        for (int r = 0; r < 6; r++) {
            int[] a = random(rnd, 200, 2);
            int[] b = r < 3 ? random(rnd, 200, 2) : mutate(rnd, a, 4 * r, 2);
            if (b.length != 200) {
                b = Arrays.copyOf(b, 200); // pads with A or cuts: still related to a
            }
            assertEquals(reference(a, b), simulate(c, a, b, 2), "pair " + r);
        }
        int[] a = random(rnd, 200, 2);
        assertEquals(0, simulate(c, a, a.clone(), 2));
    }

    @Test
    void byteStringsFromTheLibrary() throws Exception {
        Circuit c = Library.get("levenshtein12x9").circuit();
        assertEquals(96, c.creatorInputCount());
        assertEquals(72, c.evaluatorInputCount());
        assertEquals(Levenshtein.nonLinearCount(12, 9, 8), c.nonLinearCount());
        assertEquals(3, reference(codes("kitten"), codes("sitting")), "the reference itself");
        assertEquals(3, simulate(Levenshtein.circuit(6, 7, 8), codes("kitten"), codes("sitting"), 8));
        int[] a = codes("sitting on a");
        int[] b = codes("kitten on");
        assertEquals(reference(a, b), simulate(c, a, b, 8));
    }

    private static int[] codes(String ascii) {
        byte[] bytes = ascii.getBytes(StandardCharsets.US_ASCII);
        int[] codes = new int[bytes.length];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = bytes[i];
        }
        return codes;
    }

    @Test
    void theLargeSizesAreStreamedWithTheirCountsUpFront() {
        assertEquals(200L * 200 * 11 + 400 - 3 - 1, Levenshtein.nonLinearCount(200, 200, 8));
        assertEquals(1_813_285, Levenshtein.fastGcNonLinearCount(200, 200, 8));
        // FastGC §5.3: "1.29 billion non-free binary gates" for 2000 x 10000 over σ = 2.
        assertEquals(1_289_699_910L, Levenshtein.fastGcNonLinearCount(2000, 10000, 2));
        long ours = 2000L * 10000 * 5 + (4000 - Integer.bitCount(2000) - 1) + 4;
        assertEquals(ours, Levenshtein.nonLinearCount(2000, 10000, 2));
        assertEquals(ours, Levenshtein.nonLinearCount(10000, 2000, 2));
        Circuit c = Levenshtein.circuit(2000, 10000, 2);
        assertEquals(ours, c.nonLinearCount());
        assertTrue(c.numSlots() < 50_000, "S = " + c.numSlots());
        Circuit f = Levenshtein.fastGcCircuit(2000, 10000, 2);
        long cells = 2000L * 10000;
        assertTrue(f.nonLinearCount() >= 1_289_699_910L - cells && f.nonLinearCount() < 1_289_699_910L + cells,
                "fastgc " + f.nonLinearCount());
    }

    @Test
    void parametersAreChecked() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Levenshtein.circuit(0, 5, 2))
                .getMessage().contains("parameter n must be at least 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Levenshtein.circuit(5, 0, 2))
                .getMessage().contains("parameter m must be at least 1"));
        assertThrows(IllegalArgumentException.class, () -> Levenshtein.circuit(5, 5, 0));
        assertThrows(IllegalArgumentException.class, () -> Levenshtein.nonLinearCount(5, 5, 17));
        // Too large to address: refused at once, before any pass over the grid.
        IllegalArgumentException huge = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(10), () -> assertThrows(IllegalArgumentException.class,
                        () -> Levenshtein.circuit(1 << 29, 1 << 29, 8)));
        assertTrue(huge.getMessage().contains("more than a circuit can address"), huge.getMessage());
        IllegalArgumentException lib = assertThrows(IllegalArgumentException.class,
                () -> Library.get("levenshtein3x0"));
        assertTrue(lib.getMessage().contains("(levenshtein<n>x<m>)") && lib.getMessage().contains("parameter m"),
                lib.getMessage());
    }

    @Test
    void encodesStrings() {
        // A, C, G, T = 0, 1, 2, 3; character i in bits 2i, 2i + 1.
        assertEquals(0xe4, value(Levenshtein.encodeDna("ACGT")).intValueExact());
        assertEquals(0x1b, value(Levenshtein.encodeDna("tgca")).intValueExact());
        assertArrayEquals(Levenshtein.encodeDna("GATTACA"), Levenshtein.encode(new int[] {2, 0, 3, 3, 0, 1, 0}, 2));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Levenshtein.encodeDna("ACGU"))
                .getMessage().contains("character 3"));
        assertThrows(IllegalArgumentException.class, () -> Levenshtein.encode(new int[] {4}, 2));
    }
}
