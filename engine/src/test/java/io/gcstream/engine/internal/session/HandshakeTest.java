package io.gcstream.engine.internal.session;

import io.gcstream.ot.channel.ChannelOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Party;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.Scheme;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.MemoryChannel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class HandshakeTest {
    /** Runs both hellos; returns {creator's result or exception, evaluator's}. */
    private static Object[] hello(StateCheck creator, StateCheck evaluator) throws Exception {
        return hello(creator, 0, evaluator, 0);
    }

    private static Object[] hello(StateCheck creator, int creatorRuns, StateCheck evaluator,
            int evaluatorRuns) throws Exception {
        return hello(creator, creatorRuns, AHEAD, evaluator, evaluatorRuns, AHEAD);
    }

    private static final int AHEAD = Protocol.DEFAULT_RUNS_AHEAD;

    private static Object[] hello(StateCheck creator, int creatorRuns, int creatorAhead, StateCheck evaluator,
            int evaluatorRuns, int evaluatorAhead) throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        CompletableFuture<Object> e = CompletableFuture.supplyAsync(() -> {
            try {
                return Handshake.hello(ch[1], Party.EVALUATOR, Scheme.GRR3, evaluatorRuns, evaluatorAhead, evaluator,
                        0, 0);
            } catch (Exception x) {
                return x;
            }
        });
        Object c;
        try {
            c = Handshake.hello(ch[0], Party.CREATOR, Scheme.GRR3, creatorRuns, creatorAhead, creator, 77, -78);
        } catch (Exception x) {
            c = x;
        }
        return new Object[] {c, e.get()};
    }

    @Test
    void matchingHellosPassAndBothUseTheCreatorsSalt() throws Exception {
        Object[] r = hello(StateCheck.none(), StateCheck.none());
        assertEquals(new Handshake.Agreed(77L, -78L, false, -1, false, AHEAD), r[0]);
        assertEquals(new Handshake.Agreed(77L, -78L, false, -1, false, AHEAD), r[1]);
    }

    /** A single run is planned only when both sides plan it; a side that does not say is no mismatch. */
    @Test
    void aSingleRunNeedsBothSides() throws Exception {
        for (int k = 0; k < 4; k++) {
            boolean c = (k & 1) != 0;
            boolean e = (k & 2) != 0;
            Object[] r = hello(StateCheck.none(), c ? 1 : 0, StateCheck.none(), e ? 1 : 0);
            assertEquals(new Handshake.Agreed(77L, -78L, c && e, -1, false, AHEAD), r[0], "creator " + c + ", evaluator " + e);
            assertEquals(new Handshake.Agreed(77L, -78L, c && e, -1, false, AHEAD), r[1], "creator " + c + ", evaluator " + e);
        }
    }

    /**
     * Issue 34, item 7: the numbers of runs the two sides plan are compared; different numbers
     * fail both sides, each naming both (gc run --repeat 1 against --repeat 2 lost the
     * evaluator's result while the creator exited 0).
     */
    @Test
    void differentPlannedRunsFailBothSidesNamingBoth() throws Exception {
        Object[] r = hello(StateCheck.none(), 1, StateCheck.none(), 2);
        assertMismatch(r[0], "peer plans 2 runs but this side 1 run");
        assertMismatch(r[1], "peer plans 1 run but this side 2 runs");
        r = hello(StateCheck.none(), 5, StateCheck.none(), 5);
        assertEquals(new Handshake.Agreed(77L, -78L, false, -1, false, AHEAD), r[0]);
        assertEquals(new Handshake.Agreed(77L, -78L, false, -1, false, AHEAD), r[1]);
        r = hello(StateCheck.none(), 0, StateCheck.none(), 7);
        assertEquals(new Handshake.Agreed(77L, -78L, false, -1, false, AHEAD), r[0], "a side that does not say agrees");
    }

    /** Each side states the runs it takes ahead; both use the smaller number, whichever side states it. */
    @Test
    void bothSidesUseTheSmallerNumberOfRunsAhead() throws Exception {
        int[][] cases = {{2, 2, 2}, {5, 0, 0}, {0, 5, 0}, {1, 63, 1}, {63, 7, 7}, {63, 63, 63}};
        for (int[] k : cases) {
            Object[] r = hello(StateCheck.none(), 0, k[0], StateCheck.none(), 0, k[1]);
            assertEquals(new Handshake.Agreed(77L, -78L, false, -1, false, k[2]), r[0], k[0] + " and " + k[1]);
            assertEquals(new Handshake.Agreed(77L, -78L, false, -1, false, k[2]), r[1], k[0] + " and " + k[1]);
        }
    }

    /** A number of runs ahead outside 0..63 from the peer is a mismatch that names it; from the caller, a bug. */
    @Test
    void runsAheadOutOfRangeAreRefused() throws Exception {
        for (int bad : new int[] {-1, Protocol.MAX_RUNS_AHEAD + 1, Integer.MAX_VALUE}) {
            Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
            ch[1].writeInt(Handshake.HELLO_MAGIC);
            ch[1].writeInt(Handshake.VERSION);
            ch[1].writeInt(Party.EVALUATOR.ordinal());
            ch[1].writeInt(io.gcstream.engine.internal.garble.GarblingScheme.code(Scheme.HALF_GATES));
            ch[1].writeInt(0);
            ch[1].writeInt(bad);
            StateCheck.none().write(ch[1]);
            ch[1].writeLong(0);
            ch[1].writeLong(0);
            ch[1].flush();
            HandshakeMismatchException e = assertThrows(HandshakeMismatchException.class,
                    () -> Handshake.hello(ch[0], Party.CREATOR, Scheme.HALF_GATES, 0, AHEAD, StateCheck.none(), 0, 0));
            assertTrue(e.getMessage().contains("peer announced an unknown number of runs ahead " + bad), e.getMessage());
            Channel[] ch2 = MemoryChannel.pair(ChannelOptions.defaults());
            assertThrows(IllegalArgumentException.class,
                    () -> Handshake.hello(ch2[0], Party.CREATOR, Scheme.HALF_GATES, 0, bad, StateCheck.none(), 0, 0));
        }
    }

    @Test
    void resumingOnOneSideOnlyFailsOnBoth() throws Exception {
        StateCheck s = resumed(new byte[16], 5, new byte[32], new byte[32]);
        Object[] r = hello(s, StateCheck.none());
        assertMismatch(r[0], "this side resumes a saved state but the peer starts afresh");
        assertMismatch(r[1], "the peer resumes a saved state but this side starts afresh");
    }

    @Test
    void statesThatDoNotBelongTogetherFailOnBothSides() throws Exception {
        byte[] a = new byte[32];
        byte[] b = new byte[32];
        b[0] = 1;
        // Each records the other's digest; the evaluator's half was altered (its digest differs).
        StateCheck creator = resumed(new byte[16], 9, a, a);
        StateCheck evaluator = resumed(new byte[16], 9, b, a);
        Object[] r = hello(creator, evaluator);
        assertMismatch(r[0], "the peer's state file is not the one saved with this side's");
        assertMismatch(r[1], "this side's state file is not the one the peer saved with");
        byte[] otherId = new byte[16];
        otherId[3] = 9;
        r = hello(resumed(otherId, 9, a, a), resumed(new byte[16], 9, a, a));
        assertMismatch(r[0], "not saved together");
        assertMismatch(r[1], "not saved together");
    }

    /**
     * Issue 34, item 8: an unusable state is reported to the peer without this side's detail (the
     * peer's text, whatever it is, is made printable on one line); this side says it in full.
     */
    @Test
    void anUnusableStateIsReportedToThePeer() throws Exception {
        Object[] r = hello(StateCheck.none(), StateCheck.unusable("/home/eve/x.state: wrong password for this state file",
                "its state file cannot be used\nforged line\u202Eexe.\u200B\u2029"));
        assertMismatch(r[0], "the peer cannot go ahead: its state file cannot be used?forged line?exe.??");
        assertFalse(((Exception) r[0]).getMessage().contains("x.state"), ((Exception) r[0]).getMessage());
        assertFalse(((Exception) r[0]).getMessage().contains("wrong password"), ((Exception) r[0]).getMessage());
        assertMismatch(r[1], "this side cannot go ahead: /home/eve/x.state: wrong password for this state file");
    }

    @Test
    void garbageInsteadOfHelloIsNamed() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        ch[1].writeInt(0x12345678);
        ch[1].writeLong(0);
        ch[1].writeInt(0);
        ch[1].flush();
        HandshakeMismatchException e = assertThrows(HandshakeMismatchException.class,
                () -> Handshake.hello(ch[0], Party.CREATOR, Scheme.HALF_GATES, 0, AHEAD, StateCheck.none(), 0, 0));
        assertTrue(e.getMessage().contains("is not a gcstream session"), e.getMessage());
    }

    /**
     * Version 4 changed the output checks and the first run's base OTs, version 5 the hello's
     * tweak salt and saved-state check and the end of a save, version 6 the run header (its
     * flags, by which an evaluator runs ahead), version 7 the hello's plan (runs planned, compared),
     * version 8 the salt of sessions under a given Δ and the check of several states resumed at once,
     * version 9 the order of the messages of runs ahead (two ahead), version 10 the hello's runs
     * ahead: a peer of an older version is refused by this side, and this side's hello says 10 where such
     * a peer looks for its own, so it refuses this side in turn (its check is the same).
     */
    @Test
    void aPeerOfAnOldVersionIsRefused() throws Exception {
        assertEquals(10, Handshake.VERSION);
        for (int old : new int[] {3, 4, 5, 6, 7, 8, 9}) {
            Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
            ch[1].writeInt(Handshake.HELLO_MAGIC);
            ch[1].writeInt(old);
            ch[1].writeInt(Party.EVALUATOR.ordinal());
            ch[1].flush();
            HandshakeMismatchException e = assertThrows(HandshakeMismatchException.class,
                    () -> Handshake.hello(ch[0], Party.CREATOR, Scheme.HALF_GATES, 0, AHEAD, StateCheck.none(), 0, 0));
            assertTrue(e.getMessage().contains("peer speaks protocol version " + old + " but this side speaks 10"),
                    e.getMessage());
            assertEquals(Handshake.HELLO_MAGIC, ch[1].readInt());
            assertEquals(10, ch[1].readInt());
        }
    }

    /** One committed candidate, not used, no reuse. */
    static StateCheck resumed(byte[] id, long counter, byte[] own, byte[] peer) {
        return StateCheck.resumed(List.of(new StateCheck.Candidate(id, counter, own, peer, false, false)), false);
    }

    private static StateCheck.Candidate candidate(int id, byte[] own, byte[] peer, boolean pending, boolean used) {
        byte[] i = new byte[16];
        i[0] = (byte) id;
        return new StateCheck.Candidate(i, 7, own, peer, pending, used);
    }

    /**
     * Issue 26, finding 3: after a save left unfinished, each side offers what it holds and both
     * pick the same state: the new one where both hold it (finished or not), else the previous.
     */
    @Test
    void bothSidesPickTheNewestStateThatBothHold() throws Exception {
        byte[] c1 = {1};
        byte[] e1 = {2};
        byte[] c2 = {3};
        byte[] e2 = {4};
        byte[][] d = {c1, e1, c2, e2};
        for (int i = 0; i < d.length; i++) {
            d[i] = java.util.Arrays.copyOf(d[i], 32);
        }
        StateCheck.Candidate oldC = candidate(1, d[0], d[1], false, false);
        StateCheck.Candidate oldE = candidate(1, d[1], d[0], false, false);
        StateCheck.Candidate newC = candidate(2, d[2], d[3], true, false);
        StateCheck.Candidate newE = candidate(2, d[3], d[2], true, false);
        StateCheck.Candidate newECommitted = candidate(2, d[3], d[2], false, false);
        // Both wrote the new half, neither committed: the new one.
        Object[] r = hello(StateCheck.resumed(List.of(newC, oldC), false), StateCheck.resumed(List.of(newE, oldE), false));
        assertEquals(0, ((Handshake.Agreed) r[0]).resumed());
        assertEquals(0, ((Handshake.Agreed) r[1]).resumed());
        // The evaluator committed (its file holds the new half only): the new one.
        r = hello(StateCheck.resumed(List.of(newC, oldC), false), StateCheck.resumed(List.of(newECommitted), false));
        assertEquals(0, ((Handshake.Agreed) r[0]).resumed());
        assertEquals(0, ((Handshake.Agreed) r[1]).resumed());
        // The evaluator never wrote its new half: the previous one, on both sides.
        r = hello(StateCheck.resumed(List.of(newC, oldC), false), StateCheck.resumed(List.of(oldE), false));
        assertEquals(1, ((Handshake.Agreed) r[0]).resumed());
        assertEquals(0, ((Handshake.Agreed) r[1]).resumed());
    }

    /** Issue 26, finding 5: a used state resumes again only when both sides allow it. */
    @Test
    void aUsedStateNeedsBothSidesToAllowIt() throws Exception {
        byte[] a = new byte[32];
        StateCheck.Candidate used = candidate(1, a, a, false, true);
        StateCheck.Candidate fresh = candidate(1, a, a, false, false);
        for (int k = 0; k < 4; k++) {
            boolean c = (k & 1) != 0;
            boolean e = (k & 2) != 0;
            Object[] r = hello(StateCheck.resumed(List.of(used), c), StateCheck.resumed(List.of(fresh), e));
            if (c && e) {
                assertEquals(0, ((Handshake.Agreed) r[0]).resumed());
            } else {
                assertMismatch(r[0], "this side's state file was already used by an earlier session");
                assertMismatch(r[1], "the peer's state file was already used by an earlier session");
            }
        }
    }

    private static void assertMismatch(Object r, String part) {
        assertTrue(r instanceof HandshakeMismatchException, String.valueOf(r));
        String m = ((Exception) r).getMessage();
        assertTrue(m.contains(part), m);
    }
}
