package io.gcstream.ot.internal.base;

import io.gcstream.ot.channel.Channel;
import java.io.IOException;

/**
 * n 1-out-of-2 <em>random</em> OTs of 128-bit strings, semi-honest, kappa = 128: the sender gets
 * two pseudorandom strings per OT, the receiver the one its choice bit selects and nothing about
 * the other. This is all IKNP needs from its base OTs (the seed pairs of the extension).
 *
 * <p>Both calls block on the channel and must run at the same time on the two ends with the
 * same n; a point or message from the peer that fails validation is an {@link IOException}
 * naming it. Instances are not thread-safe (they draw their secrets from one {@code Prg}).
 */
public interface BaseOt {
    /** Sender: out0 and out1 get n blocks each (block offsets 0..n-1). */
    void sendRandom(Channel ch, int n, long[] out0, long[] out1) throws IOException;

    /**
     * Receiver: choices are bit-packed (bit i = bit i % 64 of word i / 64); out gets the n
     * blocks out_i = (choice_i ? out1_i : out0_i) of the sender.
     */
    void receiveRandom(Channel ch, long[] choices, int n, long[] out) throws IOException;
}
