package io.gcstream.engine;

import static io.gcstream.engine.CounterSessions.PASSWORD;
import static io.gcstream.engine.CounterSessions.W;
import static io.gcstream.engine.CounterSessions.bits;
import static io.gcstream.engine.CounterSessions.concat;
import static io.gcstream.engine.CounterSessions.counter;
import static io.gcstream.engine.CounterSessions.session;
import static io.gcstream.engine.CounterSessions.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gcstream.circuits.Party;
import io.gcstream.engine.CounterSessions.End;
import io.gcstream.engine.CounterSessions.Side;
import io.gcstream.engine.internal.state.Half;
import io.gcstream.engine.internal.state.StateFiles;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Garbled values saved in one session and resumed in another (PartialGC-style), and their files. */
class SessionStateTest {
    /** Session k of the counter chain in {@code dir}: resumes c(k-1)/e(k-1) unless k = 1, saves ck/ek unless {@code last}. */
    private static End[] chain(Path dir, int k, long a, long b, boolean last) throws Exception {
        Path cLoad = k == 1 ? null : dir.resolve("c" + (k - 1));
        Path eLoad = k == 1 ? null : dir.resolve("e" + (k - 1));
        return session(new Side(cLoad, last ? null : dir.resolve("c" + k)),
                new Side(eLoad, last ? null : dir.resolve("e" + k)), a, b);
    }

    private static long ok(End[] ends) {
        for (End e : ends) {
            if (!e.ok()) {
                throw new AssertionError("a side failed: " + e.error(), e.error());
            }
        }
        return ends[1].total();
    }

    @Test
    void theCounterCircuitAdds() throws IOException {
        Random r = new Random(1);
        for (int i = 0; i < 200; i++) {
            long t = r.nextInt(1 << 15);
            long a = r.nextInt(256);
            long b = r.nextInt(256);
            boolean[] out = io.gcstream.circuits.Simulator.run(counter(), bits(a, 8), concat(bits(t, W), bits(b, 8)))
                    .evaluatorOutputs();
            assertEquals((t + a + b) & 0xffff, value(out), t + " + " + a + " + " + b);
        }
    }

