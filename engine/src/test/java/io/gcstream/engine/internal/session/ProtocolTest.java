package io.gcstream.engine.internal.session;

import io.gcstream.ot.channel.ChannelOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionException;
import io.gcstream.engine.internal.session.Protocol.InputOt;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.internal.crypto.Prg;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProtocolTest {
    /** Which OT a run's evaluator inputs take: the rule both parties derive from the header. */
    @Test
    void inputOtModes() {
        // No fresh evaluator bits: no OT, whatever else.
        assertEquals(InputOt.NONE, InputOt.of(false, 0, 0));
        assertEquals(InputOt.NONE, InputOt.of(true, 5, 0));
        // The first run, up to 128 bits, without an extension: direct base OTs.
        assertEquals(InputOt.DIRECT, InputOt.of(false, 0, 1));
        assertEquals(InputOt.DIRECT, InputOt.of(false, 0, DirectCot.MAX_BITS));
        // More bits, or a later run: the extension, set up first if it is not yet.
        assertEquals(InputOt.SETUP_THEN_EXTENSION, InputOt.of(false, 0, DirectCot.MAX_BITS + 1));
        assertEquals(InputOt.SETUP_THEN_EXTENSION, InputOt.of(false, 1, 1));
        assertEquals(InputOt.EXTENSION, InputOt.of(true, 1, 1));
        assertEquals(InputOt.EXTENSION, InputOt.of(true, 0, 1_000_000));
    }

    /**
     * The error text a peer sends in its final status reaches this side's message with only
     * characters that show as themselves: no line breaks, line or paragraph separators,
     * bidirectional overrides or zero-width characters (issue 26, finding 8).
     */
    @Test
    void aPeersErrorTextKeepsOnlySafeCharacters() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        byte[] text = "bad\u202Etxt.exe\u2028gc: forged\u2029x\u200By\nz".getBytes(StandardCharsets.UTF_8);
        ch[1].writeInt(text.length);
        ch[1].write(text, 0, text.length);
        ch[1].flush();
        CreatorProtocol creator = new CreatorProtocol(ch[0], Prg.fromSecureRandom(), Scheme.HALF_GATES, 1);
        SessionException e = assertThrows(SessionException.class, () -> creator.readStatus("evaluator"));
        assertEquals("creator: the evaluator rejected the run: bad?txt.exe?gc: forged?x?y?z (peer memory:b,"
                + " session handshake)", e.getMessage());
    }
}
