package io.gcstream.circuits.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CircuitFilesTest {
    @TempDir
    Path dir;

    @Test
    void formatFollowsTheExtensionOrTheExplicitChoice() throws IOException {
        Circuit c = GctReader.parse("fig2", GctReaderTest.FIG2);
        Path gcb = dir.resolve("a.GCB");
        Path gct = dir.resolve("a.gct");
        CircuitFiles.write(c, gcb);
        CircuitFiles.write(c, gct);
        assertArrayEquals(new byte[] {'G', 'C', 'B', 0}, java.util.Arrays.copyOf(Files.readAllBytes(gcb), 4));
        assertEquals(GctWriter.toString(c), Files.readString(gct));
        Path odd = dir.resolve("circuit.bin");
        CircuitFiles.write(c, odd, CircuitFiles.Format.GCB);
        assertEquals(c.hashHex(), CircuitFiles.read(odd, CircuitFiles.Format.GCB).hashHex());
        assertEquals(c.hashHex(), CircuitFiles.read(gct).hashHex());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CircuitFiles.read(odd));
        assertEquals(true, e.getMessage().contains("unknown circuit file extension"));
    }

    @Test
    void textReaderRejectsABinaryFile() throws IOException {
        Circuit c = GctReader.parse("fig2", GctReaderTest.FIG2);
        Path gcb = dir.resolve("a.gcb");
        CircuitFiles.write(c, gcb);
        assertThrows(io.gcstream.circuits.CircuitFormatException.class,
                () -> CircuitFiles.read(gcb, CircuitFiles.Format.GCT));
    }
}
