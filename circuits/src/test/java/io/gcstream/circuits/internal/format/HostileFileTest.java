package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The attack shapes of small files that used to make the readers allocate gigabytes or
 * overflow the stack (issue 12): each is now refused before anything large is allocated, with
 * one message naming the file, the position and the limit (docs/formats.md, "Limits").
 */
class HostileFileTest {
    @TempDir
    static Path dir;

    private static String gctError(String text) {
        return assertThrows(CircuitFormatException.class, () -> drain(GctReader.parse("t.gct", text)))
                .getMessage();
    }

    private static void drain(io.gcstream.circuits.Circuit c) throws IOException {
        try (InstructionReader r = Circuits.openBody(c)) {
            while (r.next()) {
                // every pass checks
            }
        }
    }

    private static String header(String ci, String ei, String co, String eo, long s, long n) {
        return "inputsCreator: " + ci + "\ninputsEvaluator: " + ei + "\noutputsCreator: " + co
                + "\noutputsEvaluator: " + eo + "\nnumberOfRegisters: " + s + "\nnumberOfGates: " + n + "\n";
    }

    @Test
    void aRangeOfTwoBillionSlotsInAHeaderIsRefusedByItsNumberOfRegisters() {
        // 128 bytes that used to allocate an 8 GB list.
        String text = header("0-2000000000", "", "0", "", 2000000001, 0);
        assertEquals("t.gct:5: main circuit: numberOfRegisters 2000000001 is more than a text circuit of "
                + text.length() + " bytes may declare (at most " + (262144 + 2 * text.length())
                + " = 2^18 + 2 per byte; see docs/formats.md, Limits)", gctError(text));
    }

    @Test
    void headerListsMayNotNameMoreSlotsThanTheFileAllows() {
        String text = header("0-199999", "0-99999", "0", "", 200000, 0);
        assertEquals("t.gct:2: the file's slot lists name 300000 slots so far, more than a text circuit of "
                + text.length() + " bytes may name (at most " + (262144 + 2 * text.length())
                + " = 2^18 + 2 per byte; see docs/formats.md, Limits)", gctError(text));
    }

    @Test
    void anSFarBeyondWhatTheBodyFillsIsRefusedAtTheEndOfTheBody() {
        String text = header("0", "", "1", "", 100000, 1) + "1;0;2\n";
        assertEquals("t.gct:5: main circuit: numberOfRegisters is 100000 but the body fills at most 2 slots"
                + " (1 inputs + 1 slot writes): S may not exceed that", gctError(text));
        String sub = "circuit f\ninputs: 0\noutputs: 1\nnumberOfRegisters: 9\nnumberOfGates: 1\n1;0;2\nend\n"
                + header("0", "", "1", "", 2, 1) + "call f 0 -> 1\n";
        assertEquals("t.gct:4: sub-circuit f: numberOfRegisters is 9 but the body fills at most 2 slots"
                + " (1 inputs + 1 slot writes): S may not exceed that", gctError(sub));
    }

    @Test
    void callsHeldInMemoryCountAgainstTheFile() {
        // f takes 50,000 inputs; each call of it inside g names 50,001 slots, held in g's body.
        StringBuilder t = new StringBuilder("circuit f\ninputs: 0-49999\noutputs: 0\nnumberOfRegisters: 50000\n"
                + "numberOfGates: 0\nend\ncircuit g\ninputs: 0-49999\noutputs: 0\nnumberOfRegisters: 50000\n"
                + "numberOfGates: 6\n");
        for (int i = 0; i < 6; i++) {
            t.append("call f 0-49999 -> 0\n");
        }
        t.append("end\n").append(header("0-49999", "", "0", "", 50000, 1)).append("call g 0-49999 -> 0\n");
        String text = t.toString();
        assertEquals("t.gct:15: the file's slot lists name 300006 slots so far, more than a text circuit of "
                + text.length() + " bytes may name (at most " + (262144 + 2 * text.length())
                + " = 2^18 + 2 per byte; see docs/formats.md, Limits)", gctError(text));
    }

