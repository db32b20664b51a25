package io.gcstream.engine.internal.session;

import io.gcstream.ot.channel.ChannelOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.internal.base.ChouOrlandi;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DirectCotTest {
    /**
     * The evaluator's label of bit i is the creator's 0-label XOR c_i·Δ, for every count up to
     * {@link DirectCot#MAX_BITS}, with the labels written at an offset; and the evaluator sends
     * exactly {@link DirectCot#choiceBytes} after the creator's 64-byte key.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4, 7, 64, DirectCot.MAX_BITS})
    void evaluatorLabelsAreTheCreatorsZeroLabelsXorTheChoiceTimesDelta(int n) throws Exception {
        Random r = new Random(n);
        long dLo = r.nextLong() | 1;
        long dHi = r.nextLong();
        boolean[] choices = new boolean[n + 3];
        for (int i = 0; i < choices.length; i++) {
            choices[i] = r.nextBoolean();
        }
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        DirectCot.Sender s = new DirectCot.Sender(Prg.fromSecureRandom(), 2);
        DirectCot.Receiver e = new DirectCot.Receiver(Prg.fromSecureRandom(), 2);
        s.writeKey(ch[0]);
        ch[0].flush();
        e.prepare();
        e.readKey(ch[1]);
        assertEquals(64, ch[0].bytesSent());
        e.writeChoices(ch[1], choices, 3, n);
        ch[1].flush();
        assertEquals(DirectCot.choiceBytes(n), ch[1].bytesSent());
        long[] zero = new long[2 * (n + 1)];
        long[] active = new long[2 * (n + 2)];
        CompletableFuture<Void> creator = CompletableFuture.runAsync(() -> {
            try {
                s.precompute();
                s.correlated(ch[0], n, dLo, dHi, zero, 1);
                ch[0].flush();
            } catch (IOException x) {
                throw new RuntimeException(x);
            }
        });
        e.derivePads();
        e.correlated(ch[1], active, 2);
        creator.get(60, TimeUnit.SECONDS);
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < n; i++) {
            long want = choices[3 + i] ? dLo : 0;
            long wantHi = choices[3 + i] ? dHi : 0;
            assertEquals(zero[2 * (1 + i)] ^ want, active[2 * (2 + i)], "bit " + i + " low half");
            assertEquals(zero[2 * (1 + i) + 1] ^ wantHi, active[2 * (2 + i) + 1], "bit " + i + " high half");
            assertEquals(true, seen.add(zero[2 * (1 + i)]), "0-labels are fresh");
        }
        assertEquals(0, zero[0] | zero[1], "nothing written before the offset");
        assertNotEquals(0, zero[2] | zero[3]);
    }

    /**
     * The first run's base OTs hash under a domain of their own ({@link DirectCot#DOMAIN}): a
     * receiver of the OT extension's base OTs (the default domain), choosing all zeros against
     * a direct sender, decrypts none of the creator's 0-labels. Under one domain it would
     * decrypt them all.
     */
    @Test
    void itsBaseOtsHashUnderADomainOfTheirOwn() throws Exception {
        int n = 8;
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        DirectCot.Sender s = new DirectCot.Sender(Prg.fromSecureRandom(), 1);
        ChouOrlandi.Receiver other = new ChouOrlandi(1, Prg.fromSecureRandom()).receiver();
        s.writeKey(ch[0]);
        ch[0].flush();
        other.choose(new long[1], n);
        other.readKey(ch[1]);
        other.writeChoices(ch[1]);
        ch[1].flush();
        long[] zero = new long[2 * n];
        s.precompute();
        s.correlated(ch[0], n, 1, 0, zero, 0);
        ch[0].flush();
        other.derivePads();
        long[] got = new long[2 * n];
        other.readOutputs(ch[1], got);
        for (int i = 0; i < n; i++) {
            assertNotEquals(zero[2 * i] + ":" + zero[2 * i + 1], got[2 * i] + ":" + got[2 * i + 1], "OT " + i);
        }
        assertNotEquals(ChouOrlandi.EXTENSION_DOMAIN, DirectCot.DOMAIN);
    }
}
