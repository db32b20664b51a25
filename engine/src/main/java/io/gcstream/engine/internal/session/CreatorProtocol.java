package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.Scheme;
import io.gcstream.circuits.internal.SplitPlan;
import io.gcstream.engine.internal.garble.GarblerLoop;
import io.gcstream.engine.internal.garble.ParallelGarbler;
import io.gcstream.engine.internal.garble.RunGarbler;
import io.gcstream.engine.internal.garble.StreamingGarbler;
import io.gcstream.engine.internal.garble.TableOutput;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.Logs;
import io.gcstream.ot.internal.TunedChannel;
import io.gcstream.ot.internal.base.BaseOtProtocol;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
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
    /**
     * Where tables go: the channel, each batch with a fresh deadline (the stream may be long, a
     * stalled peer may not), flushed every {@link #flushEvery} bytes. Written by one thread at a
     * time: this side's, or a run's own thread ({@link RunGarbler}) while this one only reads.
     */
    private final TableOutput tables = new TableOutput() {
        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            rearm();
            ch.write(b, off, len);
            unflushed += len;
            if (unflushed >= flushEvery) {
                ch.flush();
                unflushed = 0;
            }
        }

        @Override
        public void flush() throws IOException {
            if (unflushed > 0) {
                ch.flush();
                unflushed = 0;
            }
        }
    };
    /** Whether one thread may read the channel while another writes it ({@link PartyThreads#readsWhileWriting}). */
    private final boolean concurrent;
    /** The runs garbled on threads of their own (parallel runs), made by the first that needs them. */
    private RunGarbler[] slots;
    /** The 0-labels of each slot's fresh creator inputs, kept for its run's (5). */
    private long[][] slotZero;
    private int slotTurn;
    /** The runs read ahead during earlier runs ({@link #readDue}), oldest first. */
    private final ArrayDeque<Pre> pres = new ArrayDeque<>();
    /** The last run whose evaluator header was read (-1 before any), and whether it announced the run after it. */
    private long lastRead = -1;
    private boolean lastAnnounced;
    /** Runs whose evaluator header announced the next: their statuses, still to be read, oldest first. */
    private final ArrayDeque<Long> owed = new ArrayDeque<>();

    /**
     * A run read ahead: the evaluator's header, and if it agreed, the slot garbling the run,
     * the 0-labels of its {@code creatorInputs} fresh creator inputs and its first gate.
     */
    private record Pre(long runIndex, RunHeader peer, RunGarbler slot, long[] zero, int creatorInputs, long first) {
    }

    public CreatorProtocol(Channel ch, Prg prg, Scheme scheme, int threads) {
        super(ch, prg, scheme, threads);
        this.concurrent = PartyThreads.readsWhileWriting(ch);
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
        direct = new DirectCot.Sender(prg, BaseOtProtocol.THREADS);
        direct.writeKey(ch);
        ch.flush();
        direct.precompute();
    }

    @Override
    public boolean inRunAhead() {
        return !owed.isEmpty() || !pres.isEmpty();
    }

    @Override
    public Outcome run(RunPlan spec, long runIndex, byte[] fingerprint, long[][][] kept, boolean[] x,
            Sequence next) throws IOException {
        if (next != null && next.bits() != null) {
            throw new IllegalArgumentException("the creator follows the evaluator's headers: it is told of the next runs,"
                    + " never given their inputs");
        }
        Circuit c = spec.circuit();
        Pre p = pres.pollFirst();
        if (p != null && p.runIndex != runIndex) {
            throw new OutOfStepException("run " + runIndex + " is not the run " + p.runIndex + " read ahead");
        }
        RunHeader mine = writeHeader(spec, runIndex, fingerprint);
        boolean chained = p != null || lastAnnounced;
        RunHeader peer = p != null ? p.peer : readPeerHeader(runIndex);
        if (p != null && p.slot != null) {
            return runReadAhead(spec, c, mine, peer, p, x, next);
        }
        DirectCot.Sender first = direct;
        direct = null;  // the first run's headers are exchanged: its key is used or never will be
        long n = peer.freshBits(Party.EVALUATOR);
        InputOt mode = InputOt.of(ot != null, peer.runIndex, Math.max(0, n));
        try {
            compare(mine, peer);
        } catch (HandshakeMismatchException e) {
            // The evaluator sent its OT messages right after its header: consume them, and those
            // of the runs it sent ahead, so that both sides stay in step and the session stays
            // usable; then let it see our header.
            if (n < 0) {
                throw new OutOfStepException(e.getMessage() + "; the peer's header does not add up");
            }
            skipInputOts(mode, n);
            // The evaluator sends the statuses it owes once it has this header.
            ch.flush();
            skipAhead(chained ? runIndex - 1 + runsAhead : runIndex);
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
        // A run of a sequence whose next run the evaluator sends ahead: the loops of runs on
        // threads of their own (this one garbles on this thread, the next beside it).
        SplitPlan plan = planFor(c, runsBeside(peer, next, c));
        int lt = loopThreads();
        GarblerLoop g = garbler(plan, lt);
        g.restart(gateCounter);
        flushEvery = flushInterval(c.nonLinearCount() * (long) scheme.tableBytes());
        unflushed = 0;
        g.sendInPiecesOf(piece(flushEvery));
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
            sendActive(x, base, k);
        }
        inputsDoneNanos = System.nanoTime();

        enter("garbled circuit");
        long start = gateCounter;
        if (readsAhead(peer, next, c)) {
            // The evaluator sends the runs ahead once it has this run's header: they are
            // garbled beside this one from then on.
            ch.flush();
            readDue(next, c, runIndex, start + perRun(spec, c));
        }
        walk(c, g);
        g.finish();
        if (walkedNonLinear < 0) {
            walkedNonLinear = g.nonLinearCount();
        }
        return endRun(spec, c, peer, labels, g.nextGateId(), g.gateCount(), g.nonLinearCount());
    }

    /** Gates of the session's counter a run of {@code spec} takes: its non-linear gates and its evaluator's output checks. */
    private long perRun(RunPlan spec, Circuit c) {
        return walkedNonLinear + decodedSlots(spec, Party.EVALUATOR, CircuitSlots.outputs(c, Party.EVALUATOR)).length;
    }

    /**
     * The evaluator's header of run {@code run}, the next in turn; statuses owed that come
     * before it are read on the way (an evaluator that fails sends its status at once, where a
     * header would come; docs/protocol.md, "Runs ahead").
     */
    private RunHeader readPeerHeader(long run) throws IOException {
        String who = Handshake.name(role());
        while (true) {
            int first = ch.readInt();
            if (first == RunHeader.MAGIC || owed.isEmpty()) {
                RunHeader h = RunHeader.read(ch, who, first);
                lastRead = run;
                lastAnnounced = h.ahead();
                return h;
            }
            readOwedStatus(first);
        }
    }

    /** The status of the oldest run owed, whose first int {@code first} was read; throws naming the evaluator's error. */
    private void readOwedStatus(int first) throws IOException {
        owed.poll();
        readStatus("evaluator", first);
    }

    /** Reads every status owed. */
    private void readOwed() throws IOException {
        while (!owed.isEmpty()) {
            readOwedStatus(ch.readInt());
        }
    }

    /** Reads and drops the evaluator's OT messages of a run whose header disagreed ({@code n} fresh bits). */
    private void skipInputOts(InputOt mode, long n) throws IOException {
        if (mode == InputOt.EXTENSION) {
            ensureChunk(n);
            for (long done = 0; done < n; done += CHUNK) {
                ot.correlated((int) Math.min(CHUNK, n - done), chunk, 0);
            }
        } else if (mode == InputOt.DIRECT) {
            byte[] skip = new byte[DirectCot.choiceBytes(n)];
            ch.readFully(skip, 0, skip.length);
        }
    }

    /**
     * After a header mismatch: the evaluator drops the runs it sent ahead, up to run
     * {@code upTo}, and sends the statuses it owes; this side skips those runs' headers and
     * input OTs and reads the statuses, so that both stay in step.
     */
    private void skipAhead(long upTo) throws IOException {
        while (lastAnnounced && lastRead < upTo) {
            RunHeader h = readPeerHeader(lastRead + 1);
            long n = h.freshBits(Party.EVALUATOR);
            if (n < 0) {
                throw new OutOfStepException("the evaluator's header of run " + lastRead + " does not add up");
            }
            skipInputOts(InputOt.of(ot != null, h.runIndex, n), n);
        }
        lastAnnounced = false;
        readOwed();
    }

    /**
     * A run whose header, inputs and tables were begun during an earlier run ({@link #readDue}):
     * sends this side's header (written) and the active labels of its fresh inputs, then lets
     * the run's tables go out while this thread reads the runs ahead in turn.
     */
    private Outcome runReadAhead(RunPlan spec, Circuit c, RunHeader mine, RunHeader peer, Pre p, boolean[] x,
            Sequence next) throws IOException {
        compare(mine, peer); // matched when read ahead
        if (gateCounter != p.first) {
            throw new OutOfStepException("run " + p.runIndex + " was garbled from gate " + p.first
                    + " but the session is at " + gateCounter);
        }
        enter("input labels");
        for (int base = 0; base < p.creatorInputs; base += CHUNK) {
            int k = Math.min(CHUNK, p.creatorInputs - base);
            System.arraycopy(p.zero, 2 * base, chunk, 0, 2 * k);
            sendActive(x, base, k);
        }
        inputsDoneNanos = System.nanoTime();
        enter("garbled circuit");
        flushEvery = flushInterval(c.nonLinearCount() * (long) scheme.tableBytes());
        unflushed = 0;
        boolean more = readsAhead(peer, next, c);
        if (more) {
            ch.flush();
        }
        // From here until the run's thread is done, it writes and this thread only reads (or,
        // if the walk has ended, this thread writes its tables now).
        p.slot.release(tables);
        if (more) {
            // If this fails, the session fails and closes the channel, which ends the run's writes.
            readDue(next, c, p.runIndex, p.first + perRun(spec, c));
        }
        awaitSlot(p.slot);
        if (progress != null) {
            // A run on a thread of its own reports at its end only (the listener is this thread's).
            progress.progress(role(), c.gateCount(), c.gateCount());
        }
        return endRun(spec, c, peer, p.slot.labels(c), p.slot.nextGateId(), p.slot.gateCount(),
                p.slot.nonLinearCount());
    }

    /** Waits for a run's thread; its output's failure (the channel's) as the IOException it was. */
    private static void awaitSlot(RunGarbler slot) throws IOException {
        try {
            slot.await();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The active labels of fresh creator input bits base .. base+k-1, from their 0-labels in {@link #chunk}: sent. */
    private void sendActive(boolean[] x, int base, int k) throws IOException {
        for (int i = 0; i < k; i++) {
            // The active label, 0-label ^ (Δ if the bit is 1), with no branch on the bit.
            long m = -Blocks.toBit(x[base + i]);
            chunk[2 * i] ^= dLo & m;
            chunk[2 * i + 1] ^= dHi & m;
        }
        ch.writeLongs(chunk, 0, 2 * k);
    }

    /** The session's one-thread or team garbler for {@code plan}, made or grown as needed. */
    private GarblerLoop garbler(SplitPlan plan, int lt) {
        if (garbler == null || garbler.capacity() < plan.labelSlots() || garblerThreads != lt) {
            if (garbler != null) {
                garbler.close();
            }
            garblerThreads = lt;
            garbler = lt == 1
                    ? new StreamingGarbler(scheme, hash, plan.labelSlots(), dLo, dHi, gateCounter, tables)
                    : new ParallelGarbler(scheme, hash, team(), lt, plan.labelSlots(), dLo, dHi, gateCounter, tables);
        }
        if (lt > 1) {
            // A cast only here: a one-thread session never loads the parallel loop's classes.
            ((ParallelGarbler) garbler).plan(plan);
        }
        return garbler;
    }

    /**
     * The piece size for a stream flushed every {@code flushEvery} bytes: a stream flushed in
     * pieces of at least the channel's buffer goes to the socket in the garbler's pieces,
     * without a copy into that buffer.
     */
    private int piece(long flushEvery) {
        int piece = TunedChannel.writeBufferSizeOf(ch);
        return piece > 0 && flushEvery >= piece ? piece : 0;
    }

    /**
     * Whether runs of {@code c} go beside each other from this run on: the evaluator runs
     * ahead of it, this side is told of later runs of the same circuit, computes on threads
     * enough ({@link #parallelRuns}), and its channel lets one thread read while another writes.
     */
    private boolean runsBeside(RunHeader peer, Sequence next, Circuit c) {
        return next != null && peer.ahead() && parallelRuns() && concurrent && next.spec().circuit() == c;
    }

    /**
     * Whether the runs ahead are read during this one, and garbled beside it: runs go beside
     * each other ({@link #runsBeside}), a run of the circuit has been counted
     * ({@link #walkedBefore}), and its inputs come by the OT extension.
     */
    private boolean readsAhead(RunHeader peer, Sequence next, Circuit c) {
        return runsBeside(peer, next, c) && walkedBefore(c) && ot != null;
    }

    /**
     * Reads the runs the evaluator sent ahead, up to run {@code j} + {@link #runsAhead} (run
     * j's header and inputs flushed), with the statuses owed among them: for each, its header
     * and, if that agrees, its input OTs and this side's random input labels, which start the
     * run on a thread of the session's run pool, its tables held until that run. A header that
     * disagrees is kept for its run, which reports it as usual, and nothing after it is read.
     *
     * @param nextFirst the gate counter at the start of run j + 1
     */
    private void readDue(Sequence seq, Circuit c, long j, long nextFirst) throws IOException {
        RunPlan spec = seq.spec();
        long perRun = perRun(spec, c);
        while (lastAnnounced && lastRead < j + runsAhead && (pres.isEmpty() || pres.peekLast().slot != null)) {
            long m = lastRead + 1;
            enter("run header");
            RunHeader peer = readPeerHeader(m);
            RunHeader mine = RunHeader.of(m, role(), spec, seq.fingerprint());
            if (!mine.differences(peer, role()).isEmpty()) {
                pres.add(new Pre(m, peer, null, null, 0, 0));
                break;
            }
            enter("next run's input labels");
            int turn = nextSlot();
            RunGarbler slot = slots[turn];
            long[] labels = slot.labels(c);
            int[] ef = freshSlots(spec, Party.EVALUATOR, CircuitSlots.inputs(c, Party.EVALUATOR));
            for (int base = 0; base < ef.length; base += CHUNK) {
                int k = Math.min(CHUNK, ef.length - base);
                rearm();
                ot.correlated(k, chunk, 0);
                scatter(chunk, k, ef, base, labels);
            }
            int[] cf = freshSlots(spec, Party.CREATOR, CircuitSlots.inputs(c, Party.CREATOR));
            if (slotZero[turn].length < 2 * cf.length) {
                slotZero[turn] = new long[2 * cf.length];
            }
            long[] zero = slotZero[turn];
            for (int base = 0; base < cf.length; base += CHUNK) {
                int k = Math.min(CHUNK, cf.length - base);
                prg.nextBlocks(chunk, 0, k);
                scatter(chunk, k, cf, base, labels);
                System.arraycopy(chunk, 0, zero, 2 * base, 2 * k);
            }
            long first = nextFirst + (m - j - 1) * perRun;
            slot.start(c, codeWalker, first, hash, piece(flushInterval(c.nonLinearCount() * (long) scheme.tableBytes())));
            pres.add(new Pre(m, peer, slot, zero, cf.length, first));
            runsBeside++;
        }
        enter("garbled circuit");
    }

    /** The slot for the next run read ahead: the one whose run ended longest ago. */
    private int nextSlot() {
        if (slots == null) {
            slots = new RunGarbler[runSlots()];
            slotZero = new long[runSlots()][0];
            for (int i = 0; i < slots.length; i++) {
                slots[i] = new RunGarbler(scheme, dLo, dHi, runPool());
            }
        }
        int s = slotTurn;
        slotTurn = (slotTurn + 1) % slots.length;
        return s;
    }

    /**
     * The end of a run whose tables are all written: the end marker, the evaluator's output
     * checks, and the creator's outputs and statuses.
     */
    private Outcome endRun(RunPlan spec, Circuit c, RunHeader peer, long[] labels, long nextGate, long gates,
            long nonLinear) throws IOException {
        gateCounter = nextGate;
        lastGates = gates;
        lastNonLinear = nonLinear;
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

        int[] co = decodedSlots(spec, Party.CREATOR, CircuitSlots.outputs(c, Party.CREATOR));
        if (peer.ahead()) {
            // Its status of this run comes later, among the runs ahead (or after a mismatch).
            if (co.length > 0) {
                throw new OutOfStepException("the evaluator ran ahead of a run with creator outputs (protocol out of step)");
            }
            owed.add(peer.runIndex);
            long[][] keptOut = keptLabels(spec, labels);
            idle();
            return new Outcome(new boolean[0], keptOut);
        }

        // The evaluator sends the statuses it still owes, then the labels of the creator's
        // decoded outputs, then its status of this run.
        readOwed();
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

    @Override
    public void close() {
        if (garbler != null) {
            garbler.close();
        }
        if (slots != null) {
            for (RunGarbler r : slots) {
                r.close();
            }
        }
        if (ot != null) {
            ot.close();
        }
        super.close();
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
