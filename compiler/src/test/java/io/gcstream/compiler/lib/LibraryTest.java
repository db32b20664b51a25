package io.gcstream.compiler.lib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import org.junit.jupiter.api.Test;

class LibraryTest {
    @Test
    void buildsCircuitsByName() {
        assertEquals(6400, Library.get("aes128").circuit().nonLinearCount());
        assertEquals(2108, Library.get("PRESENT80").circuit().nonLinearCount());
        Circuit h = Library.get("hamming900").circuit();
        assertEquals(900, h.creatorInputCount());
        assertEquals(900 - Integer.bitCount(900), h.nonLinearCount());
    }

    /** The counts issue 8 accepts, by name as users type them. */
    @Test
    void acceptanceCounts() {
        assertEquals(5120, Library.get("aes128-expanded").circuit().nonLinearCount());
        assertEquals(1984, Library.get("present80-expanded").circuit().nonLinearCount());
        assertEquals(896, Library.get("hamming900").circuit().nonLinearCount());
        assertTrue(Library.get("karatsuba128").circuit().nonLinearCount() <= 17_973);
        assertEquals(39_960, Library.get("minimum1000x20").circuit().nonLinearCount());
        assertEquals(32_640, Library.get("mult128").circuit().nonLinearCount());
        assertEquals(32, Library.get("millionaires32").circuit().nonLinearCount());
        assertEquals(31, Library.get("equal32").circuit().nonLinearCount());
    }

    /**
     * The independence threads use is in the library's definitions: AES-128's S-box layer is
     * 20 S-boxes (16 of the state, 4 of the key schedule); PRESENT's round and an edit-distance
     * block have 16 parts each too, but their AND levels are too narrow to be worth splitting
     * (SplitPlan.MIN_GROUP_WIDTH).
     */
    @Test
    void threadsSplitTheIndependentPartsOfDefinitions() throws Exception {
        java.util.Map<String, Integer> groups = new java.util.TreeMap<>();
        for (String name : new String[] {"aes128", "present80", "levenshtein200x2000dna"}) {
            for (io.gcstream.circuits.internal.SplitPlan.Split s
                    : io.gcstream.circuits.internal.SplitPlan.of(Library.get(name).circuit(), 64).splits()) {
                groups.put(name + "/" + s.name(), s.groups());
            }
        }
        assertEquals(java.util.Map.of("aes128/aes_round_sboxes", 20), groups);
        assertTrue(io.gcstream.circuits.internal.SplitPlan.of(Library.get("aes128").circuit(), 1).isEmpty());
    }

    @Test
    void expandedCiphersEncodeTheKey() {
        LibraryCircuit aes = Library.get("AES128-Expanded");
        assertEquals("aes128-expanded", aes.name());
        assertEquals(128, aes.valueWidth(Party.CREATOR));
        assertEquals(1408, aes.encoder(Party.CREATOR).inputWidth());
        assertTrue(!aes.encodesLocally(Party.EVALUATOR));
        LibraryCircuit present = Library.get("present80-expanded");
        assertEquals(80, present.valueWidth(Party.CREATOR));
        assertEquals(2048, present.encoder(Party.CREATOR).inputWidth());
        for (String plain : new String[] {"mult8", "karatsuba8", "minimum3x4", "millionaires8", "equal8"}) {
            LibraryCircuit lc = Library.get(plain);
            assertTrue(!lc.encodesLocally(Party.CREATOR) && !lc.encodesLocally(Party.EVALUATOR), plain);
        }
        assertEquals(4 * 2, Library.get("minimum3x4").circuit().creatorInputCount());
        assertEquals(4, Library.get("minimum3x4").circuit().evaluatorInputCount());
    }

    @Test
    void everyFamilyIsListed() {
        assertEquals(java.util.List.of("aes128", "present80", "hamming<n>", "aes128-expanded", "present80-expanded",
                "mult<n>", "karatsuba<n>", "minimum<N>x<b>", "millionaires<n>", "equal<n>"),
                Library.names().subList(0, 10));
        for (Library.Entry e : Library.entries()) {
            assertTrue(!e.summary().isBlank() && !e.creatorInput().isBlank() && !e.evaluatorInput().isBlank()
                    && !e.outputs().isBlank(), e.pattern());
        }
    }

    @Test
    void outOfRangeParametersAreNamed() {
        for (String[] bad : new String[][] {
            {"mult0", "parameter n"}, {"mult5000", "2048"}, {"karatsuba0", "parameter n"},
            {"karatsuba5000", "4096"}, {"minimum0x20", "parameter N"}, {"minimum10x0", "parameter b"},
            {"minimum100000000x20", "memory"}, {"millionaires0", "parameter n"}, {"equal0", "parameter n"},
            {"equal99999999", "2097152"},
        }) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Library.get(bad[0]).circuit());
            assertTrue(e.getMessage().contains(bad[1]) && e.getMessage().contains(bad[0]), e.getMessage());
        }
    }

    @Test
    void unknownNamesAreReported() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> Library.get("hamming0").circuit());
        assertTrue(zero.getMessage().contains("hamming<n>") && zero.getMessage().contains("parameter n"),
                zero.getMessage());
        for (String bad : new String[] {"des", "hamming", "hammingx", "hamming1234567890"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Library.get(bad).circuit());
            assertTrue(e.getMessage().contains("aes128"), e.getMessage());
        }
    }
}
