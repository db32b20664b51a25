package io.gcstream.engine.internal.session;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;

/**
 * How the evaluator obtains its input labels: correlated OT whose correlation is the session's
 * garbling offset Δ. The creator (OT sender) gets random x_i, which become the 0-labels of the
 * evaluator's input wires; the evaluator (OT receiver) with choice bit c_i gets x_i ⊕ c_i·Δ,
 * its active label, and the creator learns nothing about c_i. Δ is fixed when the session is
 * set up, so an input bit costs one OT and nothing else.
 *
 * <p>The production implementation is {@link OtExtensionCot} (base OTs once per session, then
 * IKNP extension whose secret is Δ itself). {@link #setupSender}/{@link #setupReceiver} run
 * once per session; the returned objects serve every run of the session. Internal.
 */
public interface CorrelatedOt {
    /** The creator's side. */
    interface Sender {
        /** Writes the 0-labels x_i of {@code n} wires into blocks {@code off..off+n) of {@code out}. */
        void correlated(int n, long[] out, int off) throws IOException;

        /** Stops any worker threads (the session ends); later calls still work. */
        default void close() {
        }
    }

    /** The evaluator's side. */
    interface Receiver {
        /**
         * For choice bits {@code choices[cOff .. cOff+n)}, writes x_i ⊕ c_i·Δ into blocks
         * {@code off..off+n) of {@code out}. Sends its messages; receives nothing: an evaluator
         * running ahead calls it for the next run while the creator is busy with this one.
         */
        void correlated(boolean[] choices, int cOff, int n, long[] out, int off) throws IOException;

        /** Stops any worker threads (the session ends); later calls still work. */
        default void close() {
        }
    }

    /** Session setup of the creator with the session's Δ (lowest bit 1, secret). */
    Sender setupSender(Channel channel, Prg prg, long deltaLo, long deltaHi) throws IOException;

    /** Session setup of the evaluator. */
    Receiver setupReceiver(Channel channel, Prg prg) throws IOException;
}
