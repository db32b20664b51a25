package io.gcstream.engine.internal.session;

import io.gcstream.ot.internal.base.ChouOrlandi;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;

/**
 * Correlated OTs with the session's Δ for the first run of a session both parties plan as a
 * single run, made straight from base OTs (Chou–Orlandi, {@link ChouOrlandi}, hashing under a
 * domain of their own, {@link #DOMAIN}) instead of by OT extension, for at most
 * {@link #MAX_BITS} evaluator input bits. Up to that many, the base OTs cost no more public-key
 * work than the extension's own 128, and the run is spared everything
 * else the extension needs before its first OT: its header round trip, 128 + 256 keyed
 * generators, the matrix and its transpose. A single run of a circuit such as AES-128 never
 * sets the extension up at all; if the session runs again after all, it sets it up in its next
 * run that has fresh evaluator inputs.
 *
 * <p>From random OTs (out0_i, out1_i; the evaluator holds out_{c_i}) to correlated ones: the
 * creator takes W0_i = out0_i as the 0-label and sends y_i = out0_i ⊕ out1_i ⊕ Δ; the
 * evaluator's label is out_{c_i} ⊕ c_i·y_i, which is W0_i ⊕ c_i·Δ. y_i reveals nothing: to the
 * evaluator, out_{1-c_i} is uniform and independent of everything else it sees, so y_i is a
 * one-time pad on Δ. The creator learns nothing of c_i (the base OT's receiver privacy).
 *
 * <p>Messages: the creator's key A (64 bytes) right after the session hello; in the first run,
 * the evaluator's points after its run header ({@link #choiceBytes}), and the creator's
 * ciphertexts and corrections after its run header. Internal.
 */
final class DirectCot {
    /** The most fresh evaluator input bits of a first run carried by direct base OTs. */
    static final int MAX_BITS = 128;
    /**
     * The hash domain of these base OTs ({@link ChouOrlandi}'s pads): their own, so that their
     * pads can never equal those of the OT extension's base OTs ({@link ChouOrlandi#EXTENSION_DOMAIN})
     * or of any other use.
     */
    static final String DOMAIN = "gcstream/direct-cot/co-1of16/ed25519/v1";

    private DirectCot() {
    }

    /** Bytes the evaluator sends for n direct OTs: what the creator skips on a header mismatch. */
    static int choiceBytes(long n) {
        return ChouOrlandi.choiceBytes((int) n);
    }

    /** The creator's side: the base-OT sender. */
    static final class Sender {
        private final ChouOrlandi.Sender co;

        /** Draws the base OT's secret from {@code prg}. */
        Sender(Prg prg, int threads) {
            co = new ChouOrlandi(threads, prg, DOMAIN).sender();
        }

        /** Writes the key A (64 bytes; does not flush). */
        void writeKey(Channel ch) throws IOException {
            co.writeKey(ch);
        }

        /** The sender's work that needs no message: best done while the evaluator chooses. */
        void precompute() {
            co.precompute();
        }

        /**
         * Reads the evaluator's points for {@code n} OTs, writes the ciphertexts and the
         * corrections (16 bytes per OT; no flush); {@code out} gets the 0-labels (blocks
         * {@code off..off+n}).
         */
        void correlated(Channel ch, int n, long dLo, long dHi, long[] out, int off) throws IOException {
            long[] m0 = new long[2 * n];
            long[] m1 = new long[2 * n];
            co.send(ch, n, m0, m1);
            long[] y = new long[2 * n];
            for (int i = 0; i < 2 * n; i += 2) {
                out[2 * off + i] = m0[i];
                out[2 * off + i + 1] = m0[i + 1];
                y[i] = m0[i] ^ m1[i] ^ dLo;
                y[i + 1] = m0[i + 1] ^ m1[i + 1] ^ dHi;
            }
            ch.writeLongs(y, 0, 2 * n);
        }
    }

    /** The evaluator's side: the base-OT receiver. */
    static final class Receiver {
        private final ChouOrlandi.Receiver co;
        private long[] packed;
        private int n;

        /** Draws the base OT's secrets from {@code prg} (in {@link #prepare}). */
        Receiver(Prg prg, int threads) {
            co = new ChouOrlandi(threads, prg, DOMAIN).receiver();
        }

        /**
         * Draws the secrets for {@link #MAX_BITS} OTs and does the work that needs neither the
         * key nor the choices (multiples of the base point): best done while the key is on its
         * way.
         */
        void prepare() throws IOException {
            co.prepare(MAX_BITS);
        }

        /**
         * Reads and checks the creator's key.
         *
         * @throws IOException naming the problem if it is not a valid point
         */
        void readKey(Channel ch) throws IOException {
            co.readKey(ch);
        }

        /** Writes the points for choice bits {@code choices[off..off+n)} (no flush). */
        void writeChoices(Channel ch, boolean[] choices, int off, int n) throws IOException {
            this.n = n;
            packed = Blocks.pack(choices, off, n);
            co.choose(packed, n);
            co.writeChoices(ch);
        }

        /** The receiver's work that needs no further message: best done while the creator works. */
        void derivePads() throws IOException {
            co.derivePads();
        }

        /**
         * Reads the ciphertexts and corrections; {@code out} gets the active labels (blocks
         * {@code off..off+n}).
         */
        void correlated(Channel ch, long[] out, int off) throws IOException {
            long[] m = new long[2 * n];
            co.readOutputs(ch, m);
            long[] y = new long[2 * n];
            ch.readLongs(y, 0, 2 * n);
            for (int i = 0; i < n; i++) {
                long mask = -((packed[i >>> 6] >>> i) & 1);   // no branch on the choice bit
                out[2 * (off + i)] = m[2 * i] ^ (y[2 * i] & mask);
                out[2 * (off + i) + 1] = m[2 * i + 1] ^ (y[2 * i + 1] & mask);
            }
        }
    }
}
