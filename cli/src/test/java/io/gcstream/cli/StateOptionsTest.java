package io.gcstream.cli;

import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.CircuitFiles;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.engine.internal.state.StateCipher;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gc run --keep-outputs/--save-state/--load-state and the state options: a counter carried over sessions. */
class StateOptionsTest {
    private static final Path PASSWORD_FILE;

    static {
        // Cheap keys for the many state files written here; each file records its own cost.
        StateCipher.iterationsForTests(1000);
        try {
            PASSWORD_FILE = Files.createTempFile("gc-state-password", "");
            Files.writeString(PASSWORD_FILE, "correct horse battery staple\n");
            PASSWORD_FILE.toFile().deleteOnExit();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** total' = total + c + e: evaluator gives total (16 bits) then e (8), creator c (8); total' to the evaluator. */
    static Path counter(Path dir) throws Exception {
        Computation k = new Computation();
        UInt c = k.creator().uint(8);
        UInt total = k.evaluator().uint(16);
        UInt e = k.evaluator().uint(8);
        k.evaluator().output(total.add(c.extend(16)).add(e.extend(16)));
        Path p = dir.resolve("counter.gct");
        CircuitFiles.write(k.build(), p);
        return p;
    }

    private static int port() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Both parties of one session in this JVM, the creator with the state password; returns [creator, evaluator]. */
    static CliTestSupport.Outcome[] session(String[] creator, String[] evaluator) throws Exception {
        int port = port();
        String[] run = {"run", "--role", "creator", "--listen", "" + port, "--timeout", "20"};
        String[] c = java.util.Arrays.asList(creator).contains("--state-password-file") ? concat(run, creator)
                : concat(concat(run, "--state-password-file", PASSWORD_FILE.toString()), creator);
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
        // Issue 34, item 8: the reason (a path, a wrong password) stays on the side whose file it is.
        assertRefused(missing, "cannot go ahead", 2);
        assertTrue(missing[1].err().contains(dir.resolve("nope") + " does not exist"), missing[1].err());
        assertFalse(missing[0].err().contains(dir.toString()) || missing[0].err().contains("does not exist"),
                missing[0].err());
        // Issue 26, finding 5: a wrong password is refused in one line, on both sides.
        Path wrong = dir.resolve("wrong-password");
        Files.writeString(wrong, "Tr0ub4dor&3\n");
        CliTestSupport.Outcome[] bad = session(
                new String[] {"--input", "1", "--load-state", dir.resolve("ca").toString(), "--state-password-file",
                    wrong.toString(), circuit},
                new String[] {"--input", "2", "--load-state", dir.resolve("ea").toString(), circuit});
        assertRefused(bad, "cannot go ahead", 2, 1);
        assertTrue(bad[0].err().contains("wrong password for this state file"), bad[0].err());
        assertFalse(bad[1].err().contains("password") || bad[1].err().contains(dir.toString()), bad[1].err());
    }

    /** Issue 26, finding 5: the creator's state files are encrypted, so it needs a password: one line, exit 2. */
    @Test
    void aCreatorWithoutAPasswordIsAUserError(@TempDir Path dir) throws Exception {
        CliTestSupport.Outcome o = gc("run", "--role", "creator", "--listen", "" + port(), "--input", "1",
                "--keep-outputs", "evaluator", "--save-state", dir.resolve("c").toString(), counter(dir).toString());
        if (System.getenv(StateOptions.PASSWORD_ENV) == null) {
            assertEquals(2, o.status(), o.err());
            assertEquals("gc: the creator's state files are encrypted (they hold the secret Δ): set GC_STATE_PASSWORD"
                    + " or give --state-password-file FILE (never on the command line)", o.err().strip());
        }
    }

    /**
     * Issue 26, finding 3: --load-state and --save-state are compared as files, not strings
     * ({@code x} and {@code ./x}, or a path through a linked directory, are one file).
     */
    @Test
    void theSameFileUnderAnotherNameIsRefused(@TempDir Path dir) throws Exception {
        Path c = dir.resolve("c1");
        Files.writeString(c, "state");
        Path link = Files.createSymbolicLink(dir.resolve("alias"), dir);
        for (String save : new String[] {dir.resolve(".").resolve("c1").toString(), link.resolve("c1").toString(),
            dir.resolve("sub/../c1").toString()}) {
            CliTestSupport.Outcome o = gc("run", "--role", "creator", "--listen", "1", "--input", "1", "--keep-outputs",
                    "evaluator", "--load-state", c.toString(), "--save-state", save, "lib:hamming8");
            assertEquals(2, o.status(), save + ": " + o.err());
            assertTrue(o.err().contains("--save-state and --load-state name the same file"), o.err());
        }
    }

    /**
     * Issue 26, finding 3: a save target that cannot be written is found before the session's
     * work, on either side: both stop in the hello, nothing is computed or written, and the pair
     * they resumed still resumes.
     */
    @Test
    void aSaveTargetIsCheckedBeforeTheComputationOnBothSides(@TempDir Path dir) throws Exception {
        String circuit = counter(dir).toString();
        String c1 = dir.resolve("c1").toString();
        String e1 = dir.resolve("e1").toString();
        firstSession(circuit, c1, e1, 100, 23);
        Path fifo = dir.resolve("fifo");
        assertEquals(0, CliTestSupport.command("mkfifo", fifo.toString()), "mkfifo failed");
        for (String badTarget : new String[] {dir.resolve("no/such/dir/e2").toString(), dir.toString(), fifo.toString()}) {
            CliTestSupport.Outcome[] s2 = session(
                    new String[] {"--input", "200", "--load-state", c1, "--keep-outputs", "evaluator", "--save-state",
                        dir.resolve("c2").toString(), circuit},
                    new String[] {"--input", "7", "--load-state", e1, "--keep-outputs", "evaluator", "--save-state",
                        badTarget, circuit});
            assertRefused(s2, "session handshake", 1, 2);
            assertTrue(s2[0].err().contains("the peer cannot go ahead"), s2[0].err());
            assertFalse(s2[0].err().contains(dir.toString()), "the evaluator's path is its own: " + s2[0].err());
            assertTrue(s2[1].err().contains(dir.toString()), s2[1].err());
            assertFalse(Files.exists(dir.resolve("c2")), "the creator computed and saved");
        }
        CliTestSupport.Outcome[] s3 = session(
                new String[] {"--input", "5", "--load-state", c1, circuit},
                new String[] {"--input", "6", "--load-state", e1, "--format", "dec", circuit});
        assertEquals(0, s3[1].status(), s3[1].err());
        assertTrue(s3[1].out().contains("evaluator output  (16 bits): " + (100 + 23 + 5 + 6)), s3[1].out());
    }

    /** Issue 26, finding 5: a state resumes once; again only when both parties give --reuse-state. */
    @Test
    void aStateResumesOnceUnlessBothGiveReuseState(@TempDir Path dir) throws Exception {
        String circuit = counter(dir).toString();
        String c1 = dir.resolve("c1").toString();
        String e1 = dir.resolve("e1").toString();
        firstSession(circuit, c1, e1, 10, 20);
        CliTestSupport.Outcome[] first = session(new String[] {"--input", "1", "--load-state", c1, circuit},
                new String[] {"--input", "2", "--load-state", e1, "--format", "dec", circuit});
        assertTrue(first[1].out().contains("evaluator output  (16 bits): 33"), first[1].out() + first[1].err());
        CliTestSupport.Outcome[] second = session(new String[] {"--input", "3", "--load-state", c1, circuit},
                new String[] {"--input", "4", "--load-state", e1, "--format", "dec", circuit});
        assertRefused(second, "already used by an earlier session");
        CliTestSupport.Outcome[] reused = session(new String[] {"--input", "3", "--load-state", c1, "--reuse-state", circuit},
                new String[] {"--input", "4", "--load-state", e1, "--reuse-state", "--format", "dec", circuit});
        assertTrue(reused[1].out().contains("evaluator output  (16 bits): 37"), reused[1].out() + reused[1].err());
    }

    /** A chain's first session: the total starts at {@code c + e}, kept, saved to {@code c1} and {@code e1}. */
    private static void firstSession(String circuit, String c1, String e1, int c, int e) throws Exception {
        CliTestSupport.Outcome[] s = session(
                new String[] {"--input", "" + c, "--keep-outputs", "evaluator", "--save-state", c1, circuit},
                new String[] {"--input", "" + (e << 16), "--keep-outputs", "evaluator", "--save-state", e1, circuit});
        assertEquals(0, s[0].status(), s[0].err());
        assertEquals(0, s[1].status(), s[1].err());
    }

    private static void assertRefused(CliTestSupport.Outcome[] both, String part) {
        assertRefused(both, part, 1);
    }

    /**
     * Both sides fail in one line that says {@code part}: the creator with status 1, the
     * evaluator with {@code evaluatorStatus} (2 when its own --load-state was the mistake).
     */
    private static void assertRefused(CliTestSupport.Outcome[] both, String part, int evaluatorStatus) {
        assertRefused(both, part, 1, evaluatorStatus);
    }

    /** Both refused in one line naming {@code part}; the side whose own files were unusable exits 2. */
    private static void assertRefused(CliTestSupport.Outcome[] both, String part, int creatorStatus, int evaluatorStatus) {
        for (int i = 0; i < 2; i++) {
            CliTestSupport.Outcome o = both[i];
            assertEquals(i == 0 ? creatorStatus : evaluatorStatus, o.status(), o.err());
            assertTrue(o.err().startsWith("gc: ") && o.err().contains(part), o.err());
            assertEquals(1, o.err().strip().lines().count(), "one line: " + o.err());
        }
    }

    /**
     * Issue 34, item 6: --save-state and --load-state over plain TCP with a peer off this machine
     * are refused before connecting, in one line with exit 2, unless --allow-state-over-plain-tcp
     * is given; loopback and TLS need nothing.
     */
    @Test
    void stateOverPlainTcpOffThisMachineNeedsTheExplicitFlag(@TempDir Path dir) throws Exception {
        String circuit = counter(dir).toString();
        String[] save = {"--state-password-file", PASSWORD_FILE.toString(), "--input", "1", "--keep-outputs", "evaluator",
            "--save-state", dir.resolve("c").toString(), "--timeout", "1", circuit};
        CliTestSupport.Outcome o = gc(concat(new String[] {"run", "--role", "creator", "--listen", "0", "--bind", "0.0.0.0"},
                save));
        assertEquals(2, o.status(), o.err());
        assertEquals(1, o.err().strip().lines().count(), o.err());
        assertTrue(o.err().startsWith("gc: --save-state over plain TCP with a peer off this machine")
                && o.err().contains("--allow-state-over-plain-tcp"), o.err());
        // Allowed, or on loopback: it goes on, and waits for a peer that never comes (exit 1).
        o = gc(concat(new String[] {"run", "--role", "creator", "--listen", "0", "--bind", "0.0.0.0",
            "--allow-state-over-plain-tcp"}, save));
        assertEquals(1, o.status(), o.err());
        assertTrue(o.err().contains("no peer connected"), o.err());
        o = gc(concat(new String[] {"run", "--role", "creator", "--listen", "0"}, save));
        assertEquals(1, o.status(), o.err());
        assertTrue(o.err().contains("no peer connected"), o.err());
        java.net.InetAddress other = null;
        for (java.net.NetworkInterface i : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            for (java.net.InetAddress a : java.util.Collections.list(i.getInetAddresses())) {
                if (i.isUp() && !a.isLoopbackAddress() && a instanceof java.net.Inet4Address) {
                    other = a;
                }
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(other != null, "no non-loopback IPv4 address on this machine");
        o = gc("run", "--role", "evaluator", "--connect", other.getHostAddress() + ":" + port(), "--input", "1",
                "--load-state", dir.resolve("e").toString(), "--timeout", "1", circuit);
        assertEquals(2, o.status(), o.err());
        assertTrue(o.err().startsWith("gc: --load-state over plain TCP with a peer off this machine"), o.err());
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
