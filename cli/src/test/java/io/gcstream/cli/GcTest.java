package io.gcstream.cli;

import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
        assertTrue(i.out().contains("\"nonLinearGates\": 6400"), i.out());
        int s = Integer.parseInt(i.out().replaceAll("(?s).*\"slots\": (\\d+).*", "$1"));
        assertTrue(s < 36919 / 10, "S = " + s + " should be far below the 36919 Bristol wires");
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

    @Test
    void demoComputesFips197UnderGarbling() {
        CliTestSupport.Outcome d = gc("demo", "--repeat", "2");
        assertEquals(0, d.status(), d.err());
        assertTrue(d.out().contains(CIPHER + "  (matches FIPS-197)"), d.out());
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
        assertTrue(gc("--version").out().startsWith("gc "));
    }
}
