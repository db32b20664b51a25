package io.gcstream.circuits.internal.format;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.CircuitFormatTest;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MecReaderTest {
    /** {@link CircuitFormatTest#MEC} in .gct: (x0 AND x1) XOR y0 to the evaluator. */
    static final String SAME_AS_GCT = """
            inputsCreator: 0 1
            inputsEvaluator: 2
            outputsCreator:
            outputsEvaluator: 3
            numberOfRegisters: 4
            numberOfGates: 2
            3;0,1;1
            3;3,2;6
            """;

    @Test
    void commaListsMeanWhatBlankListsMeanInGct() throws IOException {
        Circuit mec = MecReader.parse("t.mec", CircuitFormatTest.MEC);
        Circuit gct = GctReader.parse("t.gct", SAME_AS_GCT);
        assertEquals(HexFormat.of().formatHex(gct.hash()), HexFormat.of().formatHex(mec.hash()));
        assertArrayEquals(new int[] {0, 1}, CircuitSlots.inputs(mec, Party.CREATOR));
        for (int v = 0; v < 8; v++) {
            boolean x0 = (v & 1) != 0;
            boolean x1 = (v & 2) != 0;
            boolean y = (v & 4) != 0;
            assertArrayEquals(new boolean[] {(x0 && x1) ^ y},
                    Simulator.run(mec, new boolean[] {x0, x1}, new boolean[] {y}).evaluatorOutputs());
        }
    }

    @Test
    void keywordsInAnyCaseBlanksAroundCommasAndComments() throws IOException {
        String text = """
                // written by hand
                INPUTSCREATOR: 0 , 1
                inputsevaluator: 2
                outputsCreator:
                OutputsEvaluator: 3    // the result
                numberofregisters: 4
                numberOfGates: 2

                3;0,1;1
                3 ; 3 , 2 ; 6
                """;
        assertEquals(HexFormat.of().formatHex(GctReader.parse("t.gct", SAME_AS_GCT).hash()), HexFormat.of().formatHex(MecReader.parse("t.mec", text).hash()));
    }

    @Test
    void theBodyIsStreamedFromTheFileOnEachPass(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("c.mec");
        Files.writeString(f, CircuitFormatTest.MEC);
        Circuit c = MecReader.open(f);
        for (int pass = 0; pass < 2; pass++) {
            int n = 0;
            try (InstructionReader r = Circuits.openBody(c)) {
                while (r.next()) {
                    n++;
                }
            }
            assertEquals(2, n);
        }
    }

    @Test
    void errorsNameFileAndLine() {
        String[][] cases = {
            {"circuit f\n", "t.mec:1: sub-circuit definitions are not part of the .mec format (use .gct)"},
            {CircuitFormatTest.MEC.replace("0,1", "0,1 2"), "t.mec:1: bad number '1 2'"},
            {CircuitFormatTest.MEC.replace("0,1", ","), "t.mec:1: empty entry in the slot list ',' (.mec separates slots by single commas)"},
            {CircuitFormatTest.MEC.replace("3;3,2;6", "3;3;2"),
                "t.mec:8: a .mec gate has two inputs: expected 'out;in1,in2;table' but found '3;3;2'"},
            {CircuitFormatTest.MEC.replace("3;3,2;6", "3"),
                "t.mec:8: expected a gate 'out;in1,in2;table' but found '3'"},
        };
        for (String[] c : cases) {
            CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> MecReader.parse("t.mec", c[0]));
            assertEquals(c[1], e.getMessage());
        }
    }
}
