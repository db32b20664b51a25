package io.gcstream.compiler.lib;

import io.gcstream.circuits.Party;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TextAlphabetTest {
    @Test
    void dnaIsReadLikeASequenceFile() {
        assertArrayEquals(new int[] {0, 1, 2, 3, 3}, TextAlphabet.DNA.codes(">seq1 test\nAC\r\n gt\tT\n"));
        assertEquals(0xe4, value(TextAlphabet.DNA.encode("ACGT", 4)).intValueExact());
        assertArrayEquals(Levenshtein.encodeDna("GATTACA"), TextAlphabet.DNA.encode("gattaca\n", 7));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TextAlphabet.DNA.codes("ACGT\nACNT"));
        assertTrue(e.getMessage().contains("'N' at line 2, column 3") && e.getMessage().contains("A, C, G, T"),
                e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TextAlphabet.DNA.encode("ACG", 4))
                .getMessage().contains("has 3 DNA letters but the circuit takes 4"));
    }

    @Test
    void bytesKeepWhiteSpaceButNotTheLastLineEnd() {
        assertArrayEquals(new int[] {'a', ' ', 'b'}, TextAlphabet.BYTES.codes("a b\n"));
        assertArrayEquals(new int[] {'a', '\n', 'b'}, TextAlphabet.BYTES.codes("a\nb\r\n"));
        assertThrows(IllegalArgumentException.class, () -> TextAlphabet.BYTES.codes("\u0394"));
    }

    @Test
    void encodersReadTextThroughTheirBase() {
        InputEncoder plain = InputEncoder.identity(8);
        assertFalse(plain.readsText());
        assertThrows(IllegalArgumentException.class, () -> plain.encodeText("ACGT"));
        InputEncoder dna = TextAlphabet.DNA.encoder(plain);
        assertTrue(dna.readsText());
        assertTrue(dna.isIdentity());
        assertEquals("4 DNA letters (A, C, G, T)", dna.textDescription());
        assertArrayEquals(TextAlphabet.DNA.encode("TTAC", 4), dna.encodeText("TTAC"));
        assertThrows(IllegalArgumentException.class, () -> TextAlphabet.DNA.encoder(InputEncoder.identity(7)));
        LibraryCircuit lc = Library.get("levenshtein3x4dna");
        assertArrayEquals(TextAlphabet.DNA.encode("GAT", 3), lc.encode(Party.CREATOR, "GAT"));
        assertArrayEquals(TextAlphabet.BYTES.encode("ab", 2), Library.get("levenshtein2x2").encoder(Party.CREATOR)
                .encodeText("ab"));
    }
}
