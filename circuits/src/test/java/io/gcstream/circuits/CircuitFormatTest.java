package io.gcstream.circuits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.internal.format.BmecReaderTest;
import io.gcstream.circuits.internal.format.FormatDetector;
import io.gcstream.circuits.internal.format.GctReader;
import io.gcstream.circuits.internal.format.GctReaderTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class CircuitFormatTest {
    @TempDir
    Path dir;

    public static final String MEC = """
            inputsCreator: 0,1
            inputsEvaluator: 2
            outputsCreator:
            outputsEvaluator: 3
            numberOfRegisters: 4
            numberOfGates: 2
            3;0,1;1
            3;3,2;6
            """;

    private static CircuitFormat of(String text) {
        return FormatDetector.detect(text.getBytes(StandardCharsets.UTF_8), "t");
    }

    private static String error(byte[] content, String name) {
        return assertThrows(CircuitFormatException.class, () -> FormatDetector.detect(content, name)).getMessage();
    }

    @Test
    void textFormatsByTheirFirstLines() {
        assertEquals(CircuitFormat.GCT, of(GctReaderTest.FIG2));
        assertEquals(CircuitFormat.GCT, of("// a comment\n\ncircuit f\ninputs: 0 1\n"));
        assertEquals(CircuitFormat.GCT, of("inputsCreator: 0-7\n"));
        assertEquals(CircuitFormat.GCT, of("inputsCreator:\ninputsEvaluator: 4 5\n"));
        assertEquals(CircuitFormat.MEC, of(MEC));
        assertEquals(CircuitFormat.MEC, of("inputsCreator: 0 , 1\n"));
        assertEquals(CircuitFormat.MEC, of("inputscreator: 0\n"), "ME-SFE's keywords in any case");
        assertEquals(CircuitFormat.GCT, of("inputsCreator: 0\r\nnumberOfGates: 0\r\n"), "no list decides");
        assertEquals(CircuitFormat.GCT, of("// only a comment\n"), "the .gct reader says what is missing");
        assertEquals(CircuitFormat.GCT, of("bogus: 1\n"), "the .gct reader names the bad keyword");
        assertEquals(CircuitFormat.BRISTOL_FASHION, of("1 3\n2 1 1\n1 1\n\n2 1 0 1 2 AND\n"));
        assertEquals(CircuitFormat.BRISTOL_OLD, of("1 3\n1 1 1\n\n2 1 0 1 2 AND\n"));
        assertEquals(CircuitFormat.BRISTOL_FASHION, of("  1   3  \r\n"), "too short: the importer says why");
    }

    @Test
    void binaryFormatsByMagicOrLayout() {
        assertEquals(CircuitFormat.GCB, FormatDetector.detect(new byte[] {'G', 'C', 'B', 0, 7}, "g"));
        // .bmec: lists [0], [1], [], [2]; 3 registers; one gate 2 = 0 AND 1.
        byte[] bmec = BmecReaderTest.ints(1, 0, 1, 1, 0, 1, 2, 3, 1, 2, 0, 1, 1);
        assertEquals(CircuitFormat.BMEC, FormatDetector.detect(bmec, "b"));
        assertEquals(CircuitFormat.BMEC, FormatDetector.detect(new byte[24], "zero gates, no slots"));
        byte[] cut = java.util.Arrays.copyOf(bmec, bmec.length - 4);
        assertEquals(CircuitFormat.BMEC, FormatDetector.detect(cut, "cut"),
                "a first byte 0 is never text: the .bmec reader explains what is wrong");
        byte[] odd = bmec.clone();
        odd[0] = 1;
        assertTrue(error(odd, "odd").startsWith("odd:1: not a circuit: expected a .gct"),
                "counts that do not add up, no leading 0, and all bytes ASCII: text that is no circuit");
    }

    @Test
    void notACircuitIsOneLineNamingFileAndPlace() {
        assertEquals("e: the file is empty, not a circuit", error(new byte[0], "e"));
        assertEquals("b: the file holds only blank lines, not a circuit", error("\n \r\n\t\n".getBytes(), "b"));
        assertEquals("x.txt:2: not a circuit: expected a .gct or .mec header ('inputsCreator: ...',"
                + " 'circuit NAME') or a Bristol header 'GATES WIRES', but found 'hello world'",
                error("\nhello world\n".getBytes(), "x.txt"));
        assertEquals("x:1: not a circuit: expected a .gct or .mec header ('inputsCreator: ...',"
                + " 'circuit NAME') or a Bristol header 'GATES WIRES', but found"
                + " 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'", error("a".repeat(100).getBytes(), "x"));
        byte[] latin1 = "inputsCreator: 0 // caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals("l.gct: byte 23: not a circuit: not UTF-8 text, and not binary (a .gcb starts"
                + " with 'GCB', a .bmec's counts add up to its length)", error(latin1, "l.gct"));
        byte[] bom = "\uFEFFinputsCreator: 0\n".getBytes(StandardCharsets.UTF_8);
        assertEquals("m: byte 0: the text starts with a byte-order mark; save it as UTF-8 without one",
                error(bom, "m"));
    }

    @Test
    void randomBytesAreNeverACircuit() throws IOException {
        Random rnd = new Random(1);
        Path f = dir.resolve("r.bin");
        for (int i = 0; i < 300; i++) {
            byte[] b = new byte[64 + rnd.nextInt(5000)];
            rnd.nextBytes(b);
            if (i % 3 == 0) {
                b[0] = 0; // the .bmec reader's turn to explain
            }
            Files.write(f, b);
            String m = assertThrows(CircuitFormatException.class, () -> CircuitFiles.read(f)).getMessage();
            assertTrue(m.startsWith(f + ": byte "), m);
            assertTrue(m.contains(b[0] == 0 ? "not a .bmec file" : "not a circuit"), m);
            assertEquals(-1, m.indexOf('\n'), "one line");
        }
    }

    @Test
    void detectionLooksAtTheContentNotTheName() throws IOException {
        Circuit c = GctReader.parse("fig2", GctReaderTest.FIG2);
        for (CircuitFormat f : new CircuitFormat[] {CircuitFormat.GCT, CircuitFormat.GCB, CircuitFormat.BMEC}) {
            Path misnamed = dir.resolve("circuit-" + f.id() + (f == CircuitFormat.GCT ? ".gcb" : ".gct"));
            CircuitFiles.write(c, misnamed, f);
            assertEquals(f, CircuitFormat.detect(misnamed), misnamed.toString());
        }
        Path mec = dir.resolve("m.bin");
        Files.writeString(mec, MEC);
        assertEquals(CircuitFormat.MEC, CircuitFormat.detect(mec));
    }

    @Test
    void bmecCountsBeyondTheFirst64KiBAreReadFromTheFile() throws IOException {
        // 20,000 creator inputs push the later counts past the head the detector reads.
        int n = 20_000;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int[] head = new int[1 + n];
        head[0] = n;
        for (int i = 0; i < n; i++) {
            head[1 + i] = i;
        }
        b.writeBytes(BmecReaderTest.ints(head));
        b.writeBytes(BmecReaderTest.ints(0, 0, 1, 0, n, 1, 0, 0, 1, 1));
        Path f = dir.resolve("big.x");
        Files.write(f, b.toByteArray());
        assertEquals(CircuitFormat.BMEC, CircuitFormat.detect(f));
        Circuit c = CircuitFiles.read(f);
        assertEquals(n, c.creatorInputCount());
        assertEquals(1, c.nonLinearCount());
    }

    @Test
    void aListLongerThanTheHeadStillDecides() throws IOException {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            list.append(i == 0 ? "" : ",").append(i);
        }
        String text = "inputsCreator:\ninputsEvaluator: " + list + "\noutputsCreator:\noutputsEvaluator: 0\n"
                + "numberOfRegisters: 20000\nnumberOfGates: 0\n";
        assertTrue(text.length() > FormatDetector.HEAD);
        Path f = dir.resolve("long.txt");
        Files.writeString(f, text);
        assertEquals(CircuitFormat.MEC, CircuitFormat.detect(f));
        assertEquals(20_000, CircuitFiles.read(f).evaluatorInputCount());
    }

    @Test
    void namesForWritingAndOnTheCommandLine() {
        assertEquals(Optional.of(CircuitFormat.GCB), CircuitFormat.forOutputName(Path.of("x/circuit.bin")));
        assertEquals(Optional.of(CircuitFormat.GCB), CircuitFormat.forOutputName(Path.of("a.GCB")));
        assertEquals(Optional.of(CircuitFormat.GCT), CircuitFormat.forOutputName(Path.of("a.gct")));
        assertEquals(Optional.of(CircuitFormat.MEC), CircuitFormat.forOutputName(Path.of("a.mec")));
        assertEquals(Optional.of(CircuitFormat.BMEC), CircuitFormat.forOutputName(Path.of("a.bmec")));
        assertEquals(Optional.empty(), CircuitFormat.forOutputName(Path.of("a.txt")));
        assertEquals(Optional.empty(), CircuitFormat.forOutputName(Path.of("bmec")));
        for (CircuitFormat f : CircuitFormat.values()) {
            assertEquals(f, CircuitFormat.byId(f.id().toUpperCase(java.util.Locale.ROOT)));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CircuitFormat.byId("txt"));
        assertEquals("unknown circuit format 'txt' (expected one of gct, gcb, mec, bmec, bristol, bristol-old)",
                e.getMessage());
    }
}
