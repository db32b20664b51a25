package io.gcstream.benchmarks.report;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The published figures the paper tables compare with, by circuit.
 *
 * <ul>
 *   <li>The paper (ME-SFE, {@code papers/000}, §4.2, Table 3): non-linear gates and online time
 *       in ms per execution on the authors' 2012 machine (an Intel Core i3 at 3 GHz, loopback,
 *       GRR3 with 80-bit labels). Improved AES 5,120 / 16 ms, original AES 9,280 / 27 ms,
 *       PRESENT 1,984 / 7 ms, improved Hamming 896 / 6 ms, original Hamming 1,793 / 8 ms, fast
 *       multiplication (Karatsuba) 17,973 / 45 ms. Minimum of 10^6 20-bit values (40,000,000
 *       ANDs): 138 s (a), 272 s (b), 128 s (c); it has no row of its size here.</li>
 *   <li>ME-SFE's own code measured on this project's kind of machine (2 cores, both parties on
 *       loopback, TCP_NODELAY added, ms per execution after warm-up; see the peers README):
 *       AES-128 11.2 (40.6 as shipped, without TCP_NODELAY), Hamming-900 8.3, PRESENT-80 8.6,
 *       Karatsuba-128 29.3.</li>
 * </ul>
 * Figures are attached to the like-for-like circuit only: the paper's AES and PRESENT take
 * expanded round keys, so {@code aes128-expanded} and {@code present80-expanded} carry them and
 * {@code aes128} and {@code present80} (key schedule inside the circuit) do not.
 */
public final class PaperFigures {
    private static final CircuitRuns.Reference AES = new CircuitRuns.Reference(5_120L, 16.0, 11.2);
    private static final CircuitRuns.Reference PRESENT = new CircuitRuns.Reference(1_984L, 7.0, 8.6);
    private static final CircuitRuns.Reference HAMMING = new CircuitRuns.Reference(896L, 6.0, 8.3);
    private static final CircuitRuns.Reference HAMMING_ORIGINAL = new CircuitRuns.Reference(1_793L, 8.0, null);
    private static final CircuitRuns.Reference KARATSUBA = new CircuitRuns.Reference(17_973L, 45.0, 29.3);

    private static final Map<String, CircuitRuns.Reference> LIBRARY = Map.of(
            "aes128-expanded", AES,
            "present80-expanded", PRESENT,
            "hamming900", HAMMING,
            "karatsuba128", KARATSUBA);

    /** By file name without its extension (ME-SFE ships most circuits as .mec and .bmec). */
    private static final Map<String, CircuitRuns.Reference> MESFE_FILES = Map.of(
            "hammingdistance_900", HAMMING,
            "hammingdistance_900_old", HAMMING_ORIGINAL,
            "present_full", PRESENT,
            "fmul_128_128", KARATSUBA);

    /** Footnotes printed under the table. */
    public static final String NOTES = """
            paper: ME-SFE paper, Table 3 (online ms per execution on its 2012 machine, GRR3, 80-bit labels); \
            the original AES circuit (58-AND S-box) is 9,280 ANDs / 27 ms, and Minimum of 10^6 20-bit values \
            (40,000,000 ANDs) took 138 s (a), 272 s (b), 128 s (c) (Table 4: 800 MB, 18.4 MB, 21.5 MB of heap).
            ME-SFE: its code on this kind of machine, both parties on loopback, ms per execution after warm-up, \
            with TCP_NODELAY added (AES-128 as shipped: 40.6 ms).""";

    private PaperFigures() {
    }

    /** The figures for the library circuit {@code name}, or {@link CircuitRuns.Reference#NONE}. */
    public static CircuitRuns.Reference library(String name) {
        return LIBRARY.getOrDefault(name.toLowerCase(Locale.ROOT), CircuitRuns.Reference.NONE);
    }

    /** The figures for one of ME-SFE's circuit files, or {@link CircuitRuns.Reference#NONE}. */
    public static CircuitRuns.Reference mesfeFile(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = n.lastIndexOf('.');
        return MESFE_FILES.getOrDefault(dot < 0 ? n : n.substring(0, dot), CircuitRuns.Reference.NONE);
    }
}