    @Test
    void aCounterRunsOverThreeSessions(@TempDir Path dir) throws Exception {
        ok(chain(dir, 1, 100, 23, false));
        ok(chain(dir, 2, 200, 7, false));
        assertEquals(100 + 23 + 200 + 7 + 5 + 6, ok(chain(dir, 3, 5, 6, true)));
        if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("c1"))));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("e2"))));
        }
        SessionState s = SessionState.read(dir.resolve("e2"), null);
        assertEquals(Party.EVALUATOR, s.role());
        assertEquals(W, s.totalWidth());
        assertTrue(s.origins().get(0).toString().startsWith("evaluator outputs [0, 16) of circuit "), s.toString());
        try (var files = Files.list(dir)) {
            // Each state file's lock file (.NAME.lock) stays: removing it could let two processes lock one file.
            assertEquals(List.of("c1", "c2", "e1", "e2"), files.map(p -> p.getFileName().toString())
                    .filter(n -> !n.endsWith(".lock")).sorted().toList(), "no temporary or pending file left");
        }
    }

    /** Both sides of a session resuming {@code c} and {@code e}, decoding; returns both errors. */
    private static Throwable[] resumeBoth(SessionState c, SessionState e) throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(CounterSessions.O.timeout()).build());
        Pairs.Side<Object> side = s -> s.run(RunSpec.builder(counter()).input(Party.EVALUATOR, s.resumedValues().isEmpty()
                ? null : s.resumedValues().get(0)).build(), new boolean[8]);
        List<Pairs.Result<Object>> r = Pairs.both(GcSession.resume(ch[0], CounterSessions.O, c), side,
                GcSession.resume(ch[1], CounterSessions.O, e), side);
        return new Throwable[] {r.get(0).error(), r.get(1).error()};
    }

    /** The state as read, or an unusable stand-in naming why it cannot be read (as the CLI does). */
    private static SessionState load(Path p, Party role) {
        try {
            return SessionState.read(p, role == Party.CREATOR ? PASSWORD : null);
        } catch (IOException e) {
            return SessionState.unusable(role, e.getMessage());
        }
    }

    @Test
    void anAlteredByteOrAnotherPeersStateIsRefusedOnBothSides(@TempDir Path dir) throws Exception {
        ok(chain(dir, 1, 1, 2, false));
        Path other = Files.createDirectory(dir.resolve("other"));
        ok(chain(other, 1, 1, 2, false));
        // Another peer: this creator's half with the other pair's evaluator half.
        Throwable[] t = resumeBoth(load(dir.resolve("c1"), Party.CREATOR), load(other.resolve("e1"), Party.EVALUATOR));
        assertRefused(t, "not saved together");

        Random r = new Random(4);
        for (String name : new String[] {"c1", "e1"}) {
            byte[] good = Files.readAllBytes(dir.resolve(name));
            for (int trial = 0; trial < 12; trial++) {
                byte[] bad = good.clone();
                // Not in the status and use id (bytes 12..31), which a session rewrites: they are a guard
                // against mistakes, not authenticated (docs/security.md).
                int pos = trial == 0 ? good.length - 1 : 32 + r.nextInt(good.length - 32);
                bad[pos] ^= (byte) (1 << r.nextInt(8));
                Path p = dir.resolve("bad-" + name);
                Files.write(p, bad);
                SessionState altered = load(p, name.startsWith("c") ? Party.CREATOR : Party.EVALUATOR);
                SessionState c = name.startsWith("c") ? altered : load(dir.resolve("c1"), Party.CREATOR);
                SessionState e = name.startsWith("e") ? altered : load(dir.resolve("e1"), Party.EVALUATOR);
                assertRefused(resumeBoth(c, e), "");
            }
        }
    }

    private static void assertRefused(Throwable[] t, String part) {
        for (Throwable x : t) {
            assertNotNull(x, "both sides must refuse");
            assertInstanceOf(HandshakeMismatchException.class, x, () -> "got " + x);
            assertTrue(x.getMessage().contains(part), x.getMessage());
            assertTrue(x.getMessage().contains("session handshake"), x.getMessage());
        }
    }

    @Test
    void damagedFilesAreNamedWithoutAllocatingWhatTheyClaim(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("x");
        Files.write(p, new byte[10]);
        assertTrue(assertThrows(SessionState.StateFileException.class, () -> SessionState.read(p, null))
                .getMessage().startsWith(p + ": not a gcstream state file"));
        ok(chain(dir, 1, 1, 2, false));
        byte[] good = Files.readAllBytes(dir.resolve("e1"));
        // The evaluator's body is clear: its value count lies after the 64-byte header (magic,
        // version, status, use id, role, id, protection, no predecessor, body length) and the
        // counter and Δ (24).
        int at = 64 + 24;
        byte[] huge = good.clone();
        huge[at] = 0x7f;
        Files.write(p, huge);
        String m = assertThrows(SessionState.StateFileException.class, () -> SessionState.read(p, null)).getMessage();
        assertTrue(m.contains("bad number of values"), m);
        Files.write(p, java.util.Arrays.copyOf(good, good.length - 1));
        m = assertThrows(SessionState.StateFileException.class, () -> SessionState.read(p, null)).getMessage();
        assertTrue(m.contains("bytes but its header describes"), m);
        assertEquals(dir.resolve("nope") + " does not exist", assertThrows(SessionState.StateFileException.class,
                () -> SessionState.read(dir.resolve("nope"), null)).getMessage());
    }

    /** The format changed (version 2): a version-1 file is refused in one clear line. */
    @Test
    void aVersionOneFileIsRefusedClearly(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("old.state");
        ByteBuffer b = ByteBuffer.allocate(200);
        b.put("GCSTATE1".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putInt(1);
        Files.write(p, b.array());
        String m = assertThrows(SessionState.StateFileException.class, () -> SessionState.read(p, null)).getMessage();
        assertEquals(p + ": state file version 1, from an earlier gcstream, holds Δ in the clear and is not read by"
                + " this one (version 2): finish its chain with the earlier gcstream, or start a new one", m);
    }

    /**
     * Issue 26, finding 5: the creator's half is encrypted at rest — no 16 bytes of its file
     * (nor of an unfinished save beside it) equal Δ in either byte order — and a wrong or
     * missing password is refused in one line.
     */
    @Test
    void aCreatorsFileHoldsNoDeltaAndAWrongPasswordIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        SessionOptions seeded = CounterSessions.O.toBuilder().insecureTestSeed(2026).build();
        long[] delta = new long[2];
        End[] s = session(new Side(null, dir.resolve("c1"), seeded, null), new Side(null, dir.resolve("e1"), seeded, null),
                9, 8);
        ok(s);
        Half creator = SessionState.read(dir.resolve("c1"), PASSWORD).candidates().get(0);
        delta[0] = creator.deltaLo();
        delta[1] = creator.deltaHi();
        assertEquals(1, delta[0] & 1, "Δ read back");
        assertNoWindow(Files.readAllBytes(dir.resolve("c1")), delta);
        // An unfinished save of the creator, written and then never confirmed: encrypted too.
        Path c2 = dir.resolve("c2");
        End[] stopped = session(new Side(dir.resolve("c1"), c2, seeded, stopAt(SaveHook.Step.CONFIRMED)),
                new Side(dir.resolve("e1"), dir.resolve("e2"), seeded, null), 1, 1);
        assertFalse(stopped[0].ok());
        assertNoWindow(Files.readAllBytes(StateFiles.pending(c2)), delta);

        String wrong = assertThrows(SessionState.StateFileException.class,
                () -> SessionState.read(dir.resolve("c1"), "Tr0ub4dor&3".toCharArray())).getMessage();
        assertEquals(dir.resolve("c1") + ": wrong password for this state file", wrong);
        String none = assertThrows(SessionState.StateFileException.class, () -> SessionState.read(dir.resolve("c1"), null))
                .getMessage();
        assertEquals(dir.resolve("c1") + ": the state file is encrypted: its password is needed", none);
        // Altered under the right password: authentication fails, in one line.
        byte[] f = Files.readAllBytes(dir.resolve("c1"));
        f[f.length - 20] ^= 1;
        Files.write(dir.resolve("c1x"), f);
        assertEquals(dir.resolve("c1x") + ": the state file was altered (its authentication failed)",
                assertThrows(SessionState.StateFileException.class, () -> SessionState.read(dir.resolve("c1x"), PASSWORD))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> GcSession.creator(MemoryChannel.pair(ChannelOptions.defaults())[0], CounterSessions.O)
                .saveState(List.of(), dir.resolve("x"), PASSWORD));
    }

    private static SaveHook stopAt(SaveHook.Step step) {
        return s -> {
            if (s == step) {
                throw new IOException("stopped at " + step);
            }
        };
    }

    /** No 16-byte window of {@code file} is Δ, in either byte order or order of its halves. */
    private static void assertNoWindow(byte[] file, long[] delta) {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            for (int first = 0; first < 2; first++) {
                byte[] d = ByteBuffer.allocate(16).order(order).putLong(delta[first]).putLong(delta[1 - first]).array();
                for (int i = 0; i + 16 <= file.length; i++) {
                    assertFalse(java.util.Arrays.equals(file, i, i + 16, d, 0, 16), "Δ at byte " + i);
                }
            }
        }
    }

    /**
     * Issue 26, finding 5: a state resumes once. The same pair resumed a second time with other
     * inputs is refused on both sides, unless both parties allow it.
     */
    @Test
    void aStateResumesOnceUnlessBothAllowIt(@TempDir Path dir) throws Exception {
        ok(chain(dir, 1, 10, 20, false));
        Side c = new Side(dir.resolve("c1"), null);
        Side e = new Side(dir.resolve("e1"), null);
        assertEquals(10 + 20 + 1 + 2, ok(session(c, e, 1, 2)));
        End[] again = session(c, e, 3, 4);
        for (End x : again) {
            assertInstanceOf(HandshakeMismatchException.class, x.error());
            assertTrue(x.error().getMessage().contains("already used by an earlier session"), x.error().getMessage());
            assertEquals(1, x.error().getMessage().lines().count());
        }
        SessionOptions reuse = CounterSessions.O.toBuilder().reuseState(true).build();
        End[] oneSide = session(new Side(dir.resolve("c1"), null, reuse, null), e, 3, 4);
        assertFalse(oneSide[0].ok() || oneSide[1].ok(), "one side's consent is not enough");
        assertEquals(10 + 20 + 3 + 4, ok(session(new Side(dir.resolve("c1"), null, reuse, null),
                new Side(dir.resolve("e1"), null, reuse, null), 3, 4)));
    }

    /**
     * Issue 34, item 2: two sessions started from the same pair of state files, both past their
     * hellos before either decodes (each read the files unmarked). The first to decode marks
     * both files; the second fails on both sides instead of decoding the same state again.
     */
    @Test
    void twoOverlappingSessionsFromOnePairDecodeOnce(@TempDir Path dir) throws Exception {
        ok(chain(dir, 1, 10, 20, false));
        Side c = new Side(dir.resolve("c1"), null);
        Side e = new Side(dir.resolve("e1"), null);
        GcSession[][] s = new GcSession[2][];
        for (int k = 0; k < 2; k++) {
            Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(CounterSessions.O.timeout()).build());
            s[k] = new GcSession[] {CounterSessions.open(Party.CREATOR, c, ch[0]), CounterSessions.open(Party.EVALUATOR, e, ch[1])};
            List<Pairs.Result<Object>> hello = Pairs.both(s[k][0], x -> x.resumedValues(), s[k][1], x -> x.resumedValues());
            hello.get(0).get();
            hello.get(1).get();
        }
        List<Pairs.Result<Long>> first = Pairs.both(s[0][0], x -> CounterSessions.play(x, c, 1), s[0][1],
                x -> CounterSessions.play(x, e, 2));
        first.get(0).get();
        assertEquals(10 + 20 + 1 + 2, first.get(1).get());
        List<Pairs.Result<Long>> second = Pairs.both(s[1][0], x -> CounterSessions.play(x, c, 3), s[1][1],
                x -> CounterSessions.play(x, e, 4));
        for (Pairs.Result<Long> r : second) {
            assertInstanceOf(SessionException.class, r.error(), () -> "decoded " + r.value());
            assertTrue(r.error().getMessage().contains("was used by another session after this one read it"),
                    r.error().getMessage());
            assertEquals(1, r.error().getMessage().lines().count());
        }
    }

    /**
     * Issue 34, item 2: a save checks, before it confirms, that the state it continues was not
     * used by another session since this one read it; if it was, both parties fail and keep their
     * previous state (it used to confirm, then mark nothing and commit).
     */
    @Test
    void aSaveOfAStateAnotherSessionUsedMeanwhileFailsOnBothSides(@TempDir Path dir) throws Exception {
        ok(chain(dir, 1, 10, 20, false));
        byte[] id = SessionState.read(dir.resolve("c1"), PASSWORD).candidates().get(0).id();
        byte[] otherUse = new byte[16];
        otherUse[0] = 42;
        SaveHook meanwhile = step -> {
            if (step == SaveHook.Step.HALVES_EXCHANGED) {
                StateFiles.markUsed(dir.resolve("c1"), id, otherUse, false);
            }
        };
        End[] s = session(new Side(dir.resolve("c1"), dir.resolve("c2"), CounterSessions.O, meanwhile),
                new Side(dir.resolve("e1"), dir.resolve("e2")), 1, 2);
        for (End x : s) {
            assertFalse(x.ok(), "a side reported its save done");
            assertTrue(x.error().getMessage().contains("both parties keep their previous state"), x.error().getMessage());
        }
        assertTrue(s[0].error().getMessage().contains("was used by another session after this one read it"),
                s[0].error().getMessage());
        for (String f : new String[] {"c2", "e2"}) {
            assertFalse(Files.exists(dir.resolve(f)) || Files.exists(StateFiles.pending(dir.resolve(f))), f);
        }
    }

    /**
     * Issue 34, item 3: both parties save to one path. The pending file is created, never
     * replaced, so the second writer finds the first's: both fail, nothing is left at the path,
     * and both keep the state they resumed, which resumes.
     */
    @Test
    void twoSaversOfOnePathBothFailAndKeepTheirPreviousState(@TempDir Path dir) throws Exception {
        ok(chain(dir, 1, 10, 20, false));
        Path same = dir.resolve("same");
        End[] s = session(new Side(dir.resolve("c1"), same), new Side(dir.resolve("e1"), same), 1, 2);
        boolean named = false;
        for (End x : s) {
            assertFalse(x.ok(), "a side reported its save done");
            String m = x.error().getMessage();
            assertTrue(m.contains("both parties keep their previous state"), m);
            assertEquals(1, m.lines().count(), m);
            named |= m.contains(StateFiles.pending(same) + " exists: another save to " + same + " is under way");
        }
        assertTrue(named, "the side that found the other's pending file names it");
        assertFalse(Files.exists(same));
        assertFalse(Files.exists(StateFiles.pending(same)));
        assertEquals(10 + 20 + 5 + 6, ok(session(new Side(dir.resolve("c1"), null), new Side(dir.resolve("e1"), null), 5, 6)));
    }

    /**
     * Issue 34, item 8: why a side cannot go ahead (a path, a wrong password, a file-system
     * error) stays on that side: the peer is told that it cannot, in the hello and in the save's
     * status, and this side's own error says why.
     */
    @Test
    void localDetailIsNotSentToThePeer(@TempDir Path dir) throws Exception {
        ok(chain(dir, 1, 10, 20, false));
        String why = assertThrows(SessionState.StateFileException.class,
                () -> SessionState.read(dir.resolve("c1"), "Tr0ub4dor&3".toCharArray())).getMessage();
        Throwable[] t = resumeBoth(SessionState.unusable(Party.CREATOR, why), load(dir.resolve("e1"), Party.EVALUATOR));
        assertTrue(t[0].getMessage().contains(dir + "/c1: wrong password"), t[0].getMessage());
        assertTrue(t[1].getMessage().contains("the peer cannot go ahead"), t[1].getMessage());
        assertFalse(t[1].getMessage().contains(dir.toString()) || t[1].getMessage().contains("password"),
                t[1].getMessage());

        Path nowhere = dir.resolve("no/such/dir/e9");
        End[] s = session(new Side(null, dir.resolve("c9")), new Side(null, nowhere), 1, 2);
        assertTrue(s[1].error().getMessage().contains(nowhere.getParent().toString()), s[1].error().getMessage());
        String peer = s[0].error().getMessage();
        assertTrue(peer.contains("the peer could not save its half"), peer);
        assertFalse(peer.contains(dir.toString()) || peer.contains("does not exist"), peer);
    }

    /** An IPv4 address of this machine that is not a loopback address, or null. */
    static java.net.InetAddress nonLoopbackAddress() throws IOException {
        for (java.net.NetworkInterface i : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            for (java.net.InetAddress a : java.util.Collections.list(i.getInetAddresses())) {
                if (i.isUp() && !a.isLoopbackAddress() && a instanceof java.net.Inet4Address) {
                    return a;
                }
            }
        }
        return null;
    }

    /** Plain TCP between two ends on {@code address}: [creator's end, evaluator's]. */
    private static io.gcstream.ot.channel.Channel[] plainTcp(java.net.InetAddress address) throws Exception {
        ChannelOptions o = ChannelOptions.builder().readTimeout(CounterSessions.O.timeout()).build();
        try (java.net.ServerSocket server = new java.net.ServerSocket(0, 1, address)) {
            java.util.concurrent.CompletableFuture<io.gcstream.ot.channel.TcpChannel> e = java.util.concurrent.CompletableFuture
                    .supplyAsync(() -> {
                        try {
                            return Transport.plain().connect(address.getHostAddress(), server.getLocalPort(), o);
                        } catch (IOException x) {
                            throw new java.io.UncheckedIOException(x);
                        }
                    });
            io.gcstream.ot.channel.TcpChannel c = Transport.plain().accept(server, o);
            return new io.gcstream.ot.channel.Channel[] {c, e.get(30, TimeUnit.SECONDS)};
        }
    }

    /**
     * Issue 34, item 6: a saved creator's Δ lives for the whole chain of sessions, and over plain
     * TCP a man in the middle learns one bit of it per run he makes fail. So saving or resuming a
     * state over plain TCP to a peer off this machine is refused on both sides, unless the
     * parties allow it explicitly (SessionOptions.stateOverPlainTcp); over loopback it is not.
     */
    @Test
    void savingOrResumingOverPlainTcpOffThisMachineNeedsTheExplicitOption(@TempDir Path dir) throws Exception {
        java.net.InetAddress other = nonLoopbackAddress();
        assumeTrue(other != null, "no non-loopback IPv4 address on this machine");
        SessionOptions allow = CounterSessions.O.toBuilder().stateOverPlainTcp(true).build();
        var ch = plainTcp(other);
        End[] save = CounterSessions.session(new Side(null, dir.resolve("c1")), ch[0], new Side(null, dir.resolve("e1")), ch[1],
                10, 20);
        for (End x : save) {
            assertInstanceOf(SessionException.class, x.error());
            assertTrue(x.error().getMessage().contains("plain TCP"), x.error().getMessage());
        }
        assertFalse(Files.exists(dir.resolve("c1")) || Files.exists(dir.resolve("e1")));
        ch = plainTcp(other);
        ok(CounterSessions.session(new Side(null, dir.resolve("c1"), allow, null), ch[0],
                new Side(null, dir.resolve("e1"), allow, null), ch[1], 10, 20));

        ch = plainTcp(other);
        End[] resume = CounterSessions.session(new Side(dir.resolve("c1"), null), ch[0], new Side(dir.resolve("e1"), null),
                ch[1], 1, 2);
        for (End x : resume) {
            assertInstanceOf(HandshakeMismatchException.class, x.error());
            assertTrue(x.error().getMessage().contains("plain TCP"), x.error().getMessage());
        }
        ch = plainTcp(other);
        End[] oneSide = CounterSessions.session(new Side(dir.resolve("c1"), null, allow, null), ch[0],
                new Side(dir.resolve("e1"), null), ch[1], 1, 2);
        assertFalse(oneSide[0].ok() || oneSide[1].ok(), "each party refuses for itself");
        ch = plainTcp(java.net.InetAddress.getLoopbackAddress());
        assertEquals(10 + 20 + 1 + 2, ok(CounterSessions.session(new Side(dir.resolve("c1"), null), ch[0],
                new Side(dir.resolve("e1"), null), ch[1], 1, 2)), "loopback stays on this machine");
    }

    /** A run that decodes nothing reveals nothing: it leaves the state resumable (so a failed save can fall back to it). */
    @Test
    void aSessionThatOnlyKeepsLeavesItsStateResumable(@TempDir Path dir) throws Exception {
        ok(chain(dir, 1, 10, 20, false));
        Side c = new Side(dir.resolve("c1"), null, CounterSessions.O, null);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(CounterSessions.O.timeout()).build());
        GcSession cs = CounterSessions.open(Party.CREATOR, c, ch[0]);
        GcSession es = CounterSessions.open(Party.EVALUATOR, new Side(dir.resolve("e1"), null), ch[1]);
        Pairs.Side<Object> keepOnly = s -> s.run(RunSpec.builder(counter()).input(Party.EVALUATOR, s.resumedValues().get(0))
                .keep(Party.EVALUATOR).build(), new boolean[8]);
        List<Pairs.Result<Object>> r = Pairs.both(cs, keepOnly, es, keepOnly);
        r.get(0).get();
        r.get(1).get();
        assertEquals(10 + 20 + 5 + 6, ok(session(new Side(dir.resolve("c1"), null), new Side(dir.resolve("e1"), null), 5, 6)));
    }

    /** Finding 2: a save refuses a target that is not a regular file, before the session's work (checkTarget) and in the save. */
    @Test
    void aSaveNeverReplacesALinkOrFifo(@TempDir Path dir) throws Exception {
        Path real = dir.resolve("real");
        Files.writeString(real, "mine");
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        Path fifo = dir.resolve("fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo failed");
        for (Path target : new Path[] {link, fifo, dir}) {
            assertThrows(SessionState.StateFileException.class, () -> SessionState.checkTarget(target));
            End[] s = session(new Side(null, target), new Side(null, dir.resolve("e-" + target.getFileName())), 1, 2);
            for (End x : s) {
                assertFalse(x.ok());
                assertTrue(x.error().getMessage().contains("saving the state"), x.error().getMessage());
            }
        }
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("mine", Files.readString(real));
        assertTrue(((Integer) Files.getAttribute(fifo, "unix:mode", java.nio.file.LinkOption.NOFOLLOW_LINKS)
                & 0170000) == 0010000, "still a FIFO");
    }
}
