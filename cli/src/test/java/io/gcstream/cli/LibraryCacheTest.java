package io.gcstream.cli;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.lib.Library;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LibraryCacheTest {
    @TempDir
    Path dir;

    /** The build wrote the carried copies; each is the circuit the library builds now. */
    @Test
    void everyCarriedCircuitIsTheLibrarysCircuit() {
        for (String name : LibraryCache.NAMES) {
            Circuit carried = LibraryCache.circuit(name);
            assertNotNull(carried, name + " is carried (the build writes it)");
            Circuit built = Library.get(name).circuit();
            assertArrayEquals(built.hash(), carried.hash(), name);
            // Read without hashing: the bytes the build wrote do hash to their header's hash.
            assertArrayEquals(built.hash(), io.gcstream.circuits.internal.CircuitHash.compute(carried), name);
            assertEquals(built.labelSlots(), carried.labelSlots(), name);
            Random rnd = new Random(name.hashCode());
            boolean[] x = bits(rnd, built.creatorInputCount());
            boolean[] y = bits(rnd, built.evaluatorInputCount());
            assertArrayEquals(Simulator.run(built, x, y).evaluatorOutputs(),
                    Simulator.run(carried, x, y).evaluatorOutputs(), name);
        }
        assertArrayEquals(Library.get("aes128").circuit().hash(), LibraryCache.circuit(" AES128 ").hash());
    }

    @Test
    void otherNamesAreNotCarried() {
        assertNull(LibraryCache.circuit("hamming900"));
        assertNull(LibraryCache.circuit("../lib/aes128"));
        assertNull(LibraryCache.circuit(""));
    }

    @Test
    void circuitsThatEncodeAValueAreNotWritten() {
        assertThrows(IllegalArgumentException.class, () -> LibraryCache.write("aes128-expanded",
                dir.resolve("x.gcb")));
    }

    /** gc reads the carried copy where it would have built the circuit. */
    @Test
    void commandsUseTheCarriedCopy() {
        CliTestSupport.Outcome o = CliTestSupport.gc("info", "lib:aes128");
        assertEquals(0, o.status(), o.err());
        assertEquals(true, o.out().contains(HexFormat.of().formatHex(Library.get("aes128").circuit().hash())), o.out());
    }

    private static boolean[] bits(Random rnd, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = rnd.nextBoolean();
        }
        return b;
    }
}
