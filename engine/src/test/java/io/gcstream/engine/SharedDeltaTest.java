package io.gcstream.engine;

import static io.gcstream.engine.CounterSessions.O;
import static io.gcstream.engine.CounterSessions.PASSWORD;
import static io.gcstream.engine.CounterSessions.bits;
import static io.gcstream.engine.CounterSessions.concat;
import static io.gcstream.engine.CounterSessions.counter;
import static io.gcstream.engine.CounterSessions.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.internal.channel.ForwardingChannel;
import io.gcstream.ot.channel.MemoryChannel;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sessions under one {@link SharedDelta}, each under its own salt, whose kept values are carried
 * as bytes and combined in one session that resumes all their states at once.
 */
class SharedDeltaTest {
    private static final int W = CounterSessions.W;

    /** The two halves of one slice's kept total, and the creator's hello salt of its session. */
    private record Slice(SessionState creator, SessionState evaluator, long saltLo, long saltHi) {
    }

    /** Records the first two longs written: the salt of the hello (docs/protocol.md, message 1). */
    private static final class SaltTap extends ForwardingChannel {
        final List<Long> longs = new ArrayList<>();

        SaltTap(Channel c) {
            super(c);
        }

        @Override
        public void writeLong(long v) throws IOException {
            if (longs.size() < 2) {
                longs.add(v);
            }
            super.writeLong(v);
        }
    }

    private static Channel[] pair() {
        return MemoryChannel.pair(ChannelOptions.builder().readTimeout(O.timeout()).build());
    }

    /** One slice: total = a + b, kept garbled, exported by both as in-memory states. */
    private static Slice slice(SharedDelta delta, long a, long b) throws Exception {
        Channel[] ch = pair();
        SaltTap tap = new SaltTap(ch[0]);
        GcSession c = GcSession.creator(tap, O, delta);
        GcSession e = GcSession.evaluator(ch[1], O);
        RunSpec spec = RunSpec.builder(counter()).keep(Party.EVALUATOR).build();
        List<Pairs.Result<SessionState>> r = Pairs.both(
                c, s -> s.exportState(s.run(spec, bits(a, 8)).kept()),
                e, s -> s.exportState(s.run(spec, concat(bits(0, W), bits(b, 8))).kept()));
        c.close();
        e.close();
        return new Slice(r.get(0).get(), r.get(1).get(), tap.longs.get(0), tap.longs.get(1));
    }

    /** x + y of two 16-bit evaluator inputs, to the evaluator. */
    private static Circuit add() {
        Body.Builder b = new Body.Builder();
        int[] x = CounterSessions.range(0, W);
        int[] y = CounterSessions.range(W, W);
        int[] sum = new int[W];
        int next = CounterSessions.add(b, x, y, sum, 2 * W);
        int[] both = new int[2 * W];
        System.arraycopy(x, 0, both, 0, W);
        System.arraycopy(y, 0, both, W, W);
        return Circuits.builder().creatorInputs(new int[0]).evaluatorInputs(both).evaluatorOutputs(sum).numSlots(next)
                .body(b.build()).build();
    }

    /** Sums the resumed totals in a chain of runs, keeping the running sum garbled; the evaluator gets it. */
    private static long sumOf(GcSession s) {
        List<GarbledValue> v = s.resumedValues();
        Circuit add = add();
        GarbledValue acc = v.get(0);
        for (int i = 1; i < v.size(); i++) {
            boolean last = i == v.size() - 1;
            RunSpec.Builder spec = RunSpec.builder(add).input(Party.EVALUATOR, acc).input(Party.EVALUATOR, v.get(i));
            if (!last) {
                spec.keep(Party.EVALUATOR);
            }
            RunResult r = s.run(spec.build(), new boolean[0]);
            if (last) {
                return s.role() == Party.EVALUATOR ? value(r.outputs()) : -1;
            }
            acc = r.kept().get(0);
        }
        throw new AssertionError("fewer than two values");
    }

    private static List<Pairs.Result<Long>> combine(List<SessionState> creator, List<SessionState> evaluator)
            throws Exception {
        Channel[] ch = pair();
        GcSession c = GcSession.resume(ch[0], O, creator);
        GcSession e = GcSession.resume(ch[1], O, evaluator);
        try {
            return Pairs.both(c, SharedDeltaTest::sumOf, e, SharedDeltaTest::sumOf);
        } finally {
            c.close();
            e.close();
        }
    }

