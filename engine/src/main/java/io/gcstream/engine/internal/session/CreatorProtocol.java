package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.RunSpec;
import io.gcstream.engine.Scheme;
import io.gcstream.circuits.internal.SplitPlan;
import io.gcstream.engine.internal.garble.GarblerLoop;
import io.gcstream.engine.internal.garble.ParallelGarbler;
import io.gcstream.engine.internal.garble.StreamingGarbler;
import io.gcstream.engine.internal.garble.TableOutput;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.Logs;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;
import org.slf4j.Logger;

/** The creator's (garbler's) side of a run; see docs/protocol.md. Internal. */
public final class CreatorProtocol extends Protocol {
    private static final Logger LOG = Logs.get(CreatorProtocol.class);
    /**
     * What one flush of the channel costs, in bytes of tables the creator could garble in that
     * time (a system call, and waking the peer if it sleeps); chosen where warm executions ran
     * fastest (docs/results, "Per warm execution"). It sets how often a short stream is flushed,
     * see {@link #flushInterval}.
     */
    static final long FLUSH_COST_BYTES = 4096;
    /** The session's OT extension once set up (see {@link InputOt}), else null. */
    private CorrelatedOt.Sender ot;
    private CorrelatedOt cot;
    /** The first run's direct base OTs, until that run's headers are exchanged. */
    private DirectCot.Sender direct;
    /** Kept for the session's next runs: its arrays fit any circuit with as many label slots. */
    private GarblerLoop garbler;
    /** The threads {@link #garbler} computes on. */
    private int garblerThreads;
    private long dLo;
    private long dHi;
    /** Bytes of tables after which this run's stream is flushed; see {@link #flushInterval}. */
    private long flushEvery;
    /** Bytes of tables written since the last flush. */
    private long unflushed;

    public CreatorProtocol(Channel ch, Prg prg, Scheme scheme, int threads) {
        super(ch, prg, scheme, threads);
    }

    @Override
    public Party role() {
        return Party.CREATOR;
    }

    @Override
    public void setup(CorrelatedOt cot, long deltaLo, long deltaHi, boolean singleRun) throws IOException {
        if ((deltaLo & 1) == 0) {
            throw new IllegalArgumentException("Δ must have its lowest bit set");
        }
        enter("base OTs");
        this.dLo = deltaLo;
        this.dHi = deltaHi;
        this.cot = cot;
        if (!singleRun) {
            ot = cot.setupSender(ch, prg, deltaLo, deltaHi);
            return;
        }
        direct = new DirectCot.Sender(prg, OtOptions.defaults().threads());
        direct.writeKey(ch);
        ch.flush();
        direct.precompute();
    }

    /**
     * The evaluator ran the last run ahead ({@link RunHeader#AHEAD}): its status of that run
     * comes after its header and input OTs of this one, and is read at this run's end.
     */
    private boolean statusPending;

    @Override
    public boolean inRunAhead() {
        return statusPending;
    }

