package io.gcstream.cli;

import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.CircuitFiles;
import io.gcstream.compiler.Arithmetic;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gc run --keep-outputs/--save-state/--load-state: a counter carried over three sessions. */
class StateOptionsTest {
    /** total' = total + c + e: evaluator gives total (16 bits) then e (8), creator c (8); total' to the evaluator. */
    static Path counter(Path dir) throws Exception {
        CircuitBuilder b = new CircuitBuilder();
        Word c = b.creatorInput(8);
        Word total = b.evaluatorInput(16);
        Word e = b.evaluatorInput(8);
        Word zero = b.constant(0, 8);
        Word sum = Arithmetic.add(b, Arithmetic.add(b, total, c.concat(zero)), e.concat(zero));
        b.evaluatorOutput(sum);
        Path p = dir.resolve("counter.gct");
        CircuitFiles.write(b.build(), p);
        return p;
    }

    private static int port() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Both parties of one session in this JVM; returns [creator, evaluator]. */
    static CliTestSupport.Outcome[] session(String[] creator, String[] evaluator) throws Exception {
        int port = port();
        String[] c = concat(new String[] {"run", "--role", "creator", "--listen", "" + port, "--timeout", "20"}, creator);
        String[] e = concat(new String[] {"run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
            "--timeout", "20"}, evaluator);
        CompletableFuture<CliTestSupport.Outcome> cf = CompletableFuture.supplyAsync(() -> gc(c));
        CliTestSupport.Outcome eo = gc(e);
        return new CliTestSupport.Outcome[] {cf.get(60, TimeUnit.SECONDS), eo};
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    @Test
    void aCounterOverThreeSessions(@TempDir Path dir) throws Exception {
        String circuit = counter(dir).toString();
        String c1 = dir.resolve("c1.state").toString();
        String e1 = dir.resolve("e1.state").toString();
        String c2 = dir.resolve("c2.state").toString();
        String e2 = dir.resolve("e2.state").toString();
        // Session 1: the evaluator starts the total at 0 (its 16 leading bits) and adds 23; the creator 100.
        CliTestSupport.Outcome[] s1 = session(
                new String[] {"--input", "100", "--keep-outputs", "evaluator", "--save-state", c1, circuit},
                new String[] {"--input", "" + (23 << 16), "--keep-outputs", "evaluator", "--save-state", e1, circuit});
        assertEquals(0, s1[0].status(), s1[0].err());
        assertEquals(0, s1[1].status(), s1[1].err());
        assertTrue(s1[1].out().contains("kept garbled; this party's half saved to " + e1), s1[1].out());
        assertFalse(s1[1].out().contains("evaluator output"), "a kept output is not printed: " + s1[1].out());
        // Session 2: the total comes back from the state; the evaluator's --input is only its 8-bit amount.
        CliTestSupport.Outcome[] s2 = session(
                new String[] {"--input", "200", "--load-state", c1, "--keep-outputs", "evaluator", "--save-state", c2, circuit},
                new String[] {"--input", "7", "--load-state", e1, "--keep-outputs", "evaluator", "--save-state", e2, circuit});
        assertEquals(0, s2[1].status(), s2[1].err());
        CliTestSupport.Outcome[] s3 = session(
                new String[] {"--input", "5", "--load-state", c2, circuit},
                new String[] {"--input", "6", "--load-state", e2, "--format", "dec", circuit});
        assertEquals(0, s3[0].status(), s3[0].err());
        assertEquals(0, s3[1].status(), s3[1].err());
        assertTrue(s3[1].out().contains("evaluator output  (16 bits): " + (100 + 23 + 200 + 7 + 5 + 6)), s3[1].out());
    }

    @Test
    void aStateFromAnotherSessionOrAlteredIsRefusedOnBothSides(@TempDir Path dir) throws Exception {
        String circuit = counter(dir).toString();
        String[] names = {"a", "b"};
        for (String n : names) {
            CliTestSupport.Outcome[] s = session(
                    new String[] {"--input", "1", "--keep-outputs", "evaluator", "--save-state", dir.resolve("c" + n).toString(), circuit},
                    new String[] {"--input", "2", "--keep-outputs", "evaluator", "--save-state", dir.resolve("e" + n).toString(), circuit});
            assertEquals(0, s[1].status(), s[1].err());
        }
        CliTestSupport.Outcome[] mixed = session(
                new String[] {"--input", "1", "--load-state", dir.resolve("ca").toString(), circuit},
                new String[] {"--input", "2", "--load-state", dir.resolve("eb").toString(), circuit});
        assertRefused(mixed, "not saved together");
        byte[] bytes = Files.readAllBytes(dir.resolve("ea"));
        bytes[bytes.length / 2] ^= 4;
        Path altered = dir.resolve("ea-altered");
        Files.write(altered, bytes);
        CliTestSupport.Outcome[] tampered = session(
                new String[] {"--input", "1", "--load-state", dir.resolve("ca").toString(), circuit},
                new String[] {"--input", "2", "--load-state", altered.toString(), circuit});
        assertRefused(tampered, "state");
        CliTestSupport.Outcome[] missing = session(
                new String[] {"--input", "1", "--load-state", dir.resolve("ca").toString(), circuit},
                new String[] {"--input", "2", "--load-state", dir.resolve("nope").toString(), circuit});
        assertRefused(missing, "does not exist", 2);
    }

    private static void assertRefused(CliTestSupport.Outcome[] both, String part) {
        assertRefused(both, part, 1);
    }

    /**
     * Both sides fail in one line that says {@code part}: the creator with status 1, the
     * evaluator with {@code evaluatorStatus} (2 when its own --load-state was the mistake).
     */
    private static void assertRefused(CliTestSupport.Outcome[] both, String part, int evaluatorStatus) {
        for (int i = 0; i < 2; i++) {
            CliTestSupport.Outcome o = both[i];
            assertEquals(i == 0 ? 1 : evaluatorStatus, o.status(), o.err());
            assertTrue(o.err().startsWith("gc: ") && o.err().contains(part), o.err());
            assertEquals(1, o.err().strip().lines().count(), "one line: " + o.err());
        }
    }

    @Test
    void badCombinationsAreUserErrors() {
        CliTestSupport.Outcome o = gc("run", "--role", "creator", "--listen", "1", "--keep-outputs", "evaluator",
                "lib:hamming8");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("--keep-outputs and --save-state go together"), o.err());
        o = gc("run", "--local", "--load-state", "x", "lib:hamming8", "--creator-input", "1", "--evaluator-input", "1");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("run the parties with --role"), o.err());
    }
}
