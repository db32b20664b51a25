package io.gcstream.compiler.lib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import org.junit.jupiter.api.Test;

class LibraryTest {
    @Test
    void buildsCircuitsByName() {
        assertEquals(6400, Library.circuit("aes128").nonLinearCount());
        assertEquals(2108, Library.circuit("PRESENT80").nonLinearCount());
        Circuit h = Library.circuit("hamming900");
        assertEquals(900, h.creatorInputCount());
        assertEquals(900 - Integer.bitCount(900), h.nonLinearCount());
    }

    @Test
    void unknownNamesAreReported() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> Library.circuit("hamming0"));
        assertTrue(zero.getMessage().contains("hamming<n>") && zero.getMessage().contains("parameter n"),
                zero.getMessage());
        for (String bad : new String[] {"des", "hamming", "hammingx", "hamming1234567890"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Library.circuit(bad));
            assertTrue(e.getMessage().contains("aes128"), e.getMessage());
        }
    }
}
