package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Garbled values saved in one session and resumed in another (PartialGC-style), and their files. */
class SessionStateTest {
    private static final int W = 16;
    private static final SessionOptions O = SessionOptions.defaults();

    /**
     * total' = total + a + b: the evaluator gives the 16-bit total then its 8-bit b, the creator
     * its 8-bit a; the new total goes to the evaluator. Two ripple-carry adders.
     */
    static Circuit counter() {
        Body.Builder b = new Body.Builder();
        int[] total = range(0, W);
        int[] bIn = range(W, 8);
        int[] aIn = range(W + 8, 8);
        int next = W + 16;
        int[] sum1 = new int[W];
        next = add(b, total, aIn, sum1, next);
        int[] sum2 = new int[W];
        next = add(b, sum1, bIn, sum2, next);
        return Circuit.builder().creatorInputs(aIn).evaluatorInputs(concat(total, bIn)).evaluatorOutputs(sum2)
                .numSlots(next).body(b.build()).build();
    }

    /** Ripple-carry x + y (y zero-extended) into {@code out}; fresh slots from {@code next}. */
    private static int add(Body.Builder b, int[] x, int[] y, int[] out, int next) {
        int carry = -1;
        for (int i = 0; i < x.length; i++) {
            int yi = i < y.length ? y[i] : -1;
            int s = next++;
            if (yi < 0 && carry < 0) {
                b.gate(s, x[i], x[i], TruthTable.COPY);
            } else if (carry < 0) {
                b.gate(s, x[i], yi, TruthTable.XOR);
                carry = next++;
                b.gate(carry, x[i], yi, TruthTable.AND);
            } else if (yi < 0) {
                b.gate(s, x[i], carry, TruthTable.XOR);
                int c = next++;
                b.gate(c, x[i], carry, TruthTable.AND);
                carry = c;
            } else {
                int xc = next++;
                int yc = next++;
                b.gate(xc, x[i], carry, TruthTable.XOR).gate(yc, yi, carry, TruthTable.XOR)
                        .gate(s, xc, yi, TruthTable.XOR);
                int m = next++;
                b.gate(m, xc, yc, TruthTable.AND);
                int c = next++;
                b.gate(c, m, carry, TruthTable.XOR);
                carry = c;
            }
            out[i] = s;
        }
        return next;
    }

    private static int[] range(int from, int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = from + i;
        }
        return r;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    static boolean[] bits(long v, int n) {
        boolean[] r = new boolean[n];
        for (int i = 0; i < n; i++) {
            r[i] = ((v >>> i) & 1) == 1;
        }
        return r;
    }

    static long value(boolean[] bits) {
        long v = 0;
        for (int i = 0; i < bits.length; i++) {
            v |= (bits[i] ? 1L : 0) << i;
        }
        return v;
    }

