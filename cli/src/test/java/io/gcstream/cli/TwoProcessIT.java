package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.cli.GcProcess.Done;
import io.gcstream.engine.Scheme;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built gc jar as two real processes talking over loopback. */
class TwoProcessIT {
    private static final String KEY = "0x2b7e151628aed2a6abf7158809cf4f3c";
    private static final String PLAIN = "0x3243f6a8885a308d313198a2e0370734";
    private static final String CIPHER = "0x3925841d02dc09fbdc118597196a0b32";

    @TempDir
    static Path dir;
    private static Path aes;

    @BeforeAll
    static void compileAes() throws Exception {
        aes = dir.resolve("aes.gcb");
        Done d = finish(start("compile", CliTestSupport.aes(), "-o", aes.toString()));
        assertEquals(0, d.status(), d.err());
    }

    @Test
    void twoProcessesComputeAesLikeFips197() throws Exception {
        for (Scheme s : Scheme.values()) {
            String scheme = s.toString();
            int port = freePort();
            GcProcess creator = start("run", "--role", "creator", "--listen", Integer.toString(port),
                    "--input", KEY, "--scheme", scheme, "--json", aes.toString());
            GcProcess evaluator = start("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
                    "--input", PLAIN, "--scheme", scheme, aes.toString());
            Done e = finish(evaluator);
            Done c = finish(creator);
            assertEquals(0, e.status(), e.err());
            assertEquals(0, c.status(), c.err());
            assertTrue(e.out().contains("evaluator output  (128 bits): " + CIPHER), e.out());
            assertEquals(6400, CliTestSupport.integer(CliTestSupport.json(c.out()).get("creator").get("first"),
                    "nonLinearGates"), c.out());
            assertFalse(c.out().contains(CIPHER), "the creator must not learn the evaluator's output");
        }
    }

    /**
     * The usage lines of the docs, typed as they stand: compile the Bristol AES into
     * {@code circuit.bin}, then one process per party, the evaluator connecting to
     * {@code localhost}. Run from a folder holding the Bristol file at the path the docs use.
     */
    @Test
    void theDocumentedCircuitBinLinesWorkAsTyped() throws Exception {
        Path work = dir.resolve("as-typed");
        String source = "compiler/src/test/resources/bristol/bristol_fashion/aes_128.txt";
        Files.createDirectories(work.resolve(source).getParent());
        Files.copy(Path.of(CliTestSupport.aes()), work.resolve(source));
        Done compiled = finish(startIn(work, "compile", source, "-o", "circuit.bin"));
        assertEquals(0, compiled.status(), compiled.err());
        int port = freePort();
        String p = Integer.toString(port);
        GcProcess creator = startIn(work, "run", "--role", "creator", "--listen", p, "--input", KEY, "circuit.bin");
        GcProcess evaluator = startIn(work, "run", "--role", "evaluator", "--connect", "localhost:" + p,
                "--input", PLAIN, "circuit.bin");
        Done e = finish(evaluator);
        Done c = finish(creator);
        assertEquals(0, e.status(), e.err());
        assertEquals(0, c.status(), c.err());
        assertTrue(e.out().contains("evaluator output  (128 bits): " + CIPHER), e.out());
        assertFalse(c.out().contains(CIPHER), "the creator must not learn the evaluator's output");
    }

    @Test
    void mismatchedCircuitsFailOnBothSides() throws Exception {
        Path other = dir.resolve("adder.gcb");
        Path adder = CliTestSupport.BRISTOL.resolve("bristol_fashion/adder64.txt");
        assertEquals(0, finish(start("compile", adder.toString(), "-o", other.toString())).status());
        int port = freePort();
        GcProcess creator = start("run", "--role", "creator", "--listen", Integer.toString(port),
                "--input", KEY, "--timeout", "20", aes.toString());
        GcProcess evaluator = start("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
                "--input", "5", "--timeout", "20", other.toString());
        Done e = finish(evaluator);
        Done c = finish(creator);
        for (Done d : new Done[] {c, e}) {
            assertEquals(1, d.status(), d.err());
            assertTrue(d.err().startsWith("gc: "), d.err());
            assertTrue(d.err().contains("circuit"), d.err());
            assertEquals("", d.out(), "no output printed after a failed handshake");
        }
    }

