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
        assertEquals("ACGT", text("text:ACGT", false, "x"));
        assertEquals(">a\nACGT\nTT\n", text("text:@" + dna, false, "x"));
        assertEquals(">a\nACGT\nTT\n", text("@" + dna, true, "x"));
        UserError notNumber = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
                () -> text("@" + dna, false, "--input"));
        assertTrue(notNumber.getMessage().contains("does not hold a number"), notNumber.getMessage());
        assertEquals(null, text("@" + number, true, "x"), "a file holding a number is a number");
        assertEquals(null, text("0x1b", true, "x"));
        UserError e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
                () -> text("@" + dir.resolve("none"), true, "--input"));
        assertTrue(e.getMessage().startsWith("--input: file ") && e.getMessage().endsWith("does not exist"));
    }

    /** The text of a value as {@link CircuitSources} takes it: read once, then text or a number (null). */
    private static String text(String value, boolean readsText, String what) {
        return BitValues.text(BitValues.read(value, readsText, 64, what), readsText, what);
    }

    /** Issue 26, finding 10: a FIFO has one writer and gives its bytes once; a file is read once. */
    @Test
    void aFifoWithOneWriterIsReadOnce(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("value");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "needs mkfifo");
        for (String[] args : new String[][] {
            {"sim", "lib:millionaires8", "--creator-input", "@" + fifo, "--evaluator-input", "3"},
            {"sim", "lib:levenshtein4x4dna", "--creator-input", "@" + fifo, "--evaluator-input", "text:ACGT"},
        }) {
            boolean dna = args[1].contains("dna");
            Thread writer = new Thread(() -> {
                try {
                    Files.writeString(fifo, dna ? ">x\nACGA\n" : "5\n"); // opens, writes once, closes
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            writer.setDaemon(true);
            writer.start();
            CliTestSupport.Outcome o = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                    java.time.Duration.ofSeconds(30), () -> CliTestSupport.gc(args),
                    "a second read of the FIFO would wait for a writer forever");
            assertEquals(0, o.status(), o.err());
            assertTrue(o.out().contains(dna ? "evaluator output  (3 bits): 0x1" : "evaluator output  (1 bits): 0x1"),
                    o.out());
            writer.join(10_000);
        }
    }

    /** Issue 26, finding 11: every read is bounded by what a value of the width can take. */
    @Test
    void filesAndValuesAreBoundedByTheWidth(@TempDir Path dir) throws Exception {
        Path zero = Path.of("/dev/zero");
        if (Files.exists(zero)) {
            UserError e = assertThrows(UserError.class, () -> BitValues.parse("@" + zero, 8, "--input"));
            assertEquals("--input: /dev/zero holds more than 1040 bytes, more than a 8-bit number takes", e.getMessage());
        }
        Path digits = dir.resolve("digits.txt");
        Files.writeString(digits, "9".repeat(1 << 20));
        UserError big = assertThrows(UserError.class, () -> BitValues.parse("@" + digits, 8, "--input"));
        assertTrue(big.getMessage().contains("holds more than 1040 bytes"), big.getMessage());
        UserError inline = assertThrows(UserError.class, () -> BitValues.parse("1".repeat(100_000), 8, "--input"));
        assertTrue(inline.getMessage().contains("more than a 8-bit number takes (at most 1040)"), inline.getMessage());
        // Within the bound, a decimal with more digits than the width holds is refused before any arithmetic.
        UserError wide = assertThrows(UserError.class, () -> BitValues.parse("9".repeat(1000), 8, "--input"));
        assertEquals("--input: value needs more than 8 bits but the circuit takes 8", wide.getMessage());
        // Leading zeros and underscores are fine.
        assertArrayEquals(BitValues.parse("5", 8, "x"), BitValues.parse("0".repeat(1000) + "5", 8, "x"));
        assertArrayEquals(BitValues.parse("0x5", 8, "x"), BitValues.parse("0x" + "0_".repeat(500) + "5", 8, "x"));
        Path dir2 = Files.createDirectory(dir.resolve("adir"));
        UserError d = assertThrows(UserError.class, () -> BitValues.parse("@" + dir2, 8, "--input"));
        assertEquals("--input: " + dir2 + " is a directory, not a file", d.getMessage());
    }

    @Test
    void largeValuesParseExactlyInEveryBase() {
        java.util.Random rnd = new java.util.Random(26);
        for (int width : new int[] {1, 7, 8, 63, 64, 65, 128, 1000, 1 << 16}) {
            for (int k = 0; k < 5; k++) {
                BigInteger v = new BigInteger(width, rnd);
                boolean[] want = io.gcstream.circuits.BitCodec.ofBigInteger(v, width);
                assertArrayEquals(want, BitValues.parse("0x" + v.toString(16), width, "x"), width + " hex");
                assertArrayEquals(want, BitValues.parse("0X" + v.toString(16).toUpperCase(), width, "x"), width + " HEX");
                assertArrayEquals(want, BitValues.parse("0b" + v.toString(2), width, "x"), width + " bin");
                assertArrayEquals(want, BitValues.parse(v.toString(), width, "x"), width + " dec");
                assertArrayEquals(want, BitValues.parse(" \t" + v + "\n", width, "x"), width + " blanks");
            }
            BigInteger over = BigInteger.ONE.shiftLeft(width);
            for (String s : new String[] {"0x" + over.toString(16), "0b" + over.toString(2), over.toString()}) {
                UserError e = assertThrows(UserError.class, () -> BitValues.parse(s, width, "x"));
                assertTrue(e.getMessage().contains("bits but the circuit takes " + width), e.getMessage());
            }
        }
    }

    /** Issue 26, finding 13: only ASCII digits are digits ('٣' is ARABIC-INDIC DIGIT THREE, '３' FULLWIDTH). */
    @Test
    void onlyAsciiDigitsAreDigits() {
        for (String s : new String[] {"\u0663", "0x\u0663", "\uff13", "1\u0663", "0b\u0661", "+3", "0x+3", " 3 4"}) {
            UserError e = assertThrows(UserError.class, () -> BitValues.parse(s, 8, "--input"), s);
            assertTrue(e.getMessage().startsWith("--input: '"), e.getMessage());
            assertEquals(false, BitValues.isNumber(s), s);
        }
        assertEquals(true, BitValues.isNumber("0xAb_c"));
        CliTestSupport.Outcome o = CliTestSupport.gc("sim", "lib:millionaires8", "--creator-input", "\u0663",
                "--evaluator-input", "3");
        assertEquals(2, o.status(), o.err());
    }
}
