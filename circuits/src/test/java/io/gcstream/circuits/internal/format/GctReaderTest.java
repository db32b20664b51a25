package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.TruthTable;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class GctReaderTest {
    /** The paper's Fig. 2, verbatim apart from the comment text. */
    public static final String FIG2 = """
            inputsCreator: 0          // creator's input is r0
            inputsEvaluator: 1        // evaluator's input is r1
            outputsCreator:
            outputsEvaluator: 0       // evaluator's output is r0
            numberOfRegisters: 2
            numberOfGates: 2
            0;1,0;1                   // r0 = r1 and r0
            0;1,0;6                   // r0 = r1 xor r0
            """;

    @Test
    void paperFigure2MeansWhatThePaperSays() throws IOException {
        Circuit c = GctReader.parse("fig2.gct", FIG2);
        assertEquals(2, c.numSlots());
        assertEquals(2, c.gateCount());
        assertEquals(1, c.nonLinearCount());
        assertEquals(0, c.creatorOutputCount());
        for (int x = 0; x < 2; x++) {
            for (int y = 0; y < 2; y++) {
                Simulator.Result r = Simulator.run(c, new boolean[] {x == 1}, new boolean[] {y == 1});
                // r0 = y xor (y and x) = y and not x: "evaluator's bit is greater"
                assertArrayEquals(new boolean[] {y == 1 && x == 0}, r.evaluatorOutputs(), x + "," + y);
            }
        }
    }

    @Test
    void oneInputGatesRangesAndComments() throws IOException {
        String text = """
                // leading comment

                inputsCreator: 0-2 // a range
                inputsEvaluator: 3
                outputsCreator: 4 5
                outputsEvaluator: 6 7
                numberOfRegisters: 8
                numberOfGates: 4
                4;0;1        // copy
                5;1;2        // not
                6;2;0        // constant 0
                7;3;3        // constant 1
                """;
        Circuit c = GctReader.read(new StringReader(text), "t.gct");
        assertArrayEquals(new int[] {0, 1, 2}, CircuitSlots.inputs(c, Party.CREATOR));
        try (var r = Circuits.openBody(c)) {
            int[] expect = {TruthTable.COPY, TruthTable.NOT, TruthTable.ZERO, TruthTable.ONE};
            for (int t : expect) {
                r.next();
                assertEquals(t, r.table());
                assertEquals(r.in1(), r.in2());
            }
        }
        Simulator.Result r = Simulator.run(c, new boolean[] {true, true, false}, new boolean[] {false});
        assertArrayEquals(new boolean[] {true, false}, r.creatorOutputs());
        assertArrayEquals(new boolean[] {false, true}, r.evaluatorOutputs());
    }

    @Test
    void subCircuitsWithNestedCalls(@TempDir Path dir) throws IOException {
        String text = """
                circuit and2
                inputs: 0 1
                outputs: 0
                numberOfRegisters: 2
                numberOfGates: 1
                0;0,1;1
                end
                circuit and3        // calls and2 twice
                inputs: 0-2
                outputs: 3
                numberOfRegisters: 4
                numberOfGates: 2
                call and2 0 1 -> 3
                call and2 3 2 -> 3
                end
                inputsCreator: 0 1
                inputsEvaluator: 2
                outputsCreator: 3
                outputsEvaluator: 3
                numberOfRegisters: 4
                numberOfGates: 2
                call and3 0-2 -> 3
                3;3;2
                """;
        Path f = dir.resolve("and3.gct");
        Files.writeString(f, text);
        Circuit c = GctReader.open(f);
        assertEquals(2, Circuits.subCircuits(c).size());
        assertEquals(3, c.gateCount());
        assertEquals(2, c.nonLinearCount());
        assertEquals(4 + 4 + 2, c.labelSlots());
        for (int v = 0; v < 8; v++) {
            boolean[] ci = {(v & 1) != 0, (v & 2) != 0};
            boolean[] ei = {(v & 4) != 0};
            Simulator.Result r = Simulator.run(c, ci, ei);
            assertEquals(v != 7, r.evaluatorOutputs()[0], "v=" + v);
        }
        // The body streams from the file on every pass.
        assertEquals(Simulator.run(c, new boolean[2], new boolean[1]).creatorOutputs()[0],
                Simulator.run(c, new boolean[2], new boolean[1]).creatorOutputs()[0]);
    }
}
