package io.gcstream.circuits;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.internal.format.GctReader;
import io.gcstream.circuits.internal.format.GctReaderTest;
import io.gcstream.circuits.internal.format.GctWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CircuitFilesTest {
    @TempDir
    Path dir;

    @Test
    void writingFollowsTheNameAndReadingTheContent() throws IOException {
        Circuit c = GctReader.parse("fig2", GctReaderTest.FIG2);
        Path gcb = dir.resolve("a.GCB");
        Path gct = dir.resolve("a.gct");
        CircuitFiles.write(c, gcb);
        CircuitFiles.write(c, gct);
        assertArrayEquals(new byte[] {'G', 'C', 'B', 0}, java.util.Arrays.copyOf(Files.readAllBytes(gcb), 4));
        assertEquals(GctWriter.toString(c), Files.readString(gct));
        Path bin = dir.resolve("circuit.bin");
        CircuitFiles.write(c, bin);
        assertArrayEquals(Files.readAllBytes(gcb), Files.readAllBytes(bin), ".bin is binary .gcb");
        assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(CircuitFiles.read(bin).hash()));
        assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(CircuitFiles.read(gct).hash()));
        Path textNamedBinary = dir.resolve("text.gcb");
        Files.copy(gct, textNamedBinary);
        assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(CircuitFiles.read(textNamedBinary).hash()));
        Path binaryNamedText = dir.resolve("binary.txt");
        Files.copy(gcb, binaryNamedText);
        assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(CircuitFiles.read(binaryNamedText).hash()));
        for (CircuitFormat f : new CircuitFormat[] {CircuitFormat.MEC, CircuitFormat.BMEC}) {
            Path p = dir.resolve("as-" + f.id() + ".dat");
            CircuitFiles.write(c, p, f);
            // Fig. 2's lists hold one slot each, so its .mec text is also valid .gct and read as such.
            assertEquals(f == CircuitFormat.MEC ? CircuitFormat.GCT : f, CircuitFormat.detect(p));
            assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(CircuitFiles.read(p).hash()), f.id());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CircuitFiles.write(c, dir.resolve("circuit.txt")));
        assertEquals(true, e.getMessage().contains("unknown circuit file extension"));
    }

    @Test
    void textReaderRejectsABinaryFile() throws IOException {
        Circuit c = GctReader.parse("fig2", GctReaderTest.FIG2);
        Path gcb = dir.resolve("a.gcb");
        CircuitFiles.write(c, gcb);
        assertThrows(io.gcstream.circuits.CircuitFormatException.class,
                () -> CircuitFiles.read(gcb, CircuitFormat.GCT));
    }

    @Test
    void bristolIsRecognisedButLeftToTheCompiler() throws IOException {
        Path b = dir.resolve("and.gct");
        Files.writeString(b, "1 3\n2 1 1\n1 1\n\n2 1 0 1 2 AND\n");
        assertEquals(CircuitFormat.BRISTOL_FASHION, CircuitFormat.detect(b));
        io.gcstream.circuits.CircuitFormatException e = assertThrows(
                io.gcstream.circuits.CircuitFormatException.class, () -> CircuitFiles.read(b));
        assertEquals(b + ": is a Bristol Fashion circuit, which must be compiled: use gc compile or"
                + " io.gcstream.compiler.bristol.BristolImporter", e.getMessage());
    }
}
