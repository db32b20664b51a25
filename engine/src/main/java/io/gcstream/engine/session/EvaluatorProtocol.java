package io.gcstream.engine.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.garble.StreamingEvaluator;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.crypto.Prg;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The evaluator's side of a run; see docs/protocol.md. Internal. */
public final class EvaluatorProtocol extends Protocol {
    /** Longest error message accepted from the creator. */
    private static final int MAX_MESSAGE = 4096;
    private CorrelatedOt.Receiver ot;

    public EvaluatorProtocol(Channel ch, Prg prg, Scheme scheme) {
        super(ch, prg, scheme);
    }

    @Override
    public Party role() {
        return Party.EVALUATOR;
    }

    @Override
    public void setup(CorrelatedOt cot) throws IOException {
        phase = "base OTs";
        ot = cot.setupReceiver(ch, prg);
    }

    @Override
    public boolean[] run(Circuit c, boolean[] y) throws IOException {
        phase = "input labels";
        StreamingEvaluator e = new StreamingEvaluator(scheme, hash, c.labelSlots(), gateCounter,
                ch::readFully);
        long[] labels = e.labels();
        int[] ci = c.creatorInputs();
        for (int base = 0; base < ci.length; base += CHUNK) {
            int k = Math.min(CHUNK, ci.length - base);
            ch.readLongs(chunk, 0, 2 * k);
            scatter(chunk, k, ci, base, labels);
        }
        int[] ei = c.evaluatorInputs();
        for (int base = 0; base < ei.length; base += CHUNK) {
            int k = Math.min(CHUNK, ei.length - base);
            ot.correlated(y, base, k, chunk, 0);
            scatter(chunk, k, ei, base, labels);
        }
        inputsDoneNanos = System.nanoTime();

        phase = "garbled circuit";
        walk(c, e);
        gateCounter = e.nextGateId();
        lastGates = e.gateCount();
        lastNonLinear = e.nonLinearCount();
        long magic = ch.readLong();
        long peerGate = ch.readLong();
        if (magic != END_MAGIC || peerGate != gateCounter) {
            throw fault("the garbled stream is out of step: expected its end marker after "
                    + lastNonLinear + " garbled tables (gate counter " + gateCounter + ") but read 0x"
                    + Long.toHexString(magic) + " / " + peerGate
                    + ": the stream was corrupted or the parties run different circuits");
        }

        phase = "output decoding";
        int[] eo = c.evaluatorOutputs();
        boolean[] out = new boolean[eo.length];
        for (int base = 0; base < eo.length; base += 64) {
            long word = ch.readLong();
            for (int i = 0; i < Math.min(64, eo.length - base); i++) {
                out[base + i] = (((labels[2 * eo[base + i]] ^ (word >>> i)) & 1) != 0);
            }
        }
        int[] co = c.creatorOutputs();
        for (int base = 0; base < co.length; base += CHUNK) {
            int k = Math.min(CHUNK, co.length - base);
            for (int i = 0; i < k; i++) {
                int s = co[base + i];
                chunk[2 * i] = labels[2 * s];
                chunk[2 * i + 1] = labels[2 * s + 1];
            }
            ch.writeLongs(chunk, 0, 2 * k);
        }
        ch.flush();
        int status = ch.readInt();
        if (status != 0) {
            if (status < 0 || status > MAX_MESSAGE) {
                throw fault("the creator sent an invalid final status " + status);
            }
            byte[] m = new byte[status];
            ch.readFully(m, 0, status);
            throw fault("the creator rejected the run: " + new String(m, StandardCharsets.UTF_8));
        }
        phase = "idle";
        return out;
    }

    private static void scatter(long[] chunk, int k, int[] slots, int base, long[] labels) {
        for (int i = 0; i < k; i++) {
            int s = slots[base + i];
            labels[2 * s] = chunk[2 * i];
            labels[2 * s + 1] = chunk[2 * i + 1];
        }
    }
}
