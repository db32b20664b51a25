package io.gcstream.cli;

import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compile, info and sim commands, and how user errors are reported. */
class GcTest {
    private static final String KEY = "0x2b7e151628aed2a6abf7158809cf4f3c";
    private static final String PLAIN = "0x3243f6a8885a308d313198a2e0370734";
    private static final String CIPHER = "0x3925841d02dc09fbdc118597196a0b32";

    @Test
    void compilesAesAndSimulatesTheFips197Vector(@TempDir Path dir) {
        Path gcb = dir.resolve("aes.gcb");
        CliTestSupport.Outcome c = gc("compile", CliTestSupport.aes(), "-o", gcb.toString());
        assertEquals(0, c.status(), c.err());
        CliTestSupport.Outcome s = gc("sim", gcb.toString(), "--creator-input", KEY, "--evaluator-input", PLAIN);
        assertEquals(0, s.status(), s.err());
        assertTrue(s.out().contains("evaluator output  (128 bits): " + CIPHER), s.out());
    }

    @Test
    void textAndBinaryGiveTheSameHash(@TempDir Path dir) {
        Path gct = dir.resolve("aes.gct");
        Path gcb = dir.resolve("aes.gcb");
        assertEquals(0, gc("compile", CliTestSupport.aes(), "-o", gct.toString()).status());
        assertEquals(0, gc("compile", gct.toString(), "-o", gcb.toString()).status());
        String a = gc("info", "--json", gct.toString()).out();
        String b = gc("info", "--json", gcb.toString()).out();
        assertEquals(a, b);
    }

    @Test
    void infoReportsNonLinearGatesAndSmallS(@TempDir Path dir) {
        CliTestSupport.Outcome i = gc("info", "--json", CliTestSupport.aes());
        assertEquals(0, i.status(), i.err());
        JsonNode info = CliTestSupport.json(i.out());
        assertEquals(6400, CliTestSupport.integer(info, "nonLinearGates"));
        long s = CliTestSupport.integer(info, "slots");
        assertTrue(s < 36919 / 10, "S = " + s + " should be far below the 36919 Bristol wires");
        for (String f : new String[] {"creatorInputBits", "evaluatorInputBits", "creatorOutputBits",
            "evaluatorOutputBits", "gates", "labelSlots", "instructions"}) {
            assertTrue(CliTestSupport.integer(info, f) >= 0, f);
        }
        assertTrue(info.get("subCircuits").isArray(), i.out());
        assertTrue(info.get("hash").asText().matches("[0-9a-f]{64}"), i.out());
    }

    @Test
    void userErrorsAreOneLineWithStatus2(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.gct");
        Files.writeString(bad, "inputsCreator: 0\nbogus: 1\n");
        CliTestSupport.Outcome[] cases = {
            gc("sim", dir.resolve("missing.gcb").toString()),
            gc("info", bad.toString()),
            gc("sim", CliTestSupport.aes(), "--creator-input", "0xzz", "--evaluator-input", "0"),
            gc("sim", CliTestSupport.aes(), "--creator-input", "0x1" + "0".repeat(32), "--evaluator-input", "0"),
            gc("compile", CliTestSupport.aes(), "-o", dir.resolve("x.unknown").toString()),
            gc("nosuchcommand"),
            gc("sim", CliTestSupport.aes(), "--evaluator-input", "1"),
        };
        for (CliTestSupport.Outcome o : cases) {
            assertEquals(2, o.status(), o.err());
            assertTrue(o.err().startsWith("gc: "), o.err());
            assertFalse(o.err().contains("\tat "), "no stack trace: " + o.err());
        }
        assertTrue(cases[1].err().contains("bad.gct:2"), cases[1].err());
    }