    @Test
    void killedPeerEndsTheSurvivorWithAnError() throws Exception {
        int port = freePort();
        GcProcess creator = start("run", "--role", "creator", "--listen", Integer.toString(port),
                "--input", KEY, "--timeout", "10", aes.toString());
        // The evaluator never shows up properly: a raw connection that closes at once.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
                break;
            } catch (IOException retry) {
                if (System.nanoTime() > deadline) {
                    throw retry;
                }
                Thread.sleep(100);
            }
        }
        Done c = finish(creator);
        assertNotEquals(0, c.status());
        assertTrue(c.err().startsWith("gc: "), c.err());
        assertFalse(c.err().contains("\tat "), c.err());
        assertEquals("", c.out());
    }

    /**
     * docs/cli.md's counter over three sessions, as typed there: six processes, the total kept
     * garbled in state files between sessions; then an altered state is refused on both sides.
     */
    @Test
    void aCounterOverThreeSessionsWithStateFiles() throws Exception {
        String counter = Path.of("..", "examples", "circuits", "counter.gct").toString();
        String[][] sessions = {
            {"100", "" + (23 << 16), "--keep-outputs", "evaluator", "--save-state", "c1", "e1"},
            {"200", "7", "--load-state", "c1", "e1", "--keep-outputs", "evaluator", "--save-state", "c2", "e2"},
            {"5", "6", "--load-state", "c2", "e2"},
        };
        Done last = null;
        for (String[] s : sessions) {
            last = stateSession(counter, s);
        }
        assertTrue(last.out().contains("evaluator output  (16 bits): 341"), last.out());
        byte[] bytes = Files.readAllBytes(dir.resolve("e2"));
        bytes[bytes.length - 40] ^= 1;
        Files.write(dir.resolve("e2"), bytes);
        int port = freePort();
        GcProcess c = start("run", "--role", "creator", "--listen", "" + port, "--input", "5", "--load-state",
                dir.resolve("c2").toString(), "--timeout", "20", counter);
        GcProcess e = start("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port, "--input", "6",
                "--load-state", dir.resolve("e2").toString(), "--timeout", "20", counter);
        // The evaluator's own file is the mistake (encrypted, its authentication fails): status 2.
        Done ed = finish(e);
        Done cd = finish(c);
        assertEquals(2, ed.status(), ed.err());
        assertEquals(1, cd.status(), cd.err());
        for (Done d : new Done[] {ed, cd}) {
            assertTrue(d.err().strip().lines().reduce((a, b) -> b).orElse("").contains("state"), d.err());
            assertEquals("", d.out());
        }
    }

    /** One session of the counter: {creator input, evaluator input, then options, with state file names per party}. */
    private Done stateSession(String circuit, String[] s) throws Exception {
        List<String> common = new ArrayList<>();
        List<String> cOpts = new ArrayList<>();
        List<String> eOpts = new ArrayList<>();
        for (int i = 2; i < s.length; i++) {
            if (s[i].equals("--load-state") || s[i].equals("--save-state")) {
                cOpts.add(s[i]);
                cOpts.add(dir.resolve(s[i + 1]).toString());
                eOpts.add(s[i]);
                eOpts.add(dir.resolve(s[i + 2]).toString());
                i += 2;
            } else {
                common.add(s[i]);
            }
        }
        int port = freePort();
        List<String> c = new ArrayList<>(List.of("run", "--role", "creator", "--listen", "" + port, "--input", s[0]));
        c.addAll(common);
        c.addAll(cOpts);
        c.add(circuit);
        List<String> e = new ArrayList<>(List.of("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port,
                "--input", s[1], "--format", "dec"));
        e.addAll(common);
        e.addAll(eOpts);
        e.add(circuit);
        GcProcess cr = start(c.toArray(new String[0]));
        GcProcess ev = start(e.toArray(new String[0]));
        Done ed = finish(ev);
        Done cd = finish(cr);
        assertEquals(0, cd.status(), cd.err());
        assertEquals(0, ed.status(), ed.err());
        return ed;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static GcProcess start(String... args) throws IOException {
        return startIn(null, args);
    }

    /** Starts {@code gc args} in the working directory {@code cwd} (null: this process's). */
    private static GcProcess startIn(Path cwd, String... args) throws IOException {
        ProcessBuilder b = new ProcessBuilder(GcProcess.gcCommand(List.of("-Xmx256m"), List.of(args)));
        // docs/cli.md's counter example exports it: the state files' password.
        b.environment().put(StateOptions.PASSWORD_ENV, "correct horse battery staple");
        if (cwd != null) {
            b.directory(cwd.toFile());
        }
        return GcProcess.start(b, dir);
    }

    private static Done finish(GcProcess r) throws Exception {
        return r.finish(90);
    }
}
