package io.gcstream.engine.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.garble.StreamingGarbler;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.crypto.Prg;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The creator's (garbler's) side of a run; see docs/protocol.md. Internal. */
public final class CreatorProtocol extends Protocol {
    private CorrelatedOt.Sender ot;

    public CreatorProtocol(Channel ch, Prg prg, Scheme scheme) {
        super(ch, prg, scheme);
    }

    @Override
    public Party role() {
        return Party.CREATOR;
    }

    @Override
    public void setup(CorrelatedOt cot) throws IOException {
        phase = "base OTs";
        ot = cot.setupSender(ch, prg);
    }

    @Override
    public boolean[] run(Circuit c, boolean[] x) throws IOException {
        phase = "input labels";
        long dLo = prg.nextLong() | 1;
        long dHi = prg.nextLong();
        StreamingGarbler g = new StreamingGarbler(scheme, hash, c.labelSlots(), dLo, dHi,
                gateCounter, ch::write);
        long[] labels = g.labels();
        // Creator inputs: random 0-labels; send the active ones.
        int[] ci = c.creatorInputs();
        for (int base = 0; base < ci.length; base += CHUNK) {
            int k = Math.min(CHUNK, ci.length - base);
            prg.nextBlocks(chunk, 0, k);
            for (int i = 0; i < k; i++) {
                int s = ci[base + i];
                labels[2 * s] = chunk[2 * i];
                labels[2 * s + 1] = chunk[2 * i + 1];
                if (x[base + i]) {
                    chunk[2 * i] ^= dLo;
                    chunk[2 * i + 1] ^= dHi;
                }
            }
            ch.writeLongs(chunk, 0, 2 * k);
        }
        ch.flush();
        // Evaluator inputs: 0-labels from correlated OT with Delta.
        int[] ei = c.evaluatorInputs();
        for (int base = 0; base < ei.length; base += CHUNK) {
            int k = Math.min(CHUNK, ei.length - base);
            ot.correlated(dLo, dHi, k, chunk, 0);
            for (int i = 0; i < k; i++) {
                int s = ei[base + i];
                labels[2 * s] = chunk[2 * i];
                labels[2 * s + 1] = chunk[2 * i + 1];
            }
        }
        inputsDoneNanos = System.nanoTime();

        phase = "garbled circuit";
        walk(c, g);
        gateCounter = g.nextGateId();
        lastGates = g.gateCount();
        lastNonLinear = g.nonLinearCount();
        ch.writeLong(END_MAGIC);
        ch.writeLong(gateCounter);

        phase = "output decoding";
        // Decoding information of the evaluator's outputs: permute bits of their 0-labels.
        int[] eo = c.evaluatorOutputs();
        for (int base = 0; base < eo.length; base += 64) {
            long word = 0;
            for (int i = 0; i < Math.min(64, eo.length - base); i++) {
                word |= (labels[2 * eo[base + i]] & 1) << i;
            }
            ch.writeLong(word);
        }
        ch.flush();
        // The evaluator returns the active labels of the creator's outputs: each must be one
        // of the two labels of its wire, else the stream was corrupted (or the peer cheats).
        int[] co = c.creatorOutputs();
        boolean[] out = new boolean[co.length];
        String error = null;
        for (int base = 0; base < co.length; base += CHUNK) {
            int k = Math.min(CHUNK, co.length - base);
            ch.readLongs(chunk, 0, 2 * k);
            for (int i = 0; i < k && error == null; i++) {
                int s = co[base + i];
                long lo = chunk[2 * i] ^ labels[2 * s];
                long hi = chunk[2 * i + 1] ^ labels[2 * s + 1];
                if (lo == 0 && hi == 0) {
                    out[base + i] = false;
                } else if (lo == dLo && hi == dHi) {
                    out[base + i] = true;
                } else {
                    error = "the label returned for creator output bit " + (base + i)
                            + " is neither of its two labels: the garbled stream was corrupted"
                            + " or the evaluator misbehaves";
                }
            }
        }
        // Final status, so that both sides end the run the same way.
        if (error == null) {
            ch.writeInt(0);
        } else {
            byte[] m = error.getBytes(StandardCharsets.UTF_8);
            ch.writeInt(m.length);
            ch.write(m, 0, m.length);
        }
        ch.flush();
        if (error != null) {
            throw fault(error);
        }
        phase = "idle";
        return out;
    }
}
