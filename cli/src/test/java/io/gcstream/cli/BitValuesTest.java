package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BitValuesTest {
    @Test
    void bitIOfTheValueIsInputBitI() {
        boolean[] b = BitValues.parse("0x5", 4, "x");
        assertArrayEquals(new boolean[] {true, false, true, false}, b);
        assertArrayEquals(b, BitValues.parse("0b0101", 4, "x"));
        assertArrayEquals(b, BitValues.parse("5", 4, "x"));
    }

    @Test
    void readsValueFromFileAndIgnoresUnderscores(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("v.txt");
        Files.writeString(f, "  0xdead_beef\n");
        assertEquals(new BigInteger("deadbeef", 16), BitValues.toInteger(BitValues.parse("@" + f, 32, "x")));
    }

    @Test
    void rejectsTooWideValuesNamingTheOption() {
        UserError e = assertThrows(UserError.class, () -> BitValues.parse("0x1ff", 8, "--creator-input"));
        assertTrue(e.getMessage().contains("--creator-input"), e.getMessage());
        assertTrue(e.getMessage().contains("9 bits"), e.getMessage());
    }

    @Test
    void rejectsGarbageAndMissingFiles() {
        assertThrows(UserError.class, () -> BitValues.parse("0xzz", 8, "x"));
        assertThrows(UserError.class, () -> BitValues.parse("0x", 8, "x"));
        assertThrows(UserError.class, () -> BitValues.parse("-3", 8, "x"));
        assertThrows(UserError.class, () -> BitValues.parse("@/nonexistent/file", 8, "x"));
    }

    @Test
    void formatsWithTheWidthOfTheValue() {
        boolean[] b = BitValues.parse("0x3", 9, "x");
        assertEquals("0x003", BitValues.format(b, BitValues.OutputFormat.HEX));
        assertEquals("0b000000011", BitValues.format(b, BitValues.OutputFormat.BIN));
        assertEquals("3", BitValues.format(b, BitValues.OutputFormat.DEC));
        assertEquals("-", BitValues.format(new boolean[0], BitValues.OutputFormat.HEX));
    }

    @Test
    void textIsTakenFromTextPrefixesAndFromFilesThatHoldNoNumber(@TempDir Path dir) throws Exception {
        Path dna = dir.resolve("a.fa");
        Files.writeString(dna, ">a\nACGT\nTT\n");
        Path number = dir.resolve("n.txt");
        Files.writeString(number, "0x1b\n");
        assertEquals("ACGT", BitValues.text("text:ACGT", false, "x"));
        assertEquals(">a\nACGT\nTT\n", BitValues.text("text:@" + dna, false, "x"));
        assertEquals(">a\nACGT\nTT\n", BitValues.text("@" + dna, true, "x"));
        UserError notNumber = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
                () -> BitValues.text("@" + dna, false, "--input"));
        assertTrue(notNumber.getMessage().contains("does not hold a number"), notNumber.getMessage());
        assertEquals(null, BitValues.text("@" + number, true, "x"), "a file holding a number is a number");
        assertEquals(null, BitValues.text("0x1b", true, "x"));
        UserError e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
                () -> BitValues.text("@" + dir.resolve("none"), true, "--input"));
        assertTrue(e.getMessage().startsWith("--input: file ") && e.getMessage().endsWith("does not exist"));
    }
}