    /**
     * An error line quoting text from outside (here a keyword from a file) shows only characters that show as themselves: a right-to-left override, a line separator
     * or a zero-width space becomes '?' (issue 26, finding 8).
     */
    @Test
    void anErrorLineShowsOnlySafeCharacters(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.gct");
        Files.writeString(bad, "inputsCreator: 0\nbo\u2028gus\u200B\u202E: 1\n");
        CliTestSupport.Outcome o = gc("info", bad.toString());
        assertEquals(2, o.status(), o.err());
        assertTrue(o.err().contains("bo?gus??"), o.err());
        assertTrue(o.err().codePoints().allMatch(c -> c == '\n' || io.gcstream.circuits.SafeText.isSafe(c)), o.err());
    }

    /**
     * Issue 26, finding 13: mistakes of the user that exited with status 1 (a run failure) now
     * exit with status 2, in one line.
     */
    @Test
    void moreUserErrorsExitWithStatus2(@TempDir Path dir) throws Exception {
        Path constants = Files.writeString(dir.resolve("constants.txt"), "1 1\n0\n1 1\n\n1 1 1 0 EQ\n");
        Path gcb = dir.resolve("aes.gcb");
        assertEquals(0, gc("compile", "lib:aes128", "-o", gcb.toString()).status());
        Object[][] cases = {
            {gc("run", "--role", "evaluator", "--connect", "127.0.0.1:65536", "--input", "0", "lib:millionaires8"),
                "gc: --connect: port 65536 is not in 1..65535"},
            {gc("run", "--role", "evaluator", "--connect", "127.0.0.1:0", "--input", "0", "lib:millionaires8"),
                "gc: --connect: port 0 is not in 1..65535"},
            {gc("info", "--cache", "-1", gcb.toString()), "gc: --cache must be at least 0 instructions, not -1"},
            {gc("info", "--cache", "-1", "lib:aes128"), "gc: --cache must be at least 0 instructions, not -1"},
            {gc("info", "--input-parties", "c,e,e", CliTestSupport.aes()), "gc: " + CliTestSupport.aes()
                + ":3: option inputParties names 3 parties but the circuit has 2 input values"},
            {gc("info", constants.toString()), "gc: " + constants + ":1: the circuit has no input bits, so its 1"
                + " output bits are constants; gcstream computes a constant from an input: give the circuit at"
                + " least one input value"},
            {gc("run", "--role", "evaluator", "--connect", "127.0.0.1:1", "--input", "0", "--keep-outputs", "creator",
                "--save-state", dir.resolve("s").toString(), "lib:aes128"),
                "gc: --keep-outputs creator: the circuit gives the creator no outputs to keep"},
        };
        for (Object[] k : cases) {
            CliTestSupport.Outcome o = (CliTestSupport.Outcome) k[0];
            assertEquals(2, o.status(), o.err());
            assertEquals(k[1] + System.lineSeparator(), o.err());
        }
        // A missing --load-state: the peer is told why (and fails), this side's user made the mistake.
        CliTestSupport.Outcome[] s = StateOptionsTest.session(new String[] {"--input", "0", "lib:millionaires8"},
                new String[] {"--input", "0", "--load-state", dir.resolve("none").toString(), "lib:millionaires8"});
        assertEquals(1, s[0].status(), s[0].err());
        assertEquals(2, s[1].status(), s[1].err());
        assertTrue(s[1].err().contains(dir.resolve("none") + " does not exist"), s[1].err());
        assertEquals(1, s[1].err().lines().count(), s[1].err());
    }