    @Test
    void mainBodyCallsMayNotNeedMoreLabelSlotsThanTheFileAllows() {
        // f copies 30,000 slots; main calls it on fresh slots until S = 240,000, plus f's frame.
        StringBuilder t = new StringBuilder("circuit f\ninputs: 0-29999\noutputs: 0-29999\n"
                + "numberOfRegisters: 30000\nnumberOfGates: 0\nend\n");
        t.append(header("0-29999", "", "0", "", 240000, 7));
        for (int i = 0; i < 7; i++) {
            t.append("call f ").append(30000 * i).append('-').append(30000 * i + 29999).append(" -> ")
                    .append(30000 * (i + 1)).append('-').append(30000 * (i + 1) + 29999).append('\n');
        }
        String text = t.toString();
        assertEquals("t.gct:13: main circuit: call of f needs 270000 label slots, more than a text circuit of "
                + text.length() + " bytes may declare (at most " + (262144 + 2 * text.length())
                + " = 2^18 + 2 per byte; see docs/formats.md, Limits)", gctError(text));
    }

    /** c0 negates; c(k) calls c(k-1); main calls the last. */
    private static String chain(int n) {
        StringBuilder t = new StringBuilder("circuit c0\ninputs: 0\noutputs: 1\nnumberOfRegisters: 2\n"
                + "numberOfGates: 1\n1;0;2\nend\n");
        for (int k = 1; k < n; k++) {
            t.append("circuit c").append(k).append("\ninputs: 0\noutputs: 1\nnumberOfRegisters: 2\n"
                    + "numberOfGates: 1\ncall c").append(k - 1).append(" 0 -> 1\nend\n");
        }
        return t.append(header("0", "", "1", "", 2, 1)).append("call c").append(n - 1).append(" 0 -> 1\n")
                .toString();
    }

    @Test
    void aChainOfTwentyThousandNestedSubCircuitsIsRefusedAtLevelOneThousandAndOne() throws IOException {
        // 1,000 levels are fine and run (the walker does not recurse; see CircuitWalkerTest).
        drain(GctReader.parse("t.gct", chain(1000)));
        // Definition c1000 starts on line 7001, its call on line 7006.
        String expected = "t.gct:7006: sub-circuit c1000: call of c999 (nested 1000 deep) nests sub-circuits"
                + " more than 1000 deep";
        assertEquals(expected, gctError(chain(1001)));
        assertEquals(expected, gctError(chain(20000)));
    }

    private static byte[] varints(long... fields) {
        return MalformedBinaryTest.varints(fields);
    }

    private static String gcbError(String name, byte[] bytes) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, bytes);
        return assertThrows(CircuitFormatException.class, () -> drain(GcbReader.open(f))).getMessage();
    }

    @Test
    void aGcbSIsCheckedAgainstTheBytesOfItsBody() throws IOException {
        // Fig. 2 with S = 2^31 - 1: its 8-byte body could fill 8 slots at most.
        long[] header = MalformedBinaryTest.FIG2_HEADER.clone();
        header[7] = Integer.MAX_VALUE;
        header[11] = Integer.MAX_VALUE;
        byte[] b = MalformedBinaryTest.craft(MalformedBinaryTest.concatFields(header, MalformedBinaryTest.FIG2_BODY));
        assertEquals(dir.resolve("s.gcb") + ": byte 44: main circuit: numberOfRegisters 2147483647 is more slots"
                + " than it could ever use: 2 inputs plus at most 8 slot writes (the 8 bytes of its body, one"
                + " byte at least per slot written)", gcbError("s.gcb", b));
    }

    @Test
    void gcbDefinitionsNestAtMostOneThousandDeep() throws IOException {
        // Definitions c0 (NOT) and c1 .. c1000, each calling the one before it.
        ByteArrayOutputStream defs = new ByteArrayOutputStream();
        long c1000At = 0;
        int n = 1001;
        for (int k = 0; k < n; k++) {
            byte[] body = k == 0 ? varints(16 + 12, 2, 1) : varints(32 + k - 1, 0, 1);
            byte[] name = ("c" + k).getBytes(StandardCharsets.UTF_8);
            defs.writeBytes(varints(name.length));
            defs.writeBytes(name);
            defs.writeBytes(varints(1, 0, 1, 1, 2, 1, 1, 0, 2L * (k + 1), body.length));
            if (k == n - 1) {
                c1000At = defs.size();
            }
            defs.writeBytes(body);
        }
        byte[] head = varints(1, 0, 0, 0, 1, 1, 2, 1, 1, 0, 2L + 2L * n, n);
        byte[] file = MalformedBinaryTest.craftRaw(MalformedBinaryTest.concat(head, defs.toByteArray(),
                varints(32 + n - 1, 0, 1)));
        long at = 37 + head.length + c1000At;
        assertEquals(dir.resolve("deep.gcb") + ": byte " + at + " (instruction 1): sub-circuit c1000: call of"
                + " c999 (nested 1000 deep) nests sub-circuits more than 1000 deep", gcbError("deep.gcb", file));
    }
}
