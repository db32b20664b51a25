package io.gcstream.circuits.internal.format;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatTest;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.testing.RandomCircuits;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MecWriterTest {
    @TempDir
    Path dir;

    @Test
    void writesTheKeywordsInMeSfeOrderAndTwoInputGates() throws IOException {
        Circuit c = GctReader.parse("t", MecReaderTest.SAME_AS_GCT);
        StringWriter w = new StringWriter();
        MecWriter.write(c, w);
        assertEquals(CircuitFormatTest.MEC.replace("outputsCreator:", "outputsCreator: "), w.toString());
        Circuit not = GctReader.parse("n", "inputsCreator: 0\ninputsEvaluator:\noutputsCreator: 1\n"
                + "outputsEvaluator:\nnumberOfRegisters: 2\nnumberOfGates: 1\n1;0;2\n");
        w = new StringWriter();
        MecWriter.write(not, w);
        assertEquals("inputsCreator: 0\ninputsEvaluator: \noutputsCreator: 1\noutputsEvaluator: \n"
                + "numberOfRegisters: 2\nnumberOfGates: 1\n1;0,0;12\n", w.toString());
    }

    @Test
    void circuitsWithoutCallsKeepTheirHash() throws IOException {
        Random rnd = new Random(3);
        for (int i = 0; i < 40; i++) {
            Circuit c = RandomCircuits.generate(rnd, 0, 1 + rnd.nextInt(60));
            Path f = dir.resolve("c" + i + ".mec");
            CircuitFiles.write(c, f);
            assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(MecReader.open(f).hash()));
        }
    }

    @Test
    void circuitsWithCallsAreFlattenedIntoTheSameFunction() throws IOException {
        Random rnd = new Random(4);
        for (int i = 0; i < 30; i++) {
            Circuit c = RandomCircuits.generate(rnd, 1 + rnd.nextInt(4), 1 + rnd.nextInt(40));
            Path f = dir.resolve("f" + i + ".mec");
            CircuitFiles.write(c, f, CircuitFormat.MEC);
            Circuit flat = CircuitFiles.read(f, CircuitFormat.MEC);
            assertEquals(c.labelSlots(), flat.numSlots());
            assertEquals(c.nonLinearCount(), flat.nonLinearCount(), "copies are linear");
            sameFunction(rnd, c, flat);
        }
    }

    static void sameFunction(Random rnd, Circuit a, Circuit b) throws IOException {
        for (int k = 0; k < 8; k++) {
            boolean[] x = bits(rnd, a.creatorInputCount());
            boolean[] y = bits(rnd, a.evaluatorInputCount());
            Simulator.Result ra = Simulator.run(a, x, y);
            Simulator.Result rb = Simulator.run(b, x, y);
            assertArrayEquals(ra.creatorOutputs(), rb.creatorOutputs());
            assertArrayEquals(ra.evaluatorOutputs(), rb.evaluatorOutputs());
        }
    }

    static boolean[] bits(Random rnd, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = rnd.nextBoolean();
        }
        return b;
    }
}
