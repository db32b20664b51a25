package io.gcstream.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

class PlotTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    private static Map<String, String> row(String kind, String circuit, String scheme, String ands, String ms,
            String paperAnds, String paperMs) {
        return Map.of("kind", kind, "circuit", circuit, "scheme", scheme, "non_linear", ands, "total_ms", ms,
                "paper_non_linear", paperAnds, "paper_ms", paperMs, "mesfe_ms", paperMs.isEmpty() ? "" : "8.3");
    }

    @Test
    void seriesPerKindAndSchemeWithReferencePointsAsAPng() throws Exception {
        List<Map<String, String>> rows = List.of(
                row("chain", "chain1000", "half-gates", "1000", "1.0", "", ""),
                row("chain", "chain100", "half-gates", "100", "0.5", "", ""),
                row("library", "hamming900", "half-gates", "896", "2.0", "896", "6"),
                row("library", "hamming900", "grr3", "896", "3.0", "896", "6"),
                row("mesfe", "aes/AES_SBox.bmec", "half-gates", "32", "0.7", "", ""),
                row("mesfe", "x/AddOnly.bmec", "half-gates", "0", "0.7", "", ""));
        XYChart c = Plot.chart(rows, null, 100, "t", 400, 300);
        assertEquals(List.of("generated AND chains, half-gates", "library circuits, half-gates",
                "library circuits, grr3", "ME-SFE's code on this kind of machine (reference figures)",
                "the paper, Table 3 (2012 machine)"), List.copyOf(c.getSeriesMap().keySet()),
                "the 32-AND and 0-AND files are below --min-ands");
        assertEquals(1, Plot.chart(rows, "grr3", 100, "t", 400, 300).getSeriesMap().keySet().stream()
                .filter(k -> k.startsWith("library")).count());
        BitmapEncoder.saveBitmap(c, dir.resolve("p").toString(), BitmapEncoder.BitmapFormat.PNG);
        assertTrue(Files.size(dir.resolve("p.png")) > 1000);
    }

    @Test
    void threadsChartHasALinePerWorkloadAndSideRelativeToOneThread() throws Exception {
        List<Map<String, String>> rows = List.of(
                Map.of("workload", "aes", "side", "garbler", "threads", "1", "rate", "10"),
                Map.of("workload", "aes", "side", "garbler", "threads", "2", "rate", "17"),
                Map.of("workload", "cot", "side", "sender", "threads", "1", "rate", "40"),
                Map.of("workload", "cot", "side", "sender", "threads", "2", "rate", "70"),
                Map.of("workload", "x", "side", "evaluator", "threads", "2", "rate", "5"));
        XYChart c = Plot.threadsChart(rows, "t", 400, 300);
        assertEquals(List.of("aes, garbler", "cot, sender", "ideal: N threads, N times the rate"),
                List.copyOf(c.getSeriesMap().keySet()), "a line without a one-thread rate is left out");
        assertEquals(1.7, c.getSeriesMap().get("aes, garbler").getYData()[1], 1e-9);
        BitmapEncoder.saveBitmap(c, dir.resolve("t").toString(), BitmapEncoder.BitmapFormat.PNG);
        assertTrue(Files.size(dir.resolve("t.png")) > 1000);
        assertThrows(IllegalArgumentException.class, () -> Plot.threadsChart(rows.subList(4, 5), "t", 400, 300));
    }

    @Test
    void nothingToPlotIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> Plot.chart(List.of(), null, 1, "t", 400, 300));
        assertThrows(IllegalArgumentException.class, () -> Plot.chart(
                List.of(row("chain", "c", "half-gates", "x", "1", "", "")), null, 1, "t", 400, 300));
    }
}
