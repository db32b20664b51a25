package io.gcstream.circuits.internal.format;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.SubCircuit;
import io.gcstream.circuits.internal.TruthTable;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class GctWriterTest {
    @Test
    void writesRangesShortOneInputGatesAndCalls() throws IOException {
        SubCircuit id = SubCircuit.of("id3", new int[] {0, 1, 2}, new int[] {0, 1, 2}, 3,
                new Body.Builder().build(), List.of());
        Circuits.Builder b = Circuits.builder();
        b.addSubCircuit(id);
        Circuit c = b.creatorInputs(0, 1, 2, 3).evaluatorInputs(5, 7).evaluatorOutputs(4, 6, 8)
                .numSlots(9).body(new Body.Builder()
                        .gate(4, 0, 0, TruthTable.COPY)
                        .gate(6, 1, 1, TruthTable.NOT)
                        .gate(8, 2, 2, TruthTable.XOR)   // in1 == in2 but not COPY/NOT: long form
                        .call(0, new int[] {5, 6, 7}, new int[] {4, 6, 8})
                        .build()).build();
        String expected = """
                circuit id3
                inputs: 0-2
                outputs: 0-2
                numberOfRegisters: 3
                numberOfGates: 0
                end
                inputsCreator: 0-3
                inputsEvaluator: 5 7
                outputsCreator:\s
                outputsEvaluator: 4 6 8
                numberOfRegisters: 9
                numberOfGates: 4
                4;0;1
                6;1;2
                8;2,2;6
                call id3 5-7 -> 4 6 8
                """;
        assertEquals(expected, GctWriter.toString(c));
        assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(GctReader.parse("w", expected).hash()));
    }

    /** Both writers apply the readers' rule ({@link SubCircuitNames}): a 256-byte name was written to a .gct its reader refused. */
    @Test
    void rejectsNamesTheTextFormatCannotHold() {
        for (String name : new String[] {"has space", "x".repeat(256)}) {
            SubCircuit bad = SubCircuit.of(name, new int[] {0}, new int[] {0}, 1,
                    new Body.Builder().build(), List.of());
            Circuits.Builder b = Circuits.builder();
            b.addSubCircuit(bad);
            Circuit c = b.creatorInputs(0).evaluatorOutputs(0).numSlots(1).body(new Body.Builder().build())
                    .build();
            assertThrows(IllegalArgumentException.class, () -> GctWriter.toString(c), name);
            assertThrows(IllegalArgumentException.class, c::hash, name);
        }
    }
}
