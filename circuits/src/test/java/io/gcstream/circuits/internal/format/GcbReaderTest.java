package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.function.UnaryOperator;
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

    /**
     * The file is rewritten (in place, same length) right after the reader's read of the header
     * varints, which buffers the definition too: the definition's bytes then parsed are an OR where
     * the bytes the header's hash was fed held an AND. What runs must be what was hashed: the
     * pass fails on the hash, it never computes the OR under the AND's hash.
     */
    @Test
    void aDefinitionChangedBetweenReadsAtOpenIsHashedAsParsedAndRefused() throws IOException {
        String text = """
                circuit f
                inputs: 0 1
                outputs: 0
                numberOfRegisters: 2
                numberOfGates: 1
                0;0,1;%d
                end
                inputsCreator: 0
                inputsEvaluator: 1
                outputsCreator:
                outputsEvaluator: 2
                numberOfRegisters: 3
                numberOfGates: 1
                call f 0 1 -> 2
                """;
        Path f = dir.resolve("f.gcb");
        Path or = dir.resolve("or.gcb");
        GcbWriter.write(GctReader.parse("and", text.formatted(1)), f);
        GcbWriter.write(GctReader.parse("or", text.formatted(7)), or);
        byte[] andHash = GcbWriter.hash(GctReader.parse("and", text.formatted(1)));
        byte[] orBytes = Files.readAllBytes(or);
        assertEquals(Files.size(f), orBytes.length);
        for (boolean validateAtOpen : new boolean[] {false, true}) {
            GcbWriter.write(GctReader.parse("and", text.formatted(1)), f);
            boolean[] rewritten = {false};
            UnaryOperator<GcbInput.Source> rewriteAfterFirstRead = source -> (dst, position) -> {
                int n = source.read(dst, position);
                if (position == Gcb.HEADER_OFFSET && !rewritten[0]) {
                    rewritten[0] = true;
                    Files.write(f, orBytes);
                }
                return n;
            };
            GcbReader.Options options = GcbReader.Options.defaults().withValidateAtOpen(validateAtOpen);
            CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> {
                Circuit c = GcbReader.open(f, options, rewriteAfterFirstRead);
                assertArrayEquals(andHash, c.hash(), "the hash the peers compare");
                Simulator.run(c, new boolean[] {true}, new boolean[] {false});
            }, "the OR ran under the AND's hash");
            assertTrue(rewritten[0]);
            assertTrue(e.getMessage().startsWith(f + ": "), e.getMessage());
            assertTrue(e.getMessage().contains("changed after it was opened"), e.getMessage());
        }
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
