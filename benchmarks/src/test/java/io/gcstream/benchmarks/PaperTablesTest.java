package io.gcstream.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.benchmarks.report.Cli;
import io.gcstream.benchmarks.report.ResultFiles;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.compiler.lib.Library;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PaperTablesTest {
    @TempDir
    Path dir;

    private int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) throws Exception {
        return PaperTables.run(Cli.parse(new PaperTables.Options(), "PaperTables", args), String.join(" ", args),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void aTinyTableWithALibraryCircuitAndMesfeFilesWritesCsv() throws Exception {
        Path mesfe = dir.resolve("circuits/hamming");
        Files.createDirectories(mesfe);
        CircuitFiles.write(Library.get("hamming8").circuit(), mesfe.resolve("HammingDistance_8.bmec"));
        Files.writeString(mesfe.resolve("broken.mec"), "not a circuit\n");
        Files.writeString(mesfe.resolve("README"), "ignored: not .mec or .bmec\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = run(out, err, "1", "--warmup", "0", "--warmup-seconds", "0", "--circuits", "hamming900", "--mesfe",
                dir.resolve("circuits").toString(), "--out", dir.resolve("out").toString());
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, status, "a skipped file makes the status 1: " + err);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("skipped"), err.toString(StandardCharsets.UTF_8));
        assertTrue(text.contains("| hamming900 | half-gates | 896 | 1,800 |"), text);
        assertTrue(text.contains("| 896 | 6 | 8.3 |"), "paper and ME-SFE figures: " + text);
        assertTrue(text.contains("| hamming/HammingDistance_8.bmec | half-gates | 7 |"), text);
        List<Map<String, String>> rows = ResultFiles.readCsv(dir.resolve("out/paper-tables.csv"));
        assertEquals(2, rows.size());
        assertEquals("library", rows.get(0).get("kind"));
        assertEquals("mesfe", rows.get(1).get("kind"));
        assertTrue(Files.readString(dir.resolve("out/paper-tables.csv")).contains("# command: PaperTables 1 --warmup 0"));
    }

    @Test
    void badArgumentsExitWithTwoAndOneLine() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, run(new ByteArrayOutputStream(), err, "--scheme", "nope"));
        assertEquals(2, run(new ByteArrayOutputStream(), err, "--circuits", "nosuch7"));
        assertEquals(2, run(new ByteArrayOutputStream(), err, "--mesfe", dir.resolve("missing").toString()));
        assertEquals(2, run(new ByteArrayOutputStream(), err, "zero"));
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(4, e.lines().count(), e);
        assertTrue(e.contains("no such folder"), e);
    }
}
