package io.gcstream.engine.testutil;

import io.gcstream.engine.internal.session.CorrelatedOt;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.crypto.Prg;

/**
 * TESTS ONLY, INSECURE: a "correlated OT" in which the sender simply sends both labels. It has
 * the right input/output behaviour, so the session protocol can be tested without OT extension.
 */
public final class InsecureTestCot implements CorrelatedOt {
    @Override
    public Sender setupSender(Channel ch, Prg prg, long dLo, long dHi) {
        return (n, out, off) -> {
            long[] both = new long[4 * n];
            prg.nextBlocks(out, off, n);
            for (int i = 0; i < n; i++) {
                both[4 * i] = out[2 * (off + i)];
                both[4 * i + 1] = out[2 * (off + i) + 1];
                both[4 * i + 2] = both[4 * i] ^ dLo;
                both[4 * i + 3] = both[4 * i + 1] ^ dHi;
            }
            ch.writeLongs(both, 0, both.length);
            ch.flush();
        };
    }

    @Override
    public Receiver setupReceiver(Channel ch, Prg prg) {
        return (choices, cOff, n, out, off) -> {
            long[] both = new long[4 * n];
            // The evaluator's run header waits in its buffer; the creator answers only after it.
            ch.flush();
            ch.readLongs(both, 0, both.length);
            for (int i = 0; i < n; i++) {
                int c = choices[cOff + i] ? 2 : 0;
                out[2 * (off + i)] = both[4 * i + c];
                out[2 * (off + i) + 1] = both[4 * i + c + 1];
            }
        };
    }
}