    @Test
    void keptValuesOfSessionsUnderOneDeltaCombineInOneSession() throws Exception {
        SharedDelta delta = SharedDelta.random();
        long[][] ab = {{3, 200}, {250, 17}, {99, 1}};
        List<SessionState> cs = new ArrayList<>();
        List<SessionState> es = new ArrayList<>();
        long want = 0;
        for (long[] x : ab) {
            Slice s = slice(delta, x[0], x[1]);
            // As the halves travel between processes: the creator's encrypted, the evaluator's in the clear.
            assertEquals(32, s.creator().id().length());
            assertEquals(s.creator().id(), s.evaluator().id(), "the two halves of one state share its id");
            if (cs.size() == 0) {
                cs.add(SessionState.fromBytes(s.creator().toBytes(PASSWORD), PASSWORD));
                es.add(SessionState.fromBytes(s.evaluator().toBytes((char[]) null), (char[]) null));
            } else { // under a random key instead of a password
                byte[] key = new byte[32];
                new java.security.SecureRandom().nextBytes(key);
                cs.add(SessionState.fromBytes(s.creator().toBytes(key), key));
                es.add(SessionState.fromBytes(s.evaluator().toBytes(key), key));
            }
            want += x[0] + x[1];
        }
        delta.destroy();
        List<Pairs.Result<Long>> r = combine(cs, es);
        assertNull(r.get(0).error());
        assertEquals(want, r.get(1).get());
    }

    @Test
    void eachSessionUnderASharedDeltaHashesUnderASaltOfItsOwn() throws Exception {
        SharedDelta delta = SharedDelta.random();
        Slice a = slice(delta, 1, 2);
        Slice b = slice(delta, 1, 2);
        assertTrue(a.saltLo() != 0 || a.saltHi() != 0, "a session under a shared Δ sends a salt");
        assertTrue(a.saltLo() != b.saltLo() || a.saltHi() != b.saltHi(), "two sessions under one Δ, two salts");
        // A fresh session of its own Δ still sends salt 0 (its transcript is pinned by TranscriptTest).
        Channel[] ch = pair();
        SaltTap tap = new SaltTap(ch[0]);
        List<Pairs.Result<boolean[]>> r = Pairs.both(GcSession.creator(tap, O), s -> s.run(counter(), bits(1, 8)),
                GcSession.evaluator(ch[1], O), s -> s.run(counter(), concat(bits(0, W), bits(2, 8))));
        assertEquals(3, value(r.get(1).get()));
        assertEquals(List.of(0L, 0L), tap.longs);
    }

    /** A channel that says it is plain TCP to a peer off this machine. */
    private static final class OffLoopback extends ForwardingChannel {
        OffLoopback(Channel c) {
            super(c);
        }

        @Override
        public boolean plainOffLoopback() {
            return true;
        }
    }

    /**
     * Sessions under one Δ give a man in the middle of plain TCP a bit of it per run he makes
     * fail, each: a creator under a shared Δ refuses plain TCP off the machine, as saved state
     * does, and both parties fail in the hello, unless the creator allows it explicitly.
     */
    @Test
    void aSharedDeltaIsRefusedOverPlainTcpOffThisMachine() throws Exception {
        SharedDelta delta = SharedDelta.random();
        Channel[] ch = pair();
        List<Pairs.Result<boolean[]>> r = Pairs.both(GcSession.creator(new OffLoopback(ch[0]), O, delta),
                s -> s.run(counter(), bits(1, 8)), GcSession.evaluator(ch[1], O),
                s -> s.run(counter(), concat(bits(0, W), bits(2, 8))));
        for (Pairs.Result<boolean[]> x : r) {
            assertInstanceOf(HandshakeMismatchException.class, x.error());
            assertTrue(x.error().getMessage().contains("shared Δ over plain TCP"), x.error().getMessage());
        }
        ch = pair();
        SessionOptions allow = O.toBuilder().stateOverPlainTcp(true).build();
        r = Pairs.both(GcSession.creator(new OffLoopback(ch[0]), allow, delta), s -> s.run(counter(), bits(1, 8)),
                GcSession.evaluator(ch[1], O), s -> s.run(counter(), concat(bits(0, W), bits(2, 8))));
        assertEquals(3, value(r.get(1).get()));
    }