    /**
     * Issue 34, finding 8: the options that say how to read a Bristol file were ignored silently
     * for any other circuit; now each is one line, exit 2, naming the option and why.
     */
    @Test
    void bristolOptionsAreRefusedForOtherCircuits(@TempDir Path dir) throws Exception {
        Path gct = dir.resolve("h.gct");
        assertEquals(0, gc("compile", "lib:hamming8", "-o", gct.toString()).status());
        CliTestSupport.Outcome o = gc("info", "--input-parties", "e,c", gct.toString());
        assertEquals(2, o.status(), o.err());
        assertEquals("gc: --input-parties is for Bristol circuits, whose files do not say whose each value is; " + gct
                + " is a text circuit (.gct), which does" + System.lineSeparator(), o.err());
        o = gc("sim", "--bit-order", "msb", "lib:hamming8", "--creator-input", "1", "--evaluator-input", "2");
        assertEquals(2, o.status(), o.err());
        assertEquals("gc: --bit-order is for Bristol circuits, whose files do not say which wire of a value is its low"
                + " bit; lib:hamming8 is a library circuit, which does" + System.lineSeparator(), o.err());
        for (CliTestSupport.Outcome refused : List.of(
                gc("run", "--local", "--output-parties", "c", "lib:hamming8", "--creator-input", "1", "--evaluator-input",
                        "2"),
                gc("compile", "--input-parties", "c,e", gct.toString(), "-o", dir.resolve("x.gcb").toString()))) {
            assertEquals(2, refused.status(), refused.err());
            assertEquals(1, refused.err().lines().count(), refused.err());
            assertTrue(refused.err().contains(" is for Bristol circuits"), refused.err());
        }
        // Bristol files take them.
        assertEquals(0, gc("info", "--input-parties", "c,e", "--bit-order", "lsb", CliTestSupport.aes()).status());
    }

