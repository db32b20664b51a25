package io.gcstream.circuits.internal.format;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** .bmec files built integer by integer here, independently of {@link BmecWriter}. */
public class BmecReaderTest {
    @TempDir
    static Path dir;

    /** 4-byte big-endian integers. */
    public static byte[] ints(int... v) {
        ByteBuffer b = ByteBuffer.allocate(4 * v.length);
        for (int x : v) {
            b.putInt(x);
        }
        return b.array();
    }

    /** Fig. 2: creator r0, evaluator r1, evaluator output r0; r0 = r1 AND r0; r0 = r1 XOR r0. */
    static final int[] FIG2 = {1, 0, 1, 1, 0, 1, 0, 2, 2, 0, 1, 0, 1, 0, 1, 0, 6};

    private static Path file(String name, byte[] content) throws IOException {
        Path f = dir.resolve(name + ".bmec");
        Files.write(f, content);
        return f;
    }

    @Test
    void figure2ReadsAsTheSameCircuitAsItsGctText() throws IOException {
        Circuit c = BmecReader.open(file("fig2", ints(FIG2)));
        Circuit text = GctReader.parse("fig2", GctReaderTest.FIG2);
        assertEquals(HexFormat.of().formatHex(text.hash()), HexFormat.of().formatHex(c.hash()));
        assertEquals(2, c.gateCount());
        assertEquals(1, c.nonLinearCount());
        assertEquals(2, c.numSlots());
        for (int x = 0; x < 2; x++) {
            for (int y = 0; y < 2; y++) {
                assertArrayEquals(new boolean[] {y == 1 && x == 0},
                        Simulator.run(c, new boolean[] {x == 1}, new boolean[] {y == 1}).evaluatorOutputs());
            }
        }
    }

    @Test
    void theBodyIsStreamedAgainOnEachPass() throws IOException {
        Circuit c = BmecReader.open(file("twice", ints(FIG2)));
        for (int pass = 0; pass < 2; pass++) {
            try (InstructionReader r = Circuits.openBody(c)) {
                int n = 0;
                while (r.next()) {
                    n++;
                    assertEquals(0, r.out());
                    assertEquals(1, r.in1());
                    assertEquals(0, r.in2());
                }
                assertEquals(2, n);
            }
        }
    }

    /** Header: lists [0,1] [2] [] [3], 4 registers; gates follow. */
    private static int[] with(int gates, int... body) {
        int[] head = {2, 0, 1, 1, 2, 0, 1, 3, 4, gates};
        int[] all = new int[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
            Arguments.of("short", ints(1, 0), "byte 0: inputsCreator count 1 needs 4 bytes but the file"
                    + " has 0 left for it: truncated, or not a .bmec file"),
            Arguments.of("negative count", ints(-1, 0, 0, 0, 0, 0), "byte 0: inputsCreator count -1 is negative"),
            Arguments.of("huge count", ints(0, 0x7FFFFFFF, 0, 0, 0, 0), "byte 4: inputsEvaluator count 2147483647"
                    + " needs 8589934588 bytes but the file has 0 left for it: truncated, or not a .bmec file"),
            Arguments.of("negative registers", ints(0, 0, 0, 0, -5, 0), "byte 16: numberOfRegisters -5 is negative"),
            Arguments.of("truncated body", ints(with(2, 3, 0, 1, 1)), "byte 36: numberOfGates 2 needs 32 bytes"
                    + " of gates but 16 follow: file is truncated"),
            Arguments.of("trailing bytes", ints(with(1, 3, 0, 1, 1, 7)), "byte 36: numberOfGates 1 needs 16 bytes"
                    + " of gates but 20 follow: trailing bytes"),
            Arguments.of("negative gates", ints(with(-1)), "byte 36: numberOfGates -1 is negative"),
            Arguments.of("duplicate input", ints(2, 0, 0, 0, 0, 0, 1, 0), "byte 28: main circuit: input slot 0"
                    + " is listed twice"),
            Arguments.of("output out of range", ints(0, 0, 0, 1, 9, 0, 0), "byte 24: main circuit: output slot 9"
                    + " is out of range: numberOfRegisters is 0"),
            Arguments.of("registers beyond use", ints(1, 0, 0, 0, 1, 0, 2147483647, 0), "byte 24: main circuit:"
                    + " numberOfRegisters 2147483647 is more slots than it could ever use: 1 inputs plus at most"
                    + " 0 slot writes (its 0 gates write one slot each)"),
            Arguments.of("read before write", ints(with(1, 3, 0, 3, 1)), "byte 40 (gate 1): main circuit: reads"
                    + " slot 3 before it is written"),
            Arguments.of("slot out of range", ints(with(2, 3, 0, 1, 1, 4, 3, 3, 6)), "byte 56 (gate 2): main"
                    + " circuit: output slot 4 is out of range: numberOfRegisters is 4"),
            Arguments.of("negative slot", ints(with(1, 3, -1, 1, 1)), "byte 40 (gate 1): main circuit: input"
                    + " slot -1 is out of range: numberOfRegisters is 4"),
            Arguments.of("bad table", ints(with(1, 3, 0, 1, 16)), "byte 40 (gate 1): main circuit: truth"
                    + " table 16 is not a 4-bit number (0..15)"),
            Arguments.of("output never written", ints(with(1, 2, 0, 1, 1)), "byte 56 (end of file): main"
                    + " circuit: evaluator output slot 3 is never written"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedFilesGetOneExactMessage(String name, byte[] content, String expected) throws IOException {
        Path f = file(name.replace(' ', '_'), content);
        CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> BmecReader.open(f));
        assertEquals(f + ": " + expected, e.getMessage());
    }

    @Test
    void theControlCaseOfTheMalformedOnesIsValid() throws IOException {
        Circuit c = BmecReader.open(file("control", ints(with(2, 3, 0, 1, 1, 3, 3, 2, 6))));
        assertEquals(1, c.nonLinearCount());
        boolean[] out = Simulator.run(c, new boolean[] {true, true}, new boolean[] {true}).evaluatorOutputs();
        assertArrayEquals(new boolean[] {false}, out);
    }

    @Test
    void aFileThatShrinksBetweenPassesIsAnErrorNotAMisread() throws IOException {
        Path f = file("shrinks", ints(FIG2));
        Circuit c = BmecReader.open(f);
        Files.write(f, java.util.Arrays.copyOf(ints(FIG2), 4 * FIG2.length - 8));
        CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> {
            try (InstructionReader r = Circuits.openBody(c)) {
                while (r.next()) {
                    // until the cut
                }
            }
        });
        assertEquals(f + ": the file changed after it was read (bytes 36..68: it ends at byte 60 now): a circuit"
                + " file must not be replaced, truncated or edited while it is in use", e.getMessage());
    }
}