    @Test
    void aMergeChecksEachStateWithThePeerOnBothSides() throws Exception {
        SharedDelta delta = SharedDelta.random();
        Slice s0 = slice(delta, 1, 1);
        Slice s1 = slice(delta, 2, 2);
        // The peer's halves in another order: not saved together, refused on both sides.
        List<Pairs.Result<Long>> swapped = combine(List.of(s0.creator(), s1.creator()),
                List.of(s1.evaluator(), s0.evaluator()));
        for (Pairs.Result<Long> r : swapped) {
            assertInstanceOf(HandshakeMismatchException.class, r.error());
            assertTrue(r.error().getMessage().contains("state 0 was not saved together"), r.error().getMessage());
        }
        // A different number of states.
        for (Pairs.Result<Long> r : combine(List.of(s0.creator(), s1.creator()), List.of(s0.evaluator()))) {
            assertTrue(r.error().getMessage().contains("states at once"), r.error().getMessage());
        }
        // Once: these in-memory states resume once.
        List<Pairs.Result<Long>> ok = combine(List.of(s0.creator(), s1.creator()),
                List.of(s0.evaluator(), s1.evaluator()));
        assertEquals(6, ok.get(1).get());
        for (Pairs.Result<Long> r : combine(List.of(s0.creator(), s1.creator()),
                List.of(s0.evaluator(), s1.evaluator()))) {
            assertInstanceOf(HandshakeMismatchException.class, r.error());
            assertTrue(r.error().getMessage().contains("state 0 was already used"), r.error().getMessage());
        }
    }

    @Test
    void statesUnderDifferentDeltasOrPartiesDoNotMerge() throws Exception {
        Slice a = slice(SharedDelta.random(), 1, 1);
        Slice b = slice(SharedDelta.random(), 1, 1);
        Channel ch = pair()[0];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GcSession.resume(ch, O, List.of(a.creator(), b.creator())));
        assertTrue(e.getMessage().contains("another Δ"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GcSession.resume(ch, O, List.of(a.creator(), a.evaluator())));
        assertThrows(IllegalArgumentException.class, () -> GcSession.resume(ch, O, List.of()));
        // The evaluator's halves carry no Δ: they merge whatever the creator's did.
        GcSession.resume(ch, O, List.of(a.evaluator(), b.evaluator())).close();
    }

    @Test
    void alteredStateBytesAreRefusedInOneLine() throws Exception {
        Slice s = slice(SharedDelta.random(), 1, 1);
        byte[] c = s.creator().toBytes(PASSWORD);
        c[c.length - 3] ^= 1;
        SessionState.StateFileException e = assertThrows(SessionState.StateFileException.class,
                () -> SessionState.fromBytes(c, PASSWORD));
        assertTrue(e.getMessage().contains("altered"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> s.creator().toBytes((char[]) null));
        byte[] key = new byte[32];
        byte[] k = s.creator().toBytes(key);
        key[0] = 1;
        SessionState.StateFileException wrong = assertThrows(SessionState.StateFileException.class,
                () -> SessionState.fromBytes(k, key));
        assertTrue(wrong.getMessage().contains("wrong password"), wrong.getMessage());
        assertThrows(IllegalArgumentException.class, () -> s.creator().toBytes(new byte[8]));
    }

    @Test
    void aSharedDeltaIsASecretThatNeverShowsItsValue() {
        SharedDelta d = SharedDelta.random();
        byte[] b = d.toBytes();
        assertEquals(1, b[0] & 1);
        String hex = HexFormat.of().formatHex(b);
        assertFalse(d.toString().contains(hex.substring(0, 8)), d.toString());
        assertFalse(Serializable.class.isAssignableFrom(SharedDelta.class), "it must not travel in a closure");
        SharedDelta copy = SharedDelta.of(b);
        assertEquals(hex, HexFormat.of().formatHex(copy.toBytes()));
        copy.destroy();
        assertTrue(copy.isDestroyed());
        assertThrows(IllegalStateException.class, copy::toBytes);
        assertThrows(IllegalStateException.class, () -> GcSession.creator(pair()[0], O, copy));
        b[0] &= ~1;
        assertThrows(IllegalArgumentException.class, () -> SharedDelta.of(b));
        assertThrows(IllegalArgumentException.class, () -> SharedDelta.of(new byte[15]));
        assertNotEquals(hex, HexFormat.of().formatHex(SharedDelta.random().toBytes()));
    }
}