    /** Issue 26, finding 13: a file system error whose message is a bare path says what is wrong. */
    @Test
    void fileSystemErrorsSayWhatIsWrong(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("afile"), "x");
        Path pw = Files.writeString(dir.resolve("pw"), "a password\n");
        CliTestSupport.Outcome o = gc("keygen", "--name", "a", "--out", file.toString(), "--tls-password-file",
                pw.toString());
        assertEquals("gc: " + file + ": already exists" + System.lineSeparator(), o.err());
        assertEquals("gc: x: not a directory", "gc: " + Gc.fileProblem(new java.nio.file.NotDirectoryException("x")));
        assertEquals("gc: x: permission denied", "gc: " + Gc.fileProblem(new java.nio.file.AccessDeniedException("x")));
    }

    @Test
    void formatsAreFoundByContentWhateverTheName(@TempDir Path dir) throws Exception {
        Path bin = dir.resolve("circuit.bin");
        CliTestSupport.Outcome c = gc("compile", CliTestSupport.aes(), "-o", bin.toString());
        assertEquals(0, c.status(), c.err());
        assertEquals("GCB", new String(Files.readAllBytes(bin), 0, 3, java.nio.charset.StandardCharsets.US_ASCII));
        Path gct = dir.resolve("aes.gct");
        assertEquals(0, gc("compile", bin.toString(), "-o", gct.toString()).status());
        Path textNamedBin = dir.resolve("text.bin");
        Files.copy(gct, textNamedBin);
        Path binaryNamedTxt = dir.resolve("binary.txt");
        Files.copy(bin, binaryNamedTxt);
        Path mec = dir.resolve("aes.mec");
        Path bmec = dir.resolve("aes.bmec");
        assertEquals(0, gc("compile", gct.toString(), "-o", mec.toString()).status());
        assertEquals(0, gc("compile", gct.toString(), "-o", bmec.toString()).status());
        Path mecNamedTxt = dir.resolve("mec.txt");
        Files.copy(mec, mecNamedTxt);
        String expected = gc("info", "--json", bin.toString()).out();
        for (Path p : new Path[] {textNamedBin, binaryNamedTxt, mec, bmec, mecNamedTxt}) {
            CliTestSupport.Outcome i = gc("info", "--json", p.toString());
            assertEquals(0, i.status(), p + ": " + i.err());
            assertEquals(expected, i.out(), p.toString());
            CliTestSupport.Outcome s = gc("sim", p.toString(), "--creator-input", KEY, "--evaluator-input", PLAIN);
            assertTrue(s.out().contains("evaluator output  (128 bits): " + CIPHER), p + ": " + s.out() + s.err());
        }
        CliTestSupport.Outcome forced = gc("info", "--from", "gct", bin.toString());
        assertEquals(2, forced.status(), "--from overrides the content");
        assertTrue(forced.err().startsWith("gc: " + bin + ":"), forced.err());
    }

    @Test
    void aFileInNoFormatIsOneLineWithStatus2(@TempDir Path dir) throws Exception {
        Path random = dir.resolve("random.bin");
        byte[] b = new byte[4096];
        new java.util.Random(8).nextBytes(b);
        b[0] = (byte) 0xC3; // not a .bmec's leading 0, not "GCB", and a character that ...
        b[1] = '(';          // ... is cut short, so byte 0 is the first that is not UTF-8
        Files.write(random, b);
        Path latin1 = dir.resolve("aes-latin1.txt");
        byte[] aes = Files.readAllBytes(Path.of(CliTestSupport.aes()));
        byte[] bad = java.util.Arrays.copyOf(aes, aes.length + 2);
        bad[aes.length] = (byte) 0xE9; // far beyond the first 64 KiB the detector looks at
        bad[aes.length + 1] = '\n';
        Files.write(latin1, bad);
        Path prose = dir.resolve("notes.gct");
        Files.writeString(prose, "Shopping list\n");
        Object[][] cases = {
            {gc("info", random.toString()), "gc: " + random + ": byte 0: not a circuit: not UTF-8 text, and not"
                    + " binary (a .gcb starts with 'GCB', a .bmec's counts add up to its length)"},
            {gc("compile", latin1.toString(), "-o", dir.resolve("x.gcb").toString()),
                "gc: " + latin1 + ": byte " + aes.length + ": not valid UTF-8 text"},
            {gc("sim", prose.toString()), "gc: " + prose + ":1: not a circuit: expected a .gct or .mec header"
                    + " ('inputsCreator: ...', 'circuit NAME') or a Bristol header 'GATES WIRES', but found"
                    + " 'Shopping list'"},
            {gc("info", "--from", "txt", prose.toString()), "gc: --from: unknown circuit format 'txt' (expected"
                    + " one of gct, gcb, mec, bmec, bristol, bristol-old)"},
            {gc("compile", prose.toString(), "--to", "bristol", "-o", "x"), "gc: --to bristol: gc does not write"
                    + " Bristol; use one of gct|gcb|mec|bmec"},
        };
        for (Object[] k : cases) {
            CliTestSupport.Outcome o = (CliTestSupport.Outcome) k[0];
            assertEquals(2, o.status(), o.err());
            assertEquals(k[1] + System.lineSeparator(), o.err());
        }
    }

    @Test
    void libraryCircuitsWithSubCircuitsAreFlattenedForMeSfe(@TempDir Path dir) {
        Path bmec = dir.resolve("aes.bmec");
        CliTestSupport.Outcome c = gc("compile", "lib:aes128", "-o", bmec.toString());
        assertEquals(0, c.status(), c.err());
        assertTrue(c.out().contains("note: bmec has no sub-circuits, so the calls were expanded"), c.out());
        CliTestSupport.Outcome s = gc("sim", bmec.toString(), "--creator-input", KEY, "--evaluator-input", PLAIN);
        assertTrue(s.out().contains(CIPHER), s.out() + s.err());
        CliTestSupport.Outcome i = gc("info", "--json", bmec.toString());
        assertEquals(6400, CliTestSupport.integer(CliTestSupport.json(i.out()), "nonLinearGates"));
    }

    @Test
    void demoComputesFips197UnderGarbling() {
        CliTestSupport.Outcome d = gc("demo", "--repeat", "2");
        assertEquals(0, d.status(), d.err());
        assertTrue(d.out().contains(CIPHER + "  (matches FIPS-197)"), d.out());
    }

    @Test
    void demoTakesReadPollWithItsBound() {
        CliTestSupport.Outcome d = gc("demo", "--repeat", "1", "--read-poll", "0");
        assertEquals(0, d.status(), d.err());
        assertTrue(d.out().contains(CIPHER + "  (matches FIPS-197)"), d.out());
        CliTestSupport.Outcome bad = gc("demo", "--read-poll", "-1");
        assertEquals(2, bad.status(), bad.err());
        assertTrue(bad.err().startsWith("gc: --read-poll must be in 0..10000 microseconds, got -1"), bad.err());
    }

    @Test
    void libraryCircuitsByName() {
        CliTestSupport.Outcome s = gc("sim", "lib:aes128", "--creator-input", KEY, "--evaluator-input", PLAIN);
        assertEquals(0, s.status(), s.err());
        assertTrue(s.out().contains(CIPHER), s.out());
        CliTestSupport.Outcome bad = gc("info", "lib:nope");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("aes128"), bad.err());
    }

    @Test
    void helpAndVersion() {
        assertEquals(0, gc("--help").status());
        assertEquals(0, gc("sim", "--help").status());
        String version = gc("--version").out().trim();
        assertTrue(version.matches("gc \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(commit ([0-9a-f]{12}(-dirty)?|unknown)\\)"),
                version);
    }

    @Test
    void stringCircuitsTakeTextAndSequenceFiles(@TempDir Path dir) throws Exception {
        // ACGT vs ACGA: one replacement.
        CliTestSupport.Outcome s = gc("sim", "lib:levenshtein4x4dna", "--creator-input", "text:ACGT",
                "--evaluator-input", "text:acga");
        assertEquals(0, s.status(), s.err());
        assertTrue(s.out().contains("evaluator output  (3 bits): 0x1"), s.out());
        Path fasta = dir.resolve("a.fa");
        Files.writeString(fasta, ">first\nGATT\nACA\n");
        CliTestSupport.Outcome f = gc("sim", "lib:levenshtein7x7dna", "--creator-input", "@" + fasta,
                "--evaluator-input", "text:GATTACA", "--format", "dec");
        assertEquals(0, f.status(), f.err());
        assertTrue(f.out().contains("evaluator output  (3 bits): 0"), f.out());
        CliTestSupport.Outcome bytes = gc("sim", "lib:levenshtein6x7", "--creator-input", "text:kitten",
                "--evaluator-input", "text:sitting", "--format", "dec");
        assertTrue(bytes.out().contains("evaluator output  (3 bits): 3"), bytes.out() + bytes.err());
        CliTestSupport.Outcome sw = gc("sim", "lib:smithwaterman3x3", "--creator-input", "text:WWW",
                "--evaluator-input", "text:WWW", "--format", "dec");
        assertTrue(sw.out().contains("evaluator output  (6 bits): 33"), sw.out() + sw.err());
        CliTestSupport.Outcome bad = gc("sim", "lib:levenshtein4x4dna", "--creator-input", "text:ACGU",
                "--evaluator-input", "text:ACGT");
        assertEquals(2, bad.status());
        assertEquals("gc: --creator-input: character 'U' at line 1, column 4 is not one of the DNA letters"
                + " (A, C, G, T)", bad.err().strip());
        CliTestSupport.Outcome shortText = gc("sim", "lib:levenshtein4x4dna", "--creator-input", "text:ACG",
                "--evaluator-input", "text:ACGT");
        assertTrue(shortText.err().contains("the text has 3 DNA letters but the circuit takes 4"), shortText.err());
        CliTestSupport.Outcome notText = gc("sim", CliTestSupport.aes(), "--creator-input", "text:ACGT",
                "--evaluator-input", "0");
        assertTrue(notText.err().contains("takes a number, not text"), notText.err());
    }

    @Test
    void runJsonReportsPeakHeapAndRatesAndStderrStaysQuiet() {
        CliTestSupport.Outcome r = gc("run", "--local", "lib:levenshtein30x20dna", "--creator-input",
                "text:" + "ACGT".repeat(7) + "AC", "--evaluator-input", "text:" + "TTGCA".repeat(4), "--json");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err(), "no progress bar without a terminal");
        JsonNode run = CliTestSupport.json(r.out());
        assertTrue(run.get("circuit").asText().matches("[0-9a-f]{64}"), r.out());
        assertTrue(CliTestSupport.integer(run, "slots") > 0, r.out());
        for (String party : new String[] {"creator", "evaluator"}) {
            JsonNode p = run.get(party);
            assertTrue(p.get("output").isTextual(), r.out());
            long peak = CliTestSupport.integer(p, "peakHeapBytes");
            assertTrue(peak > 0 && peak < Runtime.getRuntime().maxMemory() * 2, "peak " + peak);
            assertEquals(1, CliTestSupport.integer(p, "runs"));
            JsonNode first = p.get("first");
            assertTrue(CliTestSupport.integer(first, "nonLinearGatesPerSecond") > 0, r.out());
            assertTrue(CliTestSupport.integer(first, "bytesSent") > 0, r.out());
            for (String t : new String[] {"setup", "inputOt", "online", "total"}) {
                assertTrue(first.get("timingsMs").get(t).isNumber(), t + ": " + r.out());
            }
            assertEquals("half-gates", first.get("scheme").asText());
        }
        assertTrue(run.get("evaluator").get("output").asText().matches("0x[0-9a-f]+"), r.out());
    }

    @Test
    void warmUpRunsAreReportedAndLeftOutOfTheMedian() {
        CliTestSupport.Outcome r = gc("run", "--local", "lib:aes128", "--creator-input", "0x0",
                "--evaluator-input", "0x0", "--repeat", "4", "--warmup", "2", "--json");
        assertEquals(0, r.status(), r.err());
        for (JsonNode p : new JsonNode[] {CliTestSupport.json(r.out()).get("creator"),
            CliTestSupport.json(r.out()).get("evaluator")}) {
            assertEquals(4, CliTestSupport.integer(p, "runs"));
            assertEquals(2, CliTestSupport.integer(p, "warmupRuns"));
            assertTrue(p.get("medianOfLaterRuns").isObject(), r.out());
        }
        for (String bad : new String[] {"3", "-1"}) {
            CliTestSupport.Outcome o = gc("run", "--local", "lib:aes128", "--creator-input", "0x0",
                    "--evaluator-input", "0x0", "--repeat", "4", "--warmup", bad, "--json");
            assertEquals(2, o.status(), o.err());
            assertTrue(o.err().startsWith("gc: --warmup " + bad + " with --repeat 4"), o.err());
        }
    }

    /**
     * Issue 34, item 7: the parties compare their --repeat counts in the hello. With 1 against 2
     * the creator ran its one execution and exited 0 while the evaluator, running ahead, lost
     * its result; now both fail in one line naming both counts.
     */
    @Test
    void differentRepeatCountsFailBothSidesNamingBoth() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String p = "" + port;
        java.util.concurrent.CompletableFuture<CliTestSupport.Outcome> creator = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> gc("run", "--role", "creator", "--listen", p, "--timeout", "20", "--input", KEY,
                        "--repeat", "1", "lib:aes128"));
        CliTestSupport.Outcome e = gc("run", "--role", "evaluator", "--connect", "127.0.0.1:" + p, "--timeout", "20",
                "--input", PLAIN, "--repeat", "2", "lib:aes128");
        CliTestSupport.Outcome c = creator.get(60, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(1, c.status(), c.err());
        assertEquals(1, e.status(), e.err());
        assertTrue(c.err().contains("peer plans 2 runs but this side 1 run"), c.err());
        assertTrue(e.err().contains("peer plans 1 run but this side 2 runs"), e.err());
        assertEquals(1, c.err().strip().lines().count(), c.err());
        assertEquals(1, e.err().strip().lines().count(), e.err());
    }

    @Test
    void readPollIsAnOptionWithABound() {
        CliTestSupport.Outcome off = gc("run", "--local", "lib:aes128", "--creator-input", "0x0",
                "--evaluator-input", "0x0", "--read-poll", "0");
        assertEquals(0, off.status(), off.err());
        assertTrue(off.out().contains("66e94bd4ef8a2c3b884cfa59ca342b2e"), off.out());
        CliTestSupport.Outcome bad = gc("run", "--local", "lib:aes128", "--creator-input", "0x0",
                "--evaluator-input", "0x0", "--read-poll", "10001");
        assertEquals(2, bad.status(), bad.err());
        assertTrue(bad.err().startsWith("gc: --read-poll must be in 0..10000 microseconds"), bad.err());
    }

    @Test
    void threadsIsAnOptionWithABound() {
        CliTestSupport.Outcome three = gc("run", "--local", "lib:aes128", "--creator-input", "0x0",
                "--evaluator-input", "0x0", "--threads", "3", "--repeat", "3");
        assertEquals(0, three.status(), three.err());
        assertTrue(three.out().contains("66e94bd4ef8a2c3b884cfa59ca342b2e"), three.out());
        for (String n : new String[] {"0", "65"}) {
            CliTestSupport.Outcome bad = gc("run", "--local", "lib:aes128", "--creator-input", "0x0",
                    "--evaluator-input", "0x0", "--threads", n);
            assertEquals(2, bad.status(), bad.err());
            assertEquals("gc: --threads must be in 1..64, got " + n, bad.err().strip());
        }
    }

    /**
     * {@code --runs-at-once} sets how many executions of {@code --repeat} are in flight: each
     * count gives AES's result on every execution, with threads to spare or not, and a count
     * outside 1..64 is a usage error naming the range.
     */
    @Test
    void runsAtOnceIsAnOptionWithABound() {
        for (String[] k : new String[][] {{"1", "1"}, {"5", "2"}, {"9", "3"}}) {
            CliTestSupport.Outcome o = gc("run", "--local", "lib:aes128", "--creator-input", "0x0",
                    "--evaluator-input", "0x0", "--runs-at-once", k[0], "--threads", k[1], "--repeat", "12", "--json");
            assertEquals(0, o.status(), o.err());
            assertTrue(o.out().contains("66e94bd4ef8a2c3b884cfa59ca342b2e"), o.out());
            assertTrue(o.out().contains("\"runs\": 12") || o.out().contains("\"runs\":12"), o.out());
        }
        for (String n : new String[] {"0", "65"}) {
            CliTestSupport.Outcome bad = gc("run", "--local", "lib:aes128", "--creator-input", "0x0",
                    "--evaluator-input", "0x0", "--runs-at-once", n);
            assertEquals(2, bad.status(), bad.err());
            assertEquals("gc: --runs-at-once must be in 1..64, got " + n, bad.err().strip());
        }
    }

    /** The command is the first argument that is not an option; an unknown one is named with the list. */
    @Test
    void theCommandIsTheFirstArgumentThatIsNotAnOption() {
        assertEquals(1, Gc.commandIndex(new String[] {"--verbose", "run", "--local", "lib:aes128"}));
        assertEquals(-1, Gc.commandIndex(new String[] {"--version"}));
        assertEquals(0, Gc.commandIndex(new String[] {"compile", "lib:aes128", "-o", "run"}));
        assertEquals(List.of("compile", "info", "lib", "sim", "run", "minimum", "demo", "keygen"), Gc.commandNames());
        CliTestSupport.Outcome typo = gc("runn", "lib:aes128");
        assertEquals(UserError.EXIT_USAGE, typo.status());
        assertTrue(typo.err().contains("unknown command 'runn'; the commands are compile, info, lib, sim, run,"),
                typo.err());
        CliTestSupport.Outcome none = gc("--verbose");
        assertEquals(UserError.EXIT_USAGE, none.status());
        assertTrue(none.err().startsWith("Usage: gc"), none.err());
    }

    /** Option mistakes: one line naming the option and what is wrong, exit 2, no trace. */
    @Test
    void optionMistakesNameTheOption() {
        String[][] cases = {
            {"gc: run: unknown option --repeats (did you mean --repeat?)", "run", "--repeats", "3", "lib:aes128"},
            {"gc: run: Expected a value after parameter --repeat", "run", "lib:aes128", "--repeat"},
            {"--repeat: 'three' is not a whole number", "run", "--repeat", "three", "lib:aes128"},
            {"--repeat: 99999999999 is out of range", "run", "--repeat", "99999999999", "lib:aes128"},
            {"gc: run: Can only specify option --role once", "run", "--role", "creator", "--role", "evaluator", "lib:aes128"},
            {"gc: minimum: The following option is required: [--bits]", "minimum", "--local"},
            {"gc: run: --local takes no value, got 'yes'", "run", "--local=yes", "lib:aes128"},
            {"gc: run: unknown option --no-such-option", "run", "--no-such-option", "lib:aes128"},
            {"gc: lib: unexpected argument 'aes128'", "lib", "aes128"},
            {"gc: unknown option --verbos (did you mean --verbose?)", "--verbos", "run"},
        };
        for (String[] c : cases) {
            CliTestSupport.Outcome o = gc(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertEquals(UserError.EXIT_USAGE, o.status(), String.join(" ", c));
            assertTrue(o.err().contains(c[0]), o.err());
            assertFalse(o.err().contains("Exception"), o.err());
        }
    }

    /** gc's own --verbose and --debug may also follow the command; --name=value is a value. */
    @Test
    void ownOptionsAfterTheCommandAndValuesAfterEquals() {
        CliTestSupport.Outcome s = gc("sim", "lib:aes128", "--verbose", "--creator-input=" + KEY,
                "--evaluator-input", PLAIN);
        assertEquals(0, s.status(), s.err());
        assertTrue(s.out().contains(CIPHER), s.out());
    }

    /** The usage of gc lists every command; a command's lists its options with their defaults. */
    @Test
    void usageListsCommandsAndOptions() {
        CliTestSupport.Outcome all = gc("--help");
        assertEquals(0, all.status());
        for (String name : Gc.commandNames()) {
            assertTrue(all.out().contains("\n    " + name + " "), all.out());
        }
        CliTestSupport.Outcome run = gc("run", "--help");
        assertEquals(0, run.status());
        assertTrue(run.out().startsWith("Usage: gc run [options] CIRCUIT"), run.out());
        assertTrue(run.out().contains("\n    --timeout\n"), run.out());
        assertTrue(run.out().contains("      Default: 60\n"), run.out());
        assertFalse(run.out().contains("--verbose"), "gc's own options are in gc --help: " + run.out());
        for (String line : run.out().split("\n")) {
            assertTrue(line.length() <= Arguments.WIDTH, line);
        }
        CliTestSupport.Outcome help = gc("minimum", "--help");
        assertEquals(0, help.status(), "--help needs no required option: " + help.err());
    }

    /** The --scheme help of gc run and gc demo lists every scheme. */
    @Test
    void schemeHelpListsEverySchemeFromTheRegistry() {
        for (String command : new String[] {"run", "demo"}) {
            CliTestSupport.Outcome o = gc(command, "--help");
            assertEquals(0, o.status(), o.err());
            String help = o.out().replaceAll("\\s+", " ");
            for (io.gcstream.engine.Scheme s : io.gcstream.engine.Scheme.values()) {
                assertTrue(help.contains(s.toString() + " (" + Arguments.Descriptions.cost(s)), command + ": " + help);
            }
        }
    }
}
