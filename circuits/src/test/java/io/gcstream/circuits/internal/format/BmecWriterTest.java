package io.gcstream.circuits.internal.format;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.testing.RandomCircuits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BmecWriterTest {
    @TempDir
    Path dir;

    @Test
    void figure2IsTheSeventeenIntegersOfTheFormat() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BmecWriter.write(GctReader.parse("fig2", GctReaderTest.FIG2), out);
        assertArrayEquals(BmecReaderTest.ints(BmecReaderTest.FIG2), out.toByteArray());
    }

    @Test
    void randomCircuitsRoundTripWithTheirHashAndAgreeWithMec() throws IOException {
        Random rnd = new Random(5);
        for (int i = 0; i < 40; i++) {
            Circuit c = RandomCircuits.generate(rnd, 0, 1 + rnd.nextInt(3000));
            Path b = dir.resolve("c" + i + ".bmec");
            Path m = dir.resolve("c" + i + ".mec");
            CircuitFiles.write(c, b);
            CircuitFiles.write(c, m);
            assertEquals(CircuitFormat.BMEC, CircuitFormat.detect(b));
            assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(BmecReader.open(b).hash()));
            assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(MecReader.open(m).hash()));
        }
    }

    @Test
    void circuitsWithCallsAreFlattenedLikeForMec() throws IOException {
        Random rnd = new Random(6);
        for (int i = 0; i < 30; i++) {
            Circuit c = RandomCircuits.generate(rnd, 1 + rnd.nextInt(4), 1 + rnd.nextInt(40));
            Path b = dir.resolve("f" + i + ".bmec");
            Path m = dir.resolve("f" + i + ".mec");
            CircuitFiles.write(c, b);
            CircuitFiles.write(c, m);
            Circuit flat = CircuitFiles.read(b);
            assertEquals(HexFormat.of().formatHex(CircuitFiles.read(m).hash()), HexFormat.of().formatHex(flat.hash()));
            assertEquals(4L * (6 + c.creatorInputCount() + c.evaluatorInputCount() + c.creatorOutputCount()
                    + c.evaluatorOutputCount()) + 16 * flat.gateCount(), Files.size(b));
            MecWriterTest.sameFunction(rnd, c, flat);
        }
    }
}
