package io.gcstream.circuits.internal.format;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.testing.RandomCircuits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Random circuits through both formats and back: same hash, same outputs. */
class RoundTripTest {
    @TempDir
    Path dir;

    @Test
    void randomCircuitsThroughBothFormats() throws IOException {
        Random rnd = new Random(42);
        for (int i = 0; i < 60; i++) {
            Circuit original = RandomCircuits.generate(rnd, rnd.nextInt(5), 1 + rnd.nextInt(80));
            Path gct = dir.resolve("c" + i + ".gct");
            Path gcb = dir.resolve("c" + i + ".gcb");
            CircuitFiles.write(original, gct);
            Circuit fromText = CircuitFiles.read(gct);
            CircuitFiles.write(fromText, gcb);
            Circuit fromBinary = CircuitFiles.read(gcb);
            Path gct2 = dir.resolve("c" + i + "b.gct");
            CircuitFiles.write(fromBinary, gct2);
            Circuit again = CircuitFiles.read(gct2);

            String hex = HexFormat.of().formatHex(original.hash());
            assertEquals(hex, HexFormat.of().formatHex(fromText.hash()));
            assertEquals(hex, HexFormat.of().formatHex(fromBinary.hash()));
            assertEquals(hex, HexFormat.of().formatHex(again.hash()));
            assertEquals(Files.readString(gct), Files.readString(gct2), "text is stable");
            assertArrayEquals(GcbWriter.hash(fromBinary), fromBinary.hash(), "header hash is canonical");
            for (Circuit c : new Circuit[] {fromText, fromBinary, again}) {
                assertEquals(original.gateCount(), c.gateCount());
                assertEquals(original.nonLinearCount(), c.nonLinearCount());
                assertEquals(original.labelSlots(), c.labelSlots());
                assertEquals(original.instructionCount(), c.instructionCount());
            }
            for (int k = 0; k < 4; k++) {
                boolean[] ci = RandomCircuits.bits(rnd, original.creatorInputCount());
                boolean[] ei = RandomCircuits.bits(rnd, original.evaluatorInputCount());
                Simulator.Result want = Simulator.run(original, ci, ei);
                for (Circuit c : new Circuit[] {fromText, fromBinary, again}) {
                    Simulator.Result got = Simulator.run(c, ci, ei);
                    assertArrayEquals(want.creatorOutputs(), got.creatorOutputs());
                    assertArrayEquals(want.evaluatorOutputs(), got.evaluatorOutputs());
                }
            }
        }
    }

    @Test
    void streamWriterMatchesFileWriter() throws IOException {
        Circuit c = RandomCircuits.generate(new Random(7), 3, 50);
        Path f = dir.resolve("c.gcb");
        byte[] h = GcbWriter.write(c, f);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertArrayEquals(h, GcbWriter.write(c, out));
        assertArrayEquals(Files.readAllBytes(f), out.toByteArray());
        assertArrayEquals(h, c.hash());
    }

    @Test
    void rewritingTheFileACircuitStreamsFromIsSafe() throws IOException {
        Circuit c = RandomCircuits.generate(new Random(11), 2, 300);
        for (String name : new String[] {"same.gcb", "same.gct"}) {
            Path f = dir.resolve(name);
            CircuitFiles.write(c, f);
            Circuit fromFile = CircuitFiles.read(f);
            CircuitFiles.write(fromFile, f);
            assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(CircuitFiles.read(f).hash()));
            try (var s = Files.list(dir)) {
                assertEquals(0, s.filter(p -> p.toString().endsWith(".tmp")).count(), "no temp files left");
            }
        }
    }

    @Test
    void differentCircuitsHaveDifferentHashes() throws IOException {
        Circuit a = GctReader.parse("a", GctReaderTest.FIG2);
        Circuit b = GctReader.parse("b", GctReaderTest.FIG2.replace("0;1,0;6", "0;1,0;9"));
        Circuit a2 = GctReader.parse("c", "// a comment changes nothing\n" + GctReaderTest.FIG2);
        assertEquals(HexFormat.of().formatHex(a.hash()), HexFormat.of().formatHex(a2.hash()));
        org.junit.jupiter.api.Assertions.assertNotEquals(HexFormat.of().formatHex(a.hash()), HexFormat.of().formatHex(b.hash()));
        assertEquals(64, HexFormat.of().formatHex(a.hash()).length());
    }
}
