package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.RandomCircuits;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GcbReaderTest {
    @TempDir
    Path dir;

    private Circuit withCalls() {
        return RandomCircuits.generate(new Random(3), 4, 200);
    }

    @Test
    void evictedDefinitionsAreReReadAndGiveTheSameResults() throws IOException {
        Circuit c = withCalls();
        Path f = dir.resolve("c.gcb");
        GcbWriter.write(c, f);
        Circuit cached = GcbReader.open(f);
        Circuit uncached = GcbReader.open(f, GcbReader.Options.defaults().withMaxCachedInstructions(0));
        Circuit tiny = GcbReader.open(f, GcbReader.Options.defaults().withMaxCachedInstructions(25)
                .withBufferSize(64));
        Random rnd = new Random(1);
        for (int k = 0; k < 10; k++) {
            boolean[] ci = RandomCircuits.bits(rnd, c.creatorInputCount());
            boolean[] ei = RandomCircuits.bits(rnd, c.evaluatorInputCount());
            Simulator.Result want = Simulator.run(c, ci, ei);
            for (Circuit x : new Circuit[] {cached, uncached, tiny}) {
                Simulator.Result got = Simulator.run(x, ci, ei);
                assertArrayEquals(want.evaluatorOutputs(), got.evaluatorOutputs());
                assertArrayEquals(want.creatorOutputs(), got.creatorOutputs());
            }
        }
    }

    @Test
    void bodyStreamsGivesPositionsAndCountsMatchHeader() throws IOException {
        Circuit c = withCalls();
        Path f = dir.resolve("c.gcb");
        GcbWriter.write(c, f);
        Circuit r = GcbReader.open(f);
        long n = 0;
        try (InstructionReader in = r.openBody()) {
            while (in.next()) {
                n++;
                assertTrue(in.position().startsWith(f + ": byte "), in.position());
            }
            assertEquals(false, in.next(), "stays at the end");
        }
        assertEquals(c.instructionCount(), n);
        assertArrayEquals(c.hash(), r.hash());
    }

    @Test
    void corruptedBodyByteIsReportedAsCorrupt() throws IOException {
        // Flip a bit in a slot delta of the last gate so that the structure stays valid but
        // the content changes: only the hash can notice.
        Circuit c = GctReader.parse("x", """
                inputsCreator: 0
                inputsEvaluator: 1
                outputsCreator:
                outputsEvaluator: 0
                numberOfRegisters: 2
                numberOfGates: 2
                0;1,0;1
                0;1,0;6
                """);
        Path f = dir.resolve("c.gcb");
        GcbWriter.write(c, f);
        byte[] b = Files.readAllBytes(f);
        b[b.length - 4] ^= 0x07; // opcode 6 (XOR) becomes 1 (AND)
        Files.write(f, b);
        Circuit r = GcbReader.open(f);
        CircuitFormatException e = assertThrows(CircuitFormatException.class,
                () -> Simulator.run(r, new boolean[1], new boolean[1]));
        assertTrue(e.getMessage().contains("corrupt"), e.getMessage());
        assertThrows(CircuitFormatException.class, () -> GcbReader.open(f,
                GcbReader.Options.defaults().withValidateAtOpen(true)));
    }

    @Test
    void bytesInMemoryReadAsTheSameCircuitWalkedWithoutTheFile() throws IOException {
        Circuit c = withCalls();
        Path f = dir.resolve("c.gcb");
        GcbWriter.write(c, f);
        Circuit m = GcbReader.read("c.gcb", Files.readAllBytes(f));
        Files.delete(f);
        assertArrayEquals(c.hash(), m.hash());
        assertEquals(c.instructionCount(), m.instructionCount());
        assertEquals(c.gateCount(), m.gateCount());
        assertEquals(c.nonLinearCount(), m.nonLinearCount());
        assertEquals(c.labelSlots(), m.labelSlots());
        Random rnd = new Random(2);
        for (int k = 0; k < 5; k++) {
            boolean[] ci = RandomCircuits.bits(rnd, c.creatorInputCount());
            boolean[] ei = RandomCircuits.bits(rnd, c.evaluatorInputCount());
            Simulator.Result want = Simulator.run(c, ci, ei);
            Simulator.Result got = Simulator.run(m, ci, ei);
            assertArrayEquals(want.evaluatorOutputs(), got.evaluatorOutputs());
            assertArrayEquals(want.creatorOutputs(), got.creatorOutputs());
        }
        // The hash of what is held, recomputed from scratch, is still the file's.
        assertArrayEquals(c.hash(), io.gcstream.circuits.internal.CircuitHash.compute(m));
    }

    @Test
    void bytesInMemoryThatDoNotMatchTheirHashAreRejectedAtOnce() throws IOException {
        byte[] file = withCallsAsBytes();
        byte[] b = file.clone();
        b[Gcb.HASH_OFFSET] ^= 1;
        CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> GcbReader.read("res.gcb", b));
        assertTrue(e.getMessage().startsWith("res.gcb: "), e.getMessage());
        assertTrue(e.getMessage().contains("corrupt"), e.getMessage());
        byte[] truncated = java.util.Arrays.copyOf(file, b.length - 3);
        assertThrows(CircuitFormatException.class, () -> GcbReader.read("res.gcb", truncated));
    }

    /** Unhashed: the same circuit, the header's hash taken as it is, every other check still made. */
    @Test
    void bytesReadUnhashedTakeTheHeadersHashAndAreStillChecked() throws IOException {
        Circuit c = withCalls();
        byte[] b = withCallsAsBytes();
        Circuit u = GcbReader.readUnhashed("c.gcb", b);
        assertArrayEquals(c.hash(), u.hash());
        Random rnd = new Random(3);
        boolean[] ci = RandomCircuits.bits(rnd, c.creatorInputCount());
        boolean[] ei = RandomCircuits.bits(rnd, c.evaluatorInputCount());
        assertArrayEquals(Simulator.run(c, ci, ei).evaluatorOutputs(), Simulator.run(u, ci, ei).evaluatorOutputs());
        byte[] otherHash = b.clone();
        otherHash[Gcb.HASH_OFFSET] ^= 1;
        assertEquals(otherHash[Gcb.HASH_OFFSET], GcbReader.readUnhashed("c.gcb", otherHash).hash()[0],
                "the contract: the header's hash is taken, not checked");
        byte[] truncated = java.util.Arrays.copyOf(b, b.length - 3);
        assertThrows(CircuitFormatException.class, () -> GcbReader.readUnhashed("c.gcb", truncated));
        byte[] badMagic = b.clone();
        badMagic[0] ^= 1;
        assertThrows(CircuitFormatException.class, () -> GcbReader.readUnhashed("c.gcb", badMagic));
    }

    /** {@link #withCalls()} written as a .gcb file, as bytes. */
    private byte[] withCallsAsBytes() throws IOException {
        Path f = dir.resolve("c.gcb");
        GcbWriter.write(withCalls(), f);
        return Files.readAllBytes(f);
    }

    @Test
    void optionsRejectNonsense() {
        assertThrows(IllegalArgumentException.class, () -> GcbReader.Options.defaults().withBufferSize(8));
        assertThrows(IllegalArgumentException.class,
                () -> GcbReader.Options.defaults().withMaxCachedInstructions(-1));
    }
}
