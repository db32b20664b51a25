package io.gcstream.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {
    @TempDir
    Path dir;

    static Row row(String circuit, Long paperAnd) {
        return new Row("mesfe", circuit, "half-gates", 896, 5362, 1800, 1800, 10, 30, 150.5, 0.5, 1.25, 1.75,
                43_000, 16_000, 10_000_000, 12_000_000, 34_000, paperAnd, paperAnd == null ? null : 6.0,
                paperAnd == null ? null : 8.3);
    }

    @Test
    void csvRoundTripsWithQuotedFieldsAndEmptyReferences() throws IOException {
        Path f = dir.resolve("sub/r.csv");
        ResultFiles.writeCsv(List.of(row("a,\"b\".bmec", 896L), row("plain", null)), "PaperTables --runs 1", f);
        List<Map<String, String>> back = ResultFiles.readCsv(f);
        assertEquals(2, back.size());
        assertEquals("a,\"b\".bmec", back.get(0).get("circuit"));
        assertEquals("896", back.get(0).get("paper_non_linear"));
        assertEquals("1.7500", back.get(0).get("total_ms"));
        assertEquals("512000", back.get(0).get("and_per_s"), "896 ANDs in 1.75 ms");
        assertEquals("", back.get(1).get("mesfe_ms"));
        assertEquals(ResultFiles.COLUMNS.size(), back.get(1).size());
    }

    @Test
    void theMachineAndTheCommandAreCommentsAboveTheHeader() throws IOException {
        Path f = dir.resolve("r.csv");
        ResultFiles.writeCsv(List.of(row("x", null)), "PaperTables --runs 1", f);
        List<String> lines = Files.readAllLines(f);
        assertTrue(lines.get(0).startsWith("# machine: ") && lines.get(0).contains(" cores, Java "), lines.get(0));
        assertEquals("# command: PaperTables --runs 1", lines.get(1));
        assertEquals(String.join(",", ResultFiles.COLUMNS), lines.get(2));
        assertEquals(1, ResultFiles.readCsv(f).size());
    }

    @Test
    void aLineWithTheWrongNumberOfFieldsIsNamed() throws IOException {
        Path f = dir.resolve("bad.csv");
        Files.writeString(f, "kind,circuit\nchain,a\nchain,b,c\n");
        IOException e = assertThrows(IOException.class, () -> ResultFiles.readCsv(f));
        assertTrue(e.getMessage().contains("bad.csv:3: 3 fields, the header has 2"), e.getMessage());
    }

    @Test
    void anEmptyFileIsAnError() throws IOException {
        Path f = dir.resolve("empty.csv");
        Files.writeString(f, "");
        assertThrows(IOException.class, () -> ResultFiles.readCsv(f));
    }
}
