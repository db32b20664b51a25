package io.gcstream.engine.session;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.testutil.RandomCircuits;
import io.gcstream.ot.channel.MemoryChannel;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class HandshakeTest {
    @Test
    void matchingViewsPass() throws Exception {
        MemoryChannel[] ch = MemoryChannel.pair();
        Circuit c = RandomCircuits.generate(new Random(1), 2, 3, 1, 1, 20);
        byte[] f = c.hash();
        CompletableFuture<Throwable> e = CompletableFuture.supplyAsync(() -> {
            try {
                Handshake.hello(ch[1], Party.EVALUATOR, Scheme.GRR3);
                Handshake.run(ch[1], Party.EVALUATOR, 0, c, f);
                return null;
            } catch (Exception x) {
                return x;
            }
        });
        Handshake.hello(ch[0], Party.CREATOR, Scheme.GRR3);
        Handshake.run(ch[0], Party.CREATOR, 0, c, f);
        assertNull(e.get());
    }

    @Test
    void garbageInsteadOfHelloIsNamed() throws Exception {
        MemoryChannel[] ch = MemoryChannel.pair();
        ch[1].writeInt(0x12345678);
        ch[1].writeLong(0);
        ch[1].writeInt(0);
        ch[1].flush();
        HandshakeMismatchException e = assertThrows(HandshakeMismatchException.class,
                () -> Handshake.hello(ch[0], Party.CREATOR, Scheme.HALF_GATES));
        assertTrue(e.getMessage().contains("is not a gcstream session"), e.getMessage());
    }
}
