package io.gcstream.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PaperFiguresTest {
    @Test
    void likeForLikeLibraryCircuitsCarryTheFigures() {
        assertEquals(new CircuitRuns.Reference(5_120L, 16.0, 11.2), PaperFigures.library("aes128-expanded"));
        assertEquals(new CircuitRuns.Reference(1_984L, 7.0, 8.6), PaperFigures.library("present80-expanded"));
        assertEquals(new CircuitRuns.Reference(896L, 6.0, 8.3), PaperFigures.library("hamming900"));
        assertEquals(new CircuitRuns.Reference(17_973L, 45.0, 29.3), PaperFigures.library("Karatsuba128"));
        assertSame(CircuitRuns.Reference.NONE, PaperFigures.library("aes128"), "key schedule inside: not the paper's");
        assertSame(CircuitRuns.Reference.NONE, PaperFigures.library("minimum1000x20"));
    }

    @Test
    void mesfeFilesByNameWhateverTheFolderAndExtension() {
        assertEquals(896L, PaperFigures.mesfeFile(Path.of("c/hamming/HammingDistance_900.bmec")).paperNonLinear());
        assertEquals(896L, PaperFigures.mesfeFile(Path.of("HammingDistance_900.mec")).paperNonLinear());
        assertEquals(1_793L, PaperFigures.mesfeFile(Path.of("HammingDistance_900_old.bmec")).paperNonLinear());
        assertEquals(29.3, PaperFigures.mesfeFile(Path.of("FMUL_128_128.bmec")).mesfeMs());
        assertSame(CircuitRuns.Reference.NONE, PaperFigures.mesfeFile(Path.of("ADD_10.bmec")));
    }
}