    @Override
    public Outcome run(RunSpec spec, long runIndex, byte[] fingerprint, long[][][] kept, boolean[] x,
            Ahead next) throws IOException {
        if (next != null) {
            throw new IllegalArgumentException("the creator follows the evaluator's header: it is never given the next run");
        }
        Circuit c = spec.circuit();
        RunHeader mine = writeHeader(spec, runIndex, fingerprint);
        RunHeader peer = RunHeader.read(ch, Handshake.name(role()));
        DirectCot.Sender first = direct;
        direct = null;  // the first run's headers are exchanged: its key is used or never will be
        long n = peer.freshBits(Party.EVALUATOR);
        InputOt mode = InputOt.of(ot != null, peer.runIndex, Math.max(0, n));
        try {
            compare(mine, peer);
        } catch (HandshakeMismatchException e) {
            // The evaluator sent its OT messages right after its header: consume them, so that
            // both sides stay in step and the session stays usable; then let it see our header.
            if (n < 0) {
                throw new OutOfStepException(e.getMessage() + "; the peer's header does not add up");
            }
            if (mode == InputOt.EXTENSION) {
                ensureChunk(n);
                for (long done = 0; done < n; done += CHUNK) {
                    ot.correlated((int) Math.min(CHUNK, n - done), chunk, 0);
                }
            } else if (mode == InputOt.DIRECT) {
                byte[] skip = new byte[DirectCot.choiceBytes(n)];
                ch.readFully(skip, 0, skip.length);
            }
            readPendingStatus();
            ch.flush();
            throw e;
        }
        if (mode == InputOt.SETUP_THEN_EXTENSION) {
            // The evaluator waits for this header before it sets the extension up.
            ch.flush();
            enter("base OTs");
            ot = cot.setupSender(ch, prg, dLo, dHi);
        }

        enter("input labels");
        ensureChunks(c);
        SplitPlan plan = planFor(c);
        int lt = loopThreads();
        if (garbler == null || garbler.capacity() < plan.labelSlots() || garblerThreads != lt) {
            if (garbler != null) {
                garbler.close();
            }
            garblerThreads = lt;
            // Each batch of tables gets a fresh deadline: the stream may be long, a stalled peer may not.
            TableOutput out = (b, off, len) -> {
                rearm();
                ch.write(b, off, len);
                unflushed += len;
                if (unflushed >= flushEvery) {
                    ch.flush();
                    unflushed = 0;
                }
            };
            garbler = lt == 1
                    ? new StreamingGarbler(scheme, hash, plan.labelSlots(), dLo, dHi, gateCounter, out)
                    : new ParallelGarbler(scheme, hash, team(), lt, plan.labelSlots(), dLo, dHi, gateCounter, out);
        }
        GarblerLoop g = garbler;
        if (lt > 1) {
            // A cast only here: a one-thread session never loads the parallel loop's classes.
            ((ParallelGarbler) g).plan(plan);
        }
        g.restart(gateCounter);
        flushEvery = flushInterval(c.nonLinearCount() * (long) scheme.tableBytes());
        unflushed = 0;
        // A stream flushed in pieces of at least the channel's buffer goes to the socket in
        // the garbler's pieces, without a copy into that buffer.
        int piece = ch.writeBufferSize();
        g.sendInPiecesOf(piece > 0 && flushEvery >= piece ? piece : 0);
        long[] labels = g.labels();
        // Evaluator inputs: fresh ones' 0-labels from correlated OT with Δ, kept ones' from the values.
        int[] ei = CircuitSlots.inputs(c, Party.EVALUATOR);
        placeKept(spec, Party.EVALUATOR, kept[Party.EVALUATOR.ordinal()], ei, labels);
        int[] ef = freshSlots(spec, Party.EVALUATOR, ei);
        if (mode == InputOt.DIRECT) {
            first.correlated(ch, ef.length, dLo, dHi, chunk, 0);
            scatter(chunk, ef.length, ef, 0, labels);
        } else {
            for (int base = 0; base < ef.length; base += CHUNK) {
                int k = Math.min(CHUNK, ef.length - base);
                rearm();
                ot.correlated(k, chunk, 0);
                scatter(chunk, k, ef, base, labels);
            }
        }
        // Creator inputs: fresh ones get random 0-labels and their active labels are sent.
        int[] ci = CircuitSlots.inputs(c, Party.CREATOR);
        placeKept(spec, Party.CREATOR, kept[Party.CREATOR.ordinal()], ci, labels);
        int[] cf = freshSlots(spec, Party.CREATOR, ci);
        for (int base = 0; base < cf.length; base += CHUNK) {
            int k = Math.min(CHUNK, cf.length - base);
            prg.nextBlocks(chunk, 0, k);
            scatter(chunk, k, cf, base, labels);
            for (int i = 0; i < k; i++) {
                // The active label, 0-label ^ (Δ if the bit is 1), with no branch on the bit.
                long m = -Blocks.toBit(x[base + i]);
                chunk[2 * i] ^= dLo & m;
                chunk[2 * i + 1] ^= dHi & m;
            }
            ch.writeLongs(chunk, 0, 2 * k);
        }
        inputsDoneNanos = System.nanoTime();

        enter("garbled circuit");
        walk(c, g);
        g.finish();
        gateCounter = g.nextGateId();
        lastGates = g.gateCount();
        lastNonLinear = g.nonLinearCount();
        ch.writeLong(END_MAGIC);
        ch.writeLong(gateCounter);

        enter("output decoding");
        // For each evaluator output it decodes: the low half of its 0-label's hash and the
        // high half of its 1-label's, by which the evaluator both decodes and checks the label
        // it holds. Which half stands for which bit is bound into the value, not only its
        // position: swapping the two makes both fail to match.
        int[] eo = decodedSlots(spec, Party.EVALUATOR, CircuitSlots.outputs(c, Party.EVALUATOR));
        for (int base = 0; base < eo.length; base += CHUNK) {
            int k = Math.min(CHUNK, eo.length - base);
            long[] h0 = outputHashes(labels, eo, base, k, gateCounter + base, 0, 0);
            for (int i = 0; i < k; i++) {
                chunk[2 * i] = h0[2 * i];
            }
            long[] h1 = outputHashes(labels, eo, base, k, gateCounter + base, dLo, dHi);
            for (int i = 0; i < k; i++) {
                chunk[2 * i + 1] = h1[2 * i + 1];
            }
            ch.writeLongs(chunk, 0, 2 * k);
        }
        gateCounter += eo.length;
        ch.flush();

        // The evaluator's status of the last run, if it ran that run ahead: it follows its
        // header and input OTs of this run, read above.
        readPendingStatus();
        int[] co = decodedSlots(spec, Party.CREATOR, CircuitSlots.outputs(c, Party.CREATOR));
        if (peer.ahead()) {
            // Its status of this run comes at the end of the next run (or of a mismatch).
            if (co.length > 0) {
                throw new OutOfStepException("the evaluator ran ahead of a run with creator outputs (protocol out of step)");
            }
            statusPending = true;
            long[][] keptOut = keptLabels(spec, labels);
            idle();
            return new Outcome(new boolean[0], keptOut);
        }

        // The evaluator returns the labels of the creator's decoded outputs, then its status.
        // Each label must be one of the two of its wire, else the stream was corrupted.
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
                    LOG.debug("the label returned for creator output bit {} is neither of its two labels", base + i);
                    error = "a label returned for a creator output bit is neither of its two labels: the"
                            + " garbled stream was corrupted"
                            + " or the evaluator misbehaves";
                }
            }
        }
        readStatus("evaluator");
        if (co.length > 0) {
            // Only then does the evaluator wait for this side's verdict.
            writeStatus(error);
            ch.flush();
        }
        if (error != null) {
            throw fault(error);
        }
        long[][] keptOut = keptLabels(spec, labels);
        idle();
        return new Outcome(out, keptOut);
    }

    /** Reads the evaluator's status of the last run if it ran ahead; throws naming its error. */
    private void readPendingStatus() throws IOException {
        if (statusPending) {
            statusPending = false;
            readStatus("evaluator");
        }
    }

    @Override
    public void close() {
        super.close();
        if (garbler != null) {
            garbler.close();
        }
        if (ot != null) {
            ot.close();
        }
    }

    /**
     * How many bytes of tables to send at a time in a stream of about {@code streamBytes}. The
     * evaluator starts on the first piece and finishes after the last, so large pieces make it
     * wait at both ends of a run, while each piece costs a flush: √(streamBytes × flush cost)
     * balances the two (AES-128 under half-gates: 33 KB pieces, an eighth less time per
     * execution than the channel's 64 KB). Long streams are left to the channel, whose buffer
     * sends itself when full.
     */
    public static long flushInterval(long streamBytes) {
        return (long) Math.sqrt((double) Math.max(0, streamBytes) * FLUSH_COST_BYTES) + FLUSH_COST_BYTES;
    }

    static void scatter(long[] chunk, int k, int[] slots, int base, long[] labels) {
        for (int i = 0; i < k; i++) {
            int s = slots[base + i];
            labels[2 * s] = chunk[2 * i];
            labels[2 * s + 1] = chunk[2 * i + 1];
        }
    }
}