    /**
     * One session adding a and b to the total: the first takes the total fresh (0), later ones
     * resume it from the state files; all but the last keep it and save it.
     */
    private static long session(Path dir, int k, long a, long b, boolean resume, boolean save) throws Exception {
        Circuit c = counter();
        MemoryChannel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(O.timeout()).build());
        GcSession cs = resume ? GcSession.resume(ch[0], O, SessionState.read(dir.resolve("c" + (k - 1))))
                : GcSession.creator(ch[0], O);
        GcSession es = resume ? GcSession.resume(ch[1], O, SessionState.read(dir.resolve("e" + (k - 1))))
                : GcSession.evaluator(ch[1], O);
        Pairs.Side<Long> side = s -> {
            boolean creator = s.role() == Party.CREATOR;
            RunSpec.Builder spec = RunSpec.builder(c);
            if (resume) {
                spec.input(Party.EVALUATOR, s.resumedValues().get(0));
            }
            if (save) {
                spec.keep(Party.EVALUATOR);
            }
            boolean[] fresh = creator ? bits(a, 8)
                    : resume ? bits(b, 8) : concat(bits(0, W), bits(b, 8));
            RunResult r = s.run(spec.build(), fresh);
            if (save) {
                s.exportState(r.kept()).write(dir.resolve((creator ? "c" : "e") + k));
                return -1L;
            }
            return creator ? -1L : value(r.outputs());
        };
        List<Pairs.Result<Long>> r = Pairs.both(cs, side, es, side);
        r.get(0).get();
        return r.get(1).get();
    }

    private static boolean[] concat(boolean[] a, boolean[] b) {
        boolean[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
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
        session(dir, 1, 100, 23, false, true);
        session(dir, 2, 200, 7, true, true);
        assertEquals(100 + 23 + 200 + 7 + 5 + 6, session(dir, 3, 5, 6, true, false));
        if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("c1"))));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("e2"))));
        }
        SessionState s = SessionState.read(dir.resolve("e2"));
        assertEquals(Party.EVALUATOR, s.role());
        assertEquals(W, s.totalWidth());
        assertTrue(s.origins().get(0).toString().startsWith("evaluator outputs [0, 16) of circuit "), s.toString());
    }

    /** Both sides of a session resuming {@code c} and {@code e}; returns both errors. */
    private static Throwable[] resumeBoth(SessionState c, SessionState e) throws Exception {
        Circuit circuit = counter();
        MemoryChannel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(O.timeout()).build());
        Pairs.Side<Object> side = s -> s.run(RunSpec.builder(circuit).input(Party.EVALUATOR, s.resumedValues().isEmpty()
                ? null : s.resumedValues().get(0)).build(), new boolean[8]);
        List<Pairs.Result<Object>> r = Pairs.both(GcSession.resume(ch[0], O, c), side, GcSession.resume(ch[1], O, e), side);
        return new Throwable[] {r.get(0).error(), r.get(1).error()};
    }

    /** The state as read, or an unusable stand-in naming why it cannot be read (as the CLI does). */
    private static SessionState load(Path p, Party role) {
        try {
            return SessionState.read(p);
        } catch (IOException e) {
            return SessionState.unusable(role, e.getMessage());
        }
    }

    @Test
    void anAlteredByteOrAnotherPeersStateIsRefusedOnBothSides(@TempDir Path dir) throws Exception {
        session(dir, 1, 1, 2, false, true);
        Path other = Files.createDirectory(dir.resolve("other"));
        session(other, 1, 1, 2, false, true);
        // Another peer: this creator's half with the other pair's evaluator half.
        Throwable[] t = resumeBoth(SessionState.read(dir.resolve("c1")), SessionState.read(other.resolve("e1")));
        assertRefused(t, "not saved together");

        Random r = new Random(4);
        for (String name : new String[] {"c1", "e1"}) {
            byte[] good = Files.readAllBytes(dir.resolve(name));
            for (int trial = 0; trial < 12; trial++) {
                byte[] bad = good.clone();
                int pos = trial == 0 ? good.length - 1 : r.nextInt(good.length);
                bad[pos] ^= (byte) (1 << r.nextInt(8));
                Path p = dir.resolve("bad-" + name);
                Files.write(p, bad);
                SessionState altered = load(p, name.startsWith("c") ? Party.CREATOR : Party.EVALUATOR);
                SessionState c = name.startsWith("c") ? altered : SessionState.read(dir.resolve("c1"));
                SessionState e = name.startsWith("e") ? altered : SessionState.read(dir.resolve("e1"));
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
        assertTrue(assertThrows(SessionState.StateFileException.class, () -> SessionState.read(p))
                .getMessage().startsWith(p + ": not a gcstream state file"));
        session(dir, 1, 1, 2, false, true);
        byte[] good = Files.readAllBytes(dir.resolve("e1"));
        byte[] huge = good.clone();
        // The value count lies after magic, version, role, id, counter and Δ.
        int at = 8 + 4 + 4 + 16 + 8 + 16;
        huge[at] = 0x7f;
        Files.write(p, huge);
        String m = assertThrows(SessionState.StateFileException.class, () -> SessionState.read(p)).getMessage();
        assertTrue(m.contains("bad number of values"), m);
        Files.write(p, java.util.Arrays.copyOf(good, good.length - 1));
        m = assertThrows(SessionState.StateFileException.class, () -> SessionState.read(p)).getMessage();
        assertTrue(m.contains("bytes but its header describes"), m);
    }

    @Test
    void exportedValuesStayUsableAndTheirLabelsArePreserved(@TempDir Path dir) throws Exception {
        session(dir, 1, 40, 2, false, true);
        SessionState a = SessionState.read(dir.resolve("c1"));
        a.write(dir.resolve("copy"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("c1")), Files.readAllBytes(dir.resolve("copy")));
    }
}
