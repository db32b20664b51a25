package io.gcstream.engine.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Party;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.Scheme;
import io.gcstream.ot.channel.MemoryChannel;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class HandshakeTest {
    /** Runs both hellos; returns {creator's result or exception, evaluator's}. */
    private static Object[] hello(StateCheck creator, StateCheck evaluator) throws Exception {
        return hello(creator, false, evaluator, false);
    }

    private static Object[] hello(StateCheck creator, boolean creatorOnce, StateCheck evaluator,
            boolean evaluatorOnce) throws Exception {
        MemoryChannel[] ch = MemoryChannel.pair();
        CompletableFuture<Object> e = CompletableFuture.supplyAsync(() -> {
            try {
                return Handshake.hello(ch[1], Party.EVALUATOR, Scheme.GRR3, evaluatorOnce, evaluator, 0);
            } catch (Exception x) {
                return x;
            }
        });
        Object c;
        try {
            c = Handshake.hello(ch[0], Party.CREATOR, Scheme.GRR3, creatorOnce, creator, 77);
        } catch (Exception x) {
            c = x;
        }
        return new Object[] {c, e.get()};
    }

    @Test
    void matchingHellosPassAndBothUseTheCreatorsSalt() throws Exception {
        Object[] r = hello(StateCheck.none(), StateCheck.none());
        assertEquals(new Handshake.Agreed(77L, false), r[0]);
        assertEquals(new Handshake.Agreed(77L, false), r[1]);
    }

    /** A single run is planned only when both sides plan it; otherwise it is no mismatch. */
    @Test
    void aSingleRunNeedsBothSides() throws Exception {
        for (int k = 0; k < 4; k++) {
            boolean c = (k & 1) != 0;
            boolean e = (k & 2) != 0;
            Object[] r = hello(StateCheck.none(), c, StateCheck.none(), e);
            assertEquals(new Handshake.Agreed(77L, c && e), r[0], "creator " + c + ", evaluator " + e);
            assertEquals(new Handshake.Agreed(77L, c && e), r[1], "creator " + c + ", evaluator " + e);
        }
    }

    @Test
    void resumingOnOneSideOnlyFailsOnBoth() throws Exception {
        StateCheck s = StateCheck.resumed(new byte[16], 5, new byte[32], new byte[32]);
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
        StateCheck creator = StateCheck.resumed(new byte[16], 9, a, a);
        StateCheck evaluator = StateCheck.resumed(new byte[16], 9, b, a);
        Object[] r = hello(creator, evaluator);
        assertMismatch(r[0], "the peer's state file is not the one saved with this side's");
        assertMismatch(r[1], "this side's state file is not the one the peer saved with");
        byte[] otherId = new byte[16];
        otherId[3] = 9;
        r = hello(StateCheck.resumed(otherId, 9, a, a), StateCheck.resumed(new byte[16], 9, a, a));
        assertMismatch(r[0], "not saved together");
        assertMismatch(r[1], "not saved together");
    }

    @Test
    void anUnusableStateIsReportedToThePeer() throws Exception {
        Object[] r = hello(StateCheck.none(), StateCheck.unusable("x.state: not a gcstream state file\nforged line"
                + "\u202Eexe.\u200B\u2029"));
        assertMismatch(r[0], "the peer's saved state cannot be used: x.state: not a gcstream state file?forged line?exe.??");
        assertMismatch(r[1], "this side's saved state cannot be used: x.state");
    }

    @Test
    void garbageInsteadOfHelloIsNamed() throws Exception {
        MemoryChannel[] ch = MemoryChannel.pair();
        ch[1].writeInt(0x12345678);
        ch[1].writeLong(0);
        ch[1].writeInt(0);
        ch[1].flush();
        HandshakeMismatchException e = assertThrows(HandshakeMismatchException.class,
                () -> Handshake.hello(ch[0], Party.CREATOR, Scheme.HALF_GATES, false, StateCheck.none(), 0));
        assertTrue(e.getMessage().contains("is not a gcstream session"), e.getMessage());
    }

    /**
     * Version 4 changed the output checks and the first run's base OTs: a peer of version 3 is
     * refused by this side, and this side's hello says 4 where a version-3 peer looks for 3, so
     * it refuses this side in turn (its check is the same).
     */
    @Test
    void aPeerOfTheOldVersionIsRefused() throws Exception {
        assertEquals(4, Handshake.VERSION);
        MemoryChannel[] ch = MemoryChannel.pair();
        ch[1].writeInt(Handshake.HELLO_MAGIC);
        ch[1].writeInt(3);
        ch[1].writeInt(Party.EVALUATOR.ordinal());
        ch[1].flush();
        HandshakeMismatchException e = assertThrows(HandshakeMismatchException.class,
                () -> Handshake.hello(ch[0], Party.CREATOR, Scheme.HALF_GATES, false, StateCheck.none(), 0));
        assertTrue(e.getMessage().contains("peer speaks protocol version 3 but this side speaks 4"), e.getMessage());
        assertEquals(Handshake.HELLO_MAGIC, ch[1].readInt());
        assertEquals(4, ch[1].readInt());
    }

    private static void assertMismatch(Object r, String part) {
        assertTrue(r instanceof HandshakeMismatchException, String.valueOf(r));
        String m = ((Exception) r).getMessage();
        assertTrue(m.contains(part), m);
    }
}
