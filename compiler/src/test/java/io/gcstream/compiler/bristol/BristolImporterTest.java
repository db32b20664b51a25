package io.gcstream.compiler.bristol;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.concat;
import static io.gcstream.compiler.TestBits.hex;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.TestBits;
import io.gcstream.compiler.TestResources;
import io.gcstream.compiler.internal.CircuitCompare;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BristolImporterTest {
    private static final Map<String, Circuit> CACHE = new HashMap<>();

    private static synchronized Circuit fashion(String name) throws IOException {
        Circuit c = CACHE.get(name);
        if (c == null) {
            c = BristolImporter.readFashion(TestResources.fashion(name), BristolOptions.defaults());
            CACHE.put(name, c);
        }
        return c;
    }

    /**
     * Runs {@code c} on input values under the default party split (first half creator) and
     * returns the output values, also split by default.
     */
    private static BigInteger[] run(Circuit c, BigInteger[] in, int[] inWidths, int[] outWidths) throws IOException {
        int half = in.length / 2;
        boolean[] creator = new boolean[0];
        boolean[] evaluator = new boolean[0];
        for (int i = 0; i < in.length; i++) {
            if (i < half) {
                creator = concat(creator, bits(in[i], inWidths[i]));
            } else {
                evaluator = concat(evaluator, bits(in[i], inWidths[i]));
            }
        }
        Simulator.Result r = Simulator.run(c, creator, evaluator);
        boolean[] all = concat(r.creatorOutputs(), r.evaluatorOutputs());
        BigInteger[] out = new BigInteger[outWidths.length];
        int off = 0;
        for (int i = 0; i < out.length; i++) {
            out[i] = value(all, off, outWidths[i]);
            off += outWidths[i];
        }
        return out;
    }

    private static BigInteger dec(Object s) {
        return new BigInteger((String) s);
    }

    @Test
    void aes128GivesFips197AndAllVectors() throws IOException {
        Circuit c = fashion("aes_128");
        assertEquals(128, c.creatorInputCount());
        assertEquals(128, c.evaluatorInputCount());
        assertEquals(0, c.creatorOutputCount());
        assertEquals(128, c.evaluatorOutputCount());
        List<Map<String, Object>> vs = TestResources.vectors("aes128");
        assertEquals("3925841d02dc09fbdc118597196a0b32", vs.get(0).get("ciphertext"));
        for (Map<String, Object> v : vs) {
            BigInteger[] out = run(c, new BigInteger[] {hex((String) v.get("key")), hex((String) v.get("plaintext"))},
                    new int[] {128, 128}, new int[] {128});
            assertEquals(v.get("ciphertext"), hex(out[0], 128), "AES " + v);
        }
    }

    @Test
    void aes128HasMinimalAndsAndSmallWorkingSet() throws IOException {
        Circuit c = fashion("aes_128");
        int wires = 36919;
        assertEquals(6400, c.nonLinearCount());
        System.out.println("aes_128: S = " + c.numSlots() + ", Bristol wires = " + wires + ", gates = " + c.gateCount());
        assertTrue(c.numSlots() < wires / 10, "S = " + c.numSlots());
    }

    @Test
    void sha256GivesStandardDigest() throws IOException {
        Circuit c = fashion("sha256");
        System.out.println("sha256: S = " + c.numSlots() + ", Bristol wires = 135841, gates = " + c.gateCount()
                + ", ANDs = " + c.nonLinearCount());
        assertEquals(22573, c.nonLinearCount());
        List<Map<String, Object>> vs = TestResources.vectors("sha256_compression");
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", vs.get(0).get("state_out"));
        for (Map<String, Object> v : vs) {
            BigInteger[] out = run(c, new BigInteger[] {hex((String) v.get("block")), hex((String) v.get("state_in"))},
                    new int[] {512, 256}, new int[] {256});
            assertEquals(v.get("state_out"), hex(out[0], 256), "SHA-256 " + v);
        }
        assertTrue(c.numSlots() < 135841 / 10, "S = " + c.numSlots());
    }

    @ParameterizedTest
    @ValueSource(strings = {"adder64", "sub64", "mult64", "divide64", "udivide64", "mult2_64"})
    void binaryArithmeticVectors(String name) throws IOException {
        Circuit c = fashion(name);
        int outs = name.equals("mult2_64") ? 2 : 1;
        int[] outWidths = outs == 2 ? new int[] {64, 64} : new int[] {64};
        for (Map<String, Object> v : TestResources.vectors(name)) {
            BigInteger[] out = run(c, new BigInteger[] {dec(v.get("a")), dec(v.get("b"))}, new int[] {64, 64}, outWidths);
            @SuppressWarnings("unchecked")
            List<Object> expected = (List<Object>) v.get("out");
            for (int i = 0; i < outs; i++) {
                assertEquals(dec(expected.get(i)), out[i], name + " " + v);
            }
        }
    }

    /** The file's first output value is the high half of the product (checked by the vectors). */
    @Test
    void mult2FirstOutputValueToCreatorSecondToEvaluator() throws IOException {
        Circuit c = fashion("mult2_64");
        assertEquals(64, c.creatorOutputCount());
        assertEquals(64, c.evaluatorOutputCount());
        Simulator.Result r = Simulator.run(c, bits(3, 64), bits(BigInteger.ONE.shiftLeft(63), 64));
        assertEquals(BigInteger.ONE, value(r.creatorOutputs()), "high 64 bits of 3 * 2^63");
        assertEquals(BigInteger.ONE.shiftLeft(63), value(r.evaluatorOutputs()), "low 64 bits");
    }

    @ParameterizedTest
    @ValueSource(strings = {"neg64", "zero_equal"})
    void unaryVectors(String name) throws IOException {
        Circuit c = fashion(name);
        assertEquals(0, c.creatorInputCount(), "a single input value is the evaluator's");
        int outWidth = name.equals("zero_equal") ? 1 : 64;
        for (Map<String, Object> v : TestResources.vectors(name)) {
            BigInteger[] out = run(c, new BigInteger[] {dec(v.get("a"))}, new int[] {64}, new int[] {outWidth});
            @SuppressWarnings("unchecked")
            List<Object> expected = (List<Object>) v.get("out");
            assertEquals(dec(expected.get(0)), out[0], name + " " + v);
        }
        Simulator.Result zero = Simulator.run(c, new boolean[0], new boolean[64]);
        if (name.equals("zero_equal")) {
            assertTrue(zero.evaluatorOutputs()[0]);
        }
    }

    @Test
    void oldFormatAdder() throws IOException {
        Circuit c = BristolImporter.readOld(TestResources.old("adder_32bit"), BristolOptions.defaults());
        assertEquals(33, c.evaluatorOutputCount());
        for (Map<String, Object> v : TestResources.vectors("adder_32bit_old_format")) {
            BigInteger[] out = run(c, new BigInteger[] {dec(v.get("a")), dec(v.get("b"))}, new int[] {32, 32},
                    new int[] {33});
            @SuppressWarnings("unchecked")
            List<Object> expected = (List<Object>) v.get("out");
            assertEquals(dec(expected.get(0)), out[0], "adder_32bit " + v);
        }
    }

    @Test
    void oldFormatAesWithMsbFirstPlaintextThenKey() throws IOException {
        Circuit c = BristolImporter.readOld(TestResources.old("AES-non-expanded"),
                BristolOptions.defaults().bitOrder(BristolOptions.BitOrder.MSB_FIRST));
        for (Map<String, Object> v : TestResources.vectors("aes128")) {
            // Default parties: the first value (plaintext) is the creator's, the key the evaluator's.
            BigInteger[] out = run(c, new BigInteger[] {hex((String) v.get("plaintext")), hex((String) v.get("key"))},
                    new int[] {128, 128}, new int[] {128});
            assertEquals(v.get("ciphertext"), hex(out[0], 128), "old-format AES " + v);
        }
        System.out.println("AES-non-expanded: ANDs = " + c.nonLinearCount() + ", gates = " + c.gateCount() + ", S = " + c.numSlots()
                + ", Bristol wires = 33872");
        assertEquals(6800, c.nonLinearCount());
    }

    @Test
    void detectsTheFormat() throws IOException {
        assertTrue(BristolImporter.isOldFormat(TestResources.old("adder_32bit")));
        assertTrue(BristolImporter.isOldFormat(TestResources.old("AES-non-expanded")));
        assertEquals(false, BristolImporter.isOldFormat(TestResources.fashion("adder64")));
        assertEquals(false, BristolImporter.isOldFormat(TestResources.fashion("zero_equal")));
        Circuit viaRead = BristolImporter.read(TestResources.old("adder_32bit"), BristolOptions.defaults());
        Circuit viaOld = BristolImporter.readOld(TestResources.old("adder_32bit"), BristolOptions.defaults());
        assertTrue(CircuitCompare.same(viaOld, viaRead));
        Circuit f = BristolImporter.read(TestResources.fashion("adder64"), BristolOptions.defaults());
        assertTrue(CircuitCompare.same(fashion("adder64"), f));
    }

    @Test
    void everyShippedBristolFileIsDetectedByContent() throws IOException {
        for (String dir : new String[] {"bristol_fashion", "bristol_format"}) {
            try (java.util.stream.Stream<Path> files = Files.list(TestResources.path("/bristol/" + dir))) {
                for (Path p : files.toList()) {
                    assertEquals(dir.equals("bristol_format") ? CircuitFormat.BRISTOL_OLD
                            : CircuitFormat.BRISTOL_FASHION, CircuitFormat.detect(p), p.toString());
                }
            }
        }
    }

    @Test
    void textThatIsNotUtf8IsOneLineWithTheByteOffset(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("latin1.txt");
        byte[] b = "1 3\n2 1 1\n1 1\n\n2 1 0 1 2 AND\n".getBytes(StandardCharsets.US_ASCII);
        byte[] bad = java.util.Arrays.copyOf(b, b.length + 1);
        bad[b.length] = (byte) 0xE9;
        Files.write(f, bad);
        CircuitFormatException e = assertThrows(CircuitFormatException.class,
                () -> BristolImporter.readFashion(f, BristolOptions.defaults()));
        assertEquals(f + ": byte " + b.length + ": not valid UTF-8 text (the file ends inside a"
                + " multi-byte character)", e.getMessage());
    }

    @Test
    void readSaysWhatAFileIsWhenItIsNotBristol(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("fig2.txt");
        Files.writeString(f, "inputsCreator: 0\ninputsEvaluator: 1\noutputsCreator:\noutputsEvaluator: 0\n"
                + "numberOfRegisters: 2\nnumberOfGates: 1\n0;1,0;1\n");
        CircuitFormatException e = assertThrows(CircuitFormatException.class,
                () -> BristolImporter.read(f, BristolOptions.defaults()));
        assertEquals(f + ": is a text circuit (.gct), not Bristol: read it with"
                + " io.gcstream.circuits.CircuitFiles", e.getMessage());
    }

    /** The imported circuit evaluates like the Bristol gate list itself, on random inputs. */
    @ParameterizedTest
    @ValueSource(strings = {"adder64", "aes_128", "divide64", "mult2_64", "mult64", "neg64", "sha256", "sub64",
        "udivide64", "zero_equal"})
    void equalsDirectEvaluationOfTheGateList(String name) throws IOException {
        Path file = TestResources.fashion(name);
        BristolEval ref = new BristolEval(file, false);
        Circuit c = fashion(name);
        compareWithReference(ref, c, null, name.hashCode());
    }

    @ParameterizedTest
    @ValueSource(strings = {"adder_32bit", "AES-non-expanded"})
    void oldFormatEqualsDirectEvaluation(String name) throws IOException {
        BristolEval ref = new BristolEval(TestResources.old(name), true);
        compareWithReference(ref, BristolImporter.readOld(TestResources.old(name), BristolOptions.defaults()), null,
                name.hashCode());
    }

    /**
     * With default parties and LSB_FIRST, the creator's then the evaluator's bits are exactly the
     * Bristol input wires in file order, and likewise for outputs.
     */
    private static void compareWithReference(BristolEval ref, Circuit c, int[] unused, long seed) throws IOException {
        Random rnd = new Random(seed);
        for (int r = 0; r < 4; r++) {
            boolean[] in = TestBits.random(rnd, ref.totalIn);
            if (r == 0) {
                in = new boolean[ref.totalIn];
            }
            int nc = c.creatorInputCount();
            Simulator.Result res = Simulator.run(c, Arrays.copyOf(in, nc), Arrays.copyOfRange(in, nc, in.length));
            assertArrayEquals(ref.run(in), concat(res.creatorOutputs(), res.evaluatorOutputs()));
        }
    }

    @Test
    void explicitPartiesAndMsbFirst() throws IOException {
        String text = "1 3\n2 2 2\n1 2\n\n2 1 0 1 2 XOR\n"; // bad: nov says 1 value of width 2 but wire count 3
        // A 2-bit "swap" circuit: inputs a (wires 0,1) and b (wires 2,3); outputs x = b (4,5), y = a (6,7).
        String swap = "4 8\n2 2 2\n2 2 2\n\n1 1 2 4 EQW\n1 1 3 5 EQW\n1 1 0 6 EQW\n1 1 1 7 EQW\n";
        Circuit c = BristolImporter.readFashion(swap, "swap", BristolOptions.defaults()
                .inputParties(Party.EVALUATOR, Party.CREATOR).outputParties(Party.EVALUATOR, Party.EVALUATOR));
        assertEquals(2, c.creatorInputCount());
        assertEquals(4, c.evaluatorOutputCount());
        // creator holds b = 2 (binary 10), evaluator holds a = 1.
        Simulator.Result r = Simulator.run(c, bits(2, 2), bits(1, 2));
        // Evaluator's outputs: x = b in the low two bits, then y = a.
        assertEquals(BigInteger.valueOf(2 + (1 << 2)), value(r.evaluatorOutputs()));
        Circuit m = BristolImporter.readFashion(swap, "swap",
                BristolOptions.defaults().bitOrder(BristolOptions.BitOrder.MSB_FIRST));
        // MSB_FIRST: wire 0 of a is its high bit. a = 1 -> wires (0,1) = (0,1); x = b = 2 -> wires (4,5) = (1,0).
        Simulator.Result rm = Simulator.run(m, bits(1, 2), bits(2, 2));
        assertEquals(BigInteger.valueOf(2), value(rm.creatorOutputs()));
        assertEquals(BigInteger.ONE, value(rm.evaluatorOutputs()));
        // Output x = wire 0 of a: bit 0 of a under LSB_FIRST, bit 1 under MSB_FIRST.
        String first = "1 3\n1 2\n1 1\n1 1 0 2 EQW\n";
        Circuit lsb = BristolImporter.readFashion(first, "first", BristolOptions.defaults());
        Circuit msb = BristolImporter.readFashion(first, "first",
                BristolOptions.defaults().bitOrder(BristolOptions.BitOrder.MSB_FIRST));
        assertArrayEquals(new boolean[] {true}, Simulator.run(lsb, new boolean[0], bits(1, 2)).evaluatorOutputs());
        assertArrayEquals(new boolean[] {false}, Simulator.run(msb, new boolean[0], bits(1, 2)).evaluatorOutputs());
        assertArrayEquals(new boolean[] {true}, Simulator.run(msb, new boolean[0], bits(2, 2)).evaluatorOutputs());
        assertThrows(CircuitFormatException.class, () -> BristolImporter.readFashion(text, "t", BristolOptions.defaults()));
    }

    @Test
    void wrongNumberOfPartiesIsAnError() {
        String text = "1 3\n2 1 1\n1 1\n2 1 0 1 2 AND\n";
        CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> BristolImporter.readFashion(
                text, "t.txt", BristolOptions.defaults().inputParties(Party.CREATOR)));
        assertTrue(e.getMessage().contains("inputParties"), e.getMessage());
    }

    @Test
    void toleratesWhitespaceVariants() throws IOException {
        String canonical = "2 5\n2 1 1\n1 1\n\n2 1 0 1 2 AND\n1 1 2 4 INV\n";
        String messy = "2   5  \r\n2\t1 1 \r\n1 1\r\n2 1 0 1 2 AND   \r\n\r\n  1 1\t2 4 INV\r\n\r\n";
        Circuit a = BristolImporter.readFashion(canonical, "a", BristolOptions.defaults());
        Circuit b = BristolImporter.readFashion(messy, "b", BristolOptions.defaults());
        assertTrue(CircuitCompare.same(a, b));
        for (int x = 0; x < 2; x++) {
            for (int y = 0; y < 2; y++) {
                boolean[] out = Simulator.run(b, new boolean[] {x == 1}, new boolean[] {y == 1}).evaluatorOutputs();
                assertEquals(!(x == 1 && y == 1), out[0]);
            }
        }
    }

    @Test
    void supportsEqEqwAndMand() throws IOException {
        // out = (a & b, a & c, 1, a): wires 0..2 inputs a, b, c (a creator), 3..6 outputs.
        String text = "3 7\n3 1 1 1\n1 4\n4 2 0 0 1 2 3 4 MAND\n1 1 1 5 EQ\n1 1 0 6 EQW\n";
        Circuit c = BristolImporter.readFashion(text, "t", BristolOptions.defaults());
        assertEquals(1, c.creatorInputCount());
        assertEquals(2, c.evaluatorInputCount());
        Random rnd = new Random(1);
        for (int i = 0; i < 8; i++) {
            boolean a = (i & 1) == 1;
            boolean b = (i & 2) == 2;
            boolean d = (i & 4) == 4;
            boolean[] out = Simulator.run(c, new boolean[] {a}, new boolean[] {b, d}).evaluatorOutputs();
            assertArrayEquals(new boolean[] {a & b, a & d, true, a}, out);
        }
        assertEquals(2, c.nonLinearCount());
        rnd.nextInt();
    }

    private static String error(String text) {
        CircuitFormatException e = assertThrows(CircuitFormatException.class,
                () -> BristolImporter.readFashion(text, "bad.txt", BristolOptions.defaults()));
        return e.getMessage();
    }

    private static String oldError(String text) {
        CircuitFormatException e = assertThrows(CircuitFormatException.class,
                () -> BristolImporter.readOld(text, "bad.txt", BristolOptions.defaults()));
        return e.getMessage();
    }

    @Test
    void errorsNameFileLineAndProblem() {
        assertEquals("bad.txt:5: unknown gate type 'NAND' (expected XOR, AND, INV, NOT, EQ, EQW or MAND)",
                error("1 3\n2 1 1\n1 1\n\n2 1 0 1 2 NAND\n"));
        assertEquals("bad.txt:4: wire 7 is out of range: the circuit has 3 wires",
                error("1 3\n2 1 1\n1 1\n2 1 0 7 2 AND\n"));
        assertEquals("bad.txt:4: wire 3 is used before it is assigned",
                error("2 5\n2 1 1\n1 1\n2 1 0 3 2 AND\n2 1 0 1 3 AND\n"));
        assertEquals("bad.txt:4: wire 0 is assigned twice", error("1 3\n2 1 1\n1 1\n2 1 0 1 0 AND\n"));
        assertTrue(error("3 4\n2 1 1\n1 1\n2 1 0 1 2 AND\n").startsWith("bad.txt:4: truncated"));
        assertEquals("bad.txt:5: more lines than the 1 gates the header announces",
                error("1 3\n2 1 1\n1 1\n2 1 0 1 2 AND\n2 1 0 1 2 AND\n"));
        assertEquals("bad.txt:2: the input line announces 3 values but lists 2 widths",
                error("1 3\n3 1 1\n1 1\n2 1 0 1 2 AND\n"));
        assertEquals("bad.txt:4: gate announces 2 inputs and 1 outputs but the line has 2 wire numbers",
                error("1 3\n2 1 1\n1 1\n2 1 0 2 AND\n"));
        assertEquals("bad.txt:4: XOR takes 2 input(s) and 1 output(s), found 1 and 1",
                error("1 3\n2 1 1\n1 1\n1 1 0 2 XOR\n"));
        assertEquals("bad.txt:4: wire is not a number: 'x'", error("1 3\n2 1 1\n1 1\n2 1 0 x 2 XOR\n"));
        assertEquals("bad.txt:4: output wire 3 is never assigned", error("1 4\n2 1 1\n1 1\n2 1 0 1 2 XOR\n"));
        assertTrue(error("").startsWith("bad.txt:0: truncated: missing the header"));
        assertTrue(error("1 3\n2 1 1\n").startsWith("bad.txt:2: truncated: missing the output line"));
        assertEquals("bad.txt:1: the circuit has 3 wires, fewer than its 4 input or 1 output wires".replace(":1:", ":3:"),
                error("1 3\n2 2 2\n1 1\n2 1 0 1 2 XOR\n"));
        assertEquals("bad.txt:4: EQ constant must be 0 or 1, found 2", error("1 3\n2 1 1\n1 1\n1 1 2 2 EQ\n"));
        assertEquals("bad.txt:2: old Bristol format needs 'n1 n2 nout' (3 numbers), found 2",
                oldError("1 3\n1 1\n2 1 0 1 2 XOR\n"));
        assertEquals("bad.txt:3: unknown gate type 'OR' (expected XOR, AND, INV, NOT, EQ, EQW or MAND)",
                oldError("1 3\n1 1 1\n2 1 0 1 2 OR\n"));
    }

    /**
     * Issue 26, finding 13: only ASCII digits are wire numbers (Integer.parseInt took '+' and
     * '\u0663', ARABIC-INDIC DIGIT THREE); a circuit of constants only is a mistake named in the
     * file, not an error without a place.
     */
    @Test
    void numbersAreAsciiAndAConstantsOnlyCircuitIsNamed() {
        assertEquals("bad.txt:4: wire is not a number: '\u0662'", error("1 3\n2 1 1\n1 1\n2 1 0 1 \u0662 XOR\n"));
        assertEquals("bad.txt:4: wire is not a number: '+2'", error("1 3\n2 1 1\n1 1\n2 1 0 1 +2 XOR\n"));
        assertEquals("bad.txt:1: wire count is not a number: '\uff13'", error("1 \uff13\n2 1 1\n1 1\n2 1 0 1 2 XOR\n"));
        assertEquals("bad.txt:4: wire must not be negative: -2", error("1 3\n2 1 1\n1 1\n2 1 0 1 -2 XOR\n"));
        assertEquals("bad.txt:1: the circuit has no input bits, so its 1 output bits are constants; gcstream"
                + " computes a constant from an input: give the circuit at least one input value",
                error("1 1\n0\n1 1\n\n1 1 1 0 EQ\n"));
    }

    @Test
    void hugeHeaderCountsFailCleanly() {
        assertEquals("bad.txt:1: the header declares 1000000000 wires but a file of 37 bytes defines at"
                + " most 20: its 2 input wires plus one gate output for every two bytes",
                error("1 1000000000\n2 1 1\n1 1\n2 1 0 1 2 AND\n"));
        assertEquals("bad.txt:5: output wire 999 is never assigned",
                error("1 1000\n2 1 1\n1 1\n2 1 0 1 2 AND\n" + " ".repeat(2000)));
        // Widths of a billion bits in a 62-byte file: refused before a bit is allocated.
        assertEquals("bad.txt:3: the input and output values have 999999999 + 1 bits, more than a file of"
                + " 62 bytes may declare (at most 262268 = 2^18 + 2 per byte; see docs/formats.md, Limits)",
                error("1 1000000001\n2 500000000 499999999\n1 1\n2 1 0 1 1000000000 AND\n"));
        assertEquals("bad.txt:2: the input and output values have 1000000000 + 1 bits, more than a file of"
                + " 58 bytes may declare (at most 262260 = 2^18 + 2 per byte; see docs/formats.md, Limits)",
                oldError("1 1000000001\n500000000 500000000 1\n2 1 0 1 1000000000 AND\n"));
        assertEquals("bad.txt:1: the circuit has 2000000000 wires, more than the 1073741822 supported",
                error("1 2000000000\n2 1 1\n1 1\n2 1 0 1 2 AND\n"));
        assertEquals("bad.txt:1: gate count is not a number: '99999999999'", error("99999999999 3\n"));
    }

    @Test
    void fileErrorsNameThePath() {
        Path p = TestResources.fashion("adder64");
        CircuitFormatException e = assertThrows(CircuitFormatException.class,
                () -> BristolImporter.readOld(p, BristolOptions.defaults()));
        assertTrue(e.getMessage().startsWith(p + ":"), e.getMessage());
    }

    /**
     * A line without end (a 1 MiB gate line here, 50 MB in the review, where it took a 64 MB
     * heap) is refused as the text formats refuse it, naming the file and line, after reading at
     * most the bound and one read buffer: the reader never holds more of a line than the bound.
     */
    @Test
    void aLineLongerThanTheBoundIsRefusedAfterReadingAtMostTheBound(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("long.txt");
        String head = "1 3\n2 1 1\n1 1\n";
        Files.writeString(f, head + "2 1 0 1 2 AND" + " 0".repeat(1 << 19) + "\n");
        long[] read = {0};
        try (InputStream counted = new FilterInputStream(Files.newInputStream(f)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                read[0] += Math.max(n, 0);
                return n;
            }
        }) {
            BristolImporter.Lines lines = new BristolImporter.Lines(counted, f.toString(), 4096);
            for (int i = 0; i < 3; i++) {
                assertTrue(lines.tokenize() > 0);
            }
            CircuitFormatException e = assertThrows(CircuitFormatException.class, lines::tokenize);
            assertEquals(f + ":4: line is longer than 4096 bytes (is this a text circuit?)", e.getMessage());
        }
        assertTrue(read[0] <= head.length() + 4096 + 8192, read[0] + " bytes read");
    }

    /** Text from a reader goes through the same line reader: a pair split between its chunks stays whole. */
    @Test
    void textFromAReaderKeepsCharactersSplitBetweenChunks() {
        for (int pad = 8160; pad < 8180; pad++) { // the digit's high surrogate at char 8179..8198
            String text = "1 3\n2 1 1\n1 1\n2 1 0" + " ".repeat(pad) + "\uD835\uDFD8 2 AND\n";
            CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> BristolImporter.parse(
                    new java.io.StringReader(text), "r.txt", false, BristolOptions.defaults()));
            assertEquals("r.txt:4: wire is not a number: '\uD835\uDFD8'", e.getMessage(), "pad " + pad);
        }
    }
}
