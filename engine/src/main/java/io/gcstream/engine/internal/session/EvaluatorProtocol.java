package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.engine.Scheme;
import io.gcstream.circuits.internal.SplitPlan;
import io.gcstream.engine.internal.garble.GateLoop;
import io.gcstream.engine.internal.garble.ParallelEvaluator;
import io.gcstream.engine.internal.garble.RunEvaluator;
import io.gcstream.engine.internal.garble.StreamingEvaluator;
import io.gcstream.engine.internal.garble.TableInput;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.Logs;
import io.gcstream.ot.internal.base.BaseOtProtocol;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.Consumer;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.ot.internal.TunedChannel;
import org.slf4j.Logger;

/** The evaluator's side of a run; see docs/protocol.md. Internal. */
public final class EvaluatorProtocol extends Protocol {
    private static final Logger LOG = Logs.get(EvaluatorProtocol.class);
    /** The session's OT extension once set up (see {@link InputOt}), else null. */
    private CorrelatedOt.Receiver ot;
    private CorrelatedOt cot;
    /** The first run's direct base OTs, until that run. */
    private DirectCot.Receiver direct;
    /** Kept for the session's next runs: its arrays fit any circuit with as many label slots. */
    private GateLoop evaluator;
    /** The threads {@link #evaluator} computes on. */
    private int evaluatorThreads;
    /** Bytes of tables read so far. */
    private long tablesRead;
    /** Bytes of the tables of a run of the circuit whose non-linear gates are counted ({@link #walkedNonLinear}). */
    private long streamBytes;
    /** Where tables come from: the channel, each batch with a fresh deadline (the stream may be long, a stalled peer may not). */
    private final TableInput tables = (b, off, len) -> {
        rearm();
        ch.readFully(b, off, len);
        tablesRead += len;
    };

    public EvaluatorProtocol(Channel ch, Prg prg, Scheme scheme, int threads) {
        super(ch, prg, scheme, threads);
    }

    @Override
    public Party role() {
        return Party.EVALUATOR;
    }

    @Override
    public void setup(CorrelatedOt cot, long deltaLo, long deltaHi, boolean singleRun) throws IOException {
        enter("base OTs");
        this.cot = cot;
        if (!singleRun) {
            ot = cot.setupReceiver(ch, prg);
            return;
        }
        direct = new DirectCot.Receiver(prg, BaseOtProtocol.THREADS);
        direct.prepare();   // while the key is on its way
        direct.readKey(ch);
    }

    /** A run sent ahead: this side's header and the labels its input OTs gave, 2 longs a fresh bit in the order of the fresh slots. */
    private static final class Sent {
        RunHeader header;
        long[] labels = new long[0];
    }

    /** Runs sent ahead and not yet run, oldest first; and spare entries for the next. */
    private final ArrayDeque<Sent> sent = new ArrayDeque<>();
    private final ArrayDeque<Sent> spare = new ArrayDeque<>();
    /** The last run whose header this side sent (-1 before any), and whether it announced the run after it. */
    private long lastSent = -1;
    private boolean lastAnnounced;
    /**
     * Runs whose header announced the next, oldest first: their status goes out after the
     * creator's header of the run {@link #runsAhead} later (or, failing, at once).
     */
    private final ArrayDeque<Long> owed = new ArrayDeque<>();

    @Override
    public boolean inRunAhead() {
        return !sent.isEmpty() || !owed.isEmpty() || !pending.isEmpty();
    }

    @Override
    public Outcome run(RunPlan spec, long runIndex, byte[] fingerprint, long[][][] kept, boolean[] y,
            Sequence next) throws IOException {
        Circuit c = spec.circuit();
        Sent prepared = sentAhead(runIndex, fingerprint);
        enter("input labels");
        ensureChunks(c);
        // A run of a sequence that may go ahead: the loops of runs on threads of their own
        // (this one on this thread, the next ones beside each other, see begin).
        SplitPlan plan = planFor(c, next != null && parallelRuns() && next.spec().circuit() == c);
        int lt = loopThreads();
        if (evaluator == null || evaluator.capacity() < plan.labelSlots() || evaluatorThreads != lt) {
            if (evaluator != null) {
                evaluator.close();
            }
            evaluatorThreads = lt;
            evaluator = lt == 1
                    ? new StreamingEvaluator(scheme, hash, plan.labelSlots(), gateCounter, tables)
                    : new ParallelEvaluator(scheme, hash, team(), lt, plan.labelSlots(), gateCounter, tables);
        }
        GateLoop e = evaluator;
        if (lt > 1) {
            // A cast only here: a one-thread session never loads the parallel loop's classes.
            ((ParallelEvaluator) e).plan(plan);
        }
        e.restart(gateCounter);
        long[] labels = e.labels();
        int[] ei = CircuitSlots.inputs(c, Party.EVALUATOR);
        int[] ef = freshSlots(spec, Party.EVALUATOR, ei);
        DirectCot.Receiver first = direct;
        direct = null;  // the first run's headers go out now: its key is used or never will be
        InputOt mode = InputOt.of(ot != null, runIndex, ef.length);
        RunHeader mine;
        if (prepared != null) {
            // Header and input OTs went out during an earlier run: place what they gave.
            mine = prepared.header;
            mode = InputOt.NONE;
            CreatorProtocol.scatter(prepared.labels, ef.length, ef, 0, labels);
            spare.add(prepared);
        } else {
            // This run goes ahead of the next if the extension is ready by the time it is sent,
            // and the channel can take the runs' messages while the creator, writing this
            // run's tables, reads nothing: else both would wait for the other to read.
            boolean ahead = runsAhead > 0 && next != null && next.lastRun() > runIndex
                    && (ot != null || mode == InputOt.SETUP_THEN_EXTENSION || spec.freshBits(Party.EVALUATOR) == 0)
                    && TunedChannel.reservesUnread(ch, aheadBytes(next.spec()));
            mine = writeHeader(spec, runIndex, fingerprint, ahead ? RunHeader.AHEAD : 0);
            lastSent = runIndex;
            lastAnnounced = ahead;
            // Inputs go out as soon as they are known: the OT messages for the fresh input bits
            // follow the header in the same flight, and the creator checks the header first.
            enter("input labels");
            if (mode == InputOt.EXTENSION) {
                correlated(y, ef, labels);
            } else if (mode == InputOt.DIRECT) {
                first.writeChoices(ch, y, 0, ef.length);
            }
            ch.flush();
        }
        if (mode == InputOt.DIRECT) {
            first.derivePads();     // while the creator computes its answer
        }
        enter("run header");
        compareOrDrop(mine, RunHeader.read(ch, Handshake.name(role())));
        if (mode == InputOt.SETUP_THEN_EXTENSION) {
            enter("base OTs");
            ot = cot.setupReceiver(ch, prg);
            enter("input labels");
            correlated(y, ef, labels);
            ch.flush();
        } else if (mode == InputOt.DIRECT) {
            enter("input labels");
            first.correlated(ch, chunk, 0);
            CreatorProtocol.scatter(chunk, ef.length, ef, 0, labels);
        }
        if (mine.ahead()) {
            if (next == null) {
                throw new IllegalStateException("run " + runIndex + " was announced ahead of a next run it was not given");
            }
            owed.add(runIndex);
        }
        sendDue(runIndex, next);

        enter("input labels");
        placeKept(spec, Party.EVALUATOR, kept[Party.EVALUATOR.ordinal()], ei, labels);
        int[] ci = CircuitSlots.inputs(c, Party.CREATOR);
        placeKept(spec, Party.CREATOR, kept[Party.CREATOR.ordinal()], ci, labels);
        int[] cf = freshSlots(spec, Party.CREATOR, ci);
        for (int base = 0; base < cf.length; base += CHUNK) {
            int k = Math.min(CHUNK, cf.length - base);
            rearm();
            ch.readLongs(chunk, 0, 2 * k);
            CreatorProtocol.scatter(chunk, k, cf, base, labels);
        }
        inputsDoneNanos = System.nanoTime();

        enter("garbled circuit");
        long read0 = tablesRead;
        walk(c, e);
        e.finish();
        if (walkedNonLinear < 0) {
            walkedNonLinear = e.nonLinearCount();
            streamBytes = tablesRead - read0;
        }
        gateCounter = e.nextGateId();
        lastGates = e.gateCount();
        lastNonLinear = e.nonLinearCount();
        long magic = ch.readLong();
        long peerGate = ch.readLong();
        String error = null;
        if (magic != END_MAGIC || peerGate != gateCounter) {
            error = "the garbled stream is out of step: expected its end marker after "
                    + lastNonLinear + " garbled tables (gate counter " + gateCounter + ") but read 0x"
                    + Long.toHexString(magic) + " / " + peerGate
                    + ": the stream was corrupted or the parties run different circuits";
        }

        enter("output decoding");
        int[] eo = decodedSlots(spec, Party.EVALUATOR, CircuitSlots.outputs(c, Party.EVALUATOR));
        boolean[] out = new boolean[eo.length];
        for (int base = 0; base < eo.length && error == null; base += CHUNK) {
            int k = Math.min(CHUNK, eo.length - base);
            ch.readLongs(chunk, 0, 2 * k);
            // The label held is the 0-label if the low half of its hash is the first check
            // value, the 1-label if the high half is the second.
            long[] held = outputHashes(labels, eo, base, k, gateCounter + base, 0, 0);
            for (int i = 0; i < k; i++) {
                if (held[2 * i] == chunk[2 * i]) {
                    out[base + i] = false;
                } else if (held[2 * i + 1] == chunk[2 * i + 1]) {
                    out[base + i] = true;
                } else {
                    // Which bit is not said, to the peer or at the default log level: whoever can
                    // corrupt the stream could learn more than that the run failed (docs/security.md).
                    LOG.debug("evaluator output bit {} matches neither of its two labels", base + i);
                    error = "the label of an evaluator output bit matches neither of its two labels: the"
                            + " garbled stream was corrupted";
                    break;
                }
            }
        }
        gateCounter += eo.length;
        if (error == null && mine.ahead()) {
            // Its status goes out later, at its place among the runs ahead (sendDue).
            long[][] keptOut = keptLabels(spec, labels);
            idle();
            return new Outcome(out, keptOut);
        }
        // The statuses still owed of the runs before, then the labels of the creator's decoded
        // outputs, then this run's verdict.
        sendOwedBefore(runIndex);
        int[] co = decodedSlots(spec, Party.CREATOR, CircuitSlots.outputs(c, Party.CREATOR));
        for (int base = 0; base < co.length; base += CHUNK) {
            int k = Math.min(CHUNK, co.length - base);
            for (int i = 0; i < k; i++) {
                int s = co[base + i];
                chunk[2 * i] = labels[2 * s];
                chunk[2 * i + 1] = labels[2 * s + 1];
            }
            ch.writeLongs(chunk, 0, 2 * k);
        }
        owed.remove(runIndex);
        writeStatus(error);
        ch.flush();
        if (error != null) {
            throw fault(error);
        }
        if (co.length > 0) {
            readStatus("creator");
        }
        long[][] keptOut = keptLabels(spec, labels);
        idle();
        return new Outcome(out, keptOut);
    }

    /** The entry of run {@code runIndex} if it was sent ahead (checked to be the oldest), else null. */
    private Sent sentAhead(long runIndex, byte[] fingerprint) {
        Sent s = sent.pollFirst();
        if (s != null && (s.header.runIndex != runIndex || !Arrays.equals(s.header.fingerprint, fingerprint))) {
            throw new IllegalStateException("run " + runIndex + " is not the run " + s.header.runIndex + " sent ahead");
        }
        return s;
    }

    /**
     * Compares the creator's header with this side's. If they differ, the runs sent ahead will
     * not be run: the statuses still owed go out, so that the creator, which skips the messages
     * of those runs and reads those statuses, stays in step with this side, and the session
     * stays usable.
     */
    private void compareOrDrop(RunHeader mine, RunHeader peer) throws IOException {
        try {
            compare(mine, peer);
        } catch (HandshakeMismatchException e) {
            dropAhead();
            throw e;
        }
    }

    /** After a header mismatch: the runs sent ahead are dropped, the statuses owed go out. */
    private void dropAhead() throws IOException {
        while (!sent.isEmpty()) {
            spare.add(sent.poll());
        }
        lastAnnounced = false;
        sendOwedBefore(Long.MAX_VALUE);
        ch.flush();
    }

    /** Writes (not flushed) the statuses owed of runs before {@code run}: they passed, or this side would have failed. */
    private void sendOwedBefore(long run) throws IOException {
        while (!owed.isEmpty() && owed.peekFirst() < run) {
            owed.poll();
            writeStatus(null);
        }
    }

    /**
     * The messages that follow the creator's header of run {@code j} (docs/protocol.md, "Runs
     * ahead"): the status of run j − {@link #runsAhead} if it is owed (that run has ended),
     * then the header and input OTs of each run up to j + runsAhead announced and not yet
     * sent; flushed.
     */
    private void sendDue(long j, Sequence seq) throws IOException {
        if (!owed.isEmpty() && owed.peekFirst() == j - runsAhead) {
            owed.poll();
            writeStatus(null);
        }
        while (lastAnnounced && lastSent < j + runsAhead) {
            if (seq == null) {
                throw new IllegalStateException("run " + (lastSent + 1) + " was announced ahead but not given");
            }
            sendAhead(seq, lastSent + 1);
        }
        ch.flush();
    }

    /** Bytes read from the channel into a run's ring at a time. */
    private static final int PUMP = 64 * 1024;
    /** The runs evaluated on threads of their own (parallel runs), made by the first that needs them. */
    private RunEvaluator[] slots;
    /** The end of each slot's run, made once with the slot. */
    private Pending[] ends;
    private int slotTurn;
    /** The runs begun ({@link #begin}) whose end is still to be handled, oldest first. */
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    /** The run whose creator header was read last while the messages that follow it are still to be sent, or -1. */
    private long due = -1;
    private Sequence dueOf;

    /**
     * A run begun on a thread of its own and read to its end: its thread, its spec, where its
     * walk ends on the gate counter, what the creator sent after its tables (end marker, counter
     * and output checks), whether its header announced the next run (then its status is owed),
     * and when it began.
     */
    private static final class Pending {
        RunEvaluator slot;
        RunPlan spec;
        long runIndex;
        long walkEnd;
        long magic;
        long peerGate;
        long[] checks = new long[0];
        int[] eo;
        boolean announced;
        long t0;
        long received0;
        long sent0;
    }

    /** What a run evaluated on a thread of its own gave, with the figures of its statistics. */
    public record Ended(long runIndex, Outcome outcome, long nanos, long sent, long received, long gates,
            long nonLinear, long labelSlots) {
    }

    /**
     * Whether the next run, sent ahead, can be evaluated on a thread of its own beside the
     * runs before it ({@link #begin}): this side computes runs in parallel, the run sent ahead
     * is of {@code spec}'s circuit, and a run of it was counted.
     */
    public boolean canBegin(RunPlan spec) {
        return parallelRuns() && !sent.isEmpty() && walkedBefore(spec.circuit());
    }

    /**
     * Run {@code runIndex} of {@code spec}, whose header and input OTs were sent ahead, on a
     * thread of the session's run pool, beside the runs before it: reads the creator's header
     * and this run's creator input labels, starts the run and reads its tables into its ring,
     * then the end marker and output checks, which it keeps; the run's end is handled later
     * ({@link #endPending}). Meanwhile the runs before it end as their threads finish, oldest
     * first, {@code ended} getting each; and the messages that follow the creator's header go
     * out as soon as the run {@link #runsAhead} before this one has ended, and before this
     * run's end is read (the creator sends it only after them). The bytes on the wire are those
     * of {@link #run} called run by run.
     */
    public void begin(RunPlan spec, long runIndex, byte[] fingerprint, Sequence seq, Consumer<Ended> ended)
            throws IOException {
        Circuit c = spec.circuit();
        Sent prepared = sentAhead(runIndex, fingerprint);
        if (prepared == null) {
            throw new IllegalStateException("run " + runIndex + " was not sent ahead");
        }
        long t0 = System.nanoTime();
        long sent0 = ch.bytesSent();
        long received0 = ch.bytesReceived();
        if (pending.size() == runSlots()) {
            endOldest(ended);
        }
        enter("run header");
        try {
            compare(prepared.header, RunHeader.read(ch, Handshake.name(role())));
        } catch (HandshakeMismatchException e) {
            spare.add(prepared);
            endPending(ended);
            dropAhead();
            throw e;
        }
        int turn = nextSlot();
        RunEvaluator slot = slots[turn];
        long[] labels = slot.labels(c);
        int[] ei = CircuitSlots.inputs(c, Party.EVALUATOR);
        int[] ef = freshSlots(spec, Party.EVALUATOR, ei);
        CreatorProtocol.scatter(prepared.labels, ef.length, ef, 0, labels);
        spare.add(prepared);
        boolean announced = prepared.header.ahead();
        if (announced) {
            owed.add(runIndex);
        }
        due = runIndex;
        dueOf = seq;
        sendDueIfReady(ended, false);
        enter("input labels");
        int[] cf = freshSlots(spec, Party.CREATOR, CircuitSlots.inputs(c, Party.CREATOR));
        for (int base = 0; base < cf.length; base += CHUNK) {
            int k = Math.min(CHUNK, cf.length - base);
            rearm();
            ch.readLongs(chunk, 0, 2 * k);
            CreatorProtocol.scatter(chunk, k, cf, base, labels);
        }
        long first = gateCounter;
        int[] eo = decodedSlots(spec, Party.EVALUATOR, CircuitSlots.outputs(c, Party.EVALUATOR));
        gateCounter = first + walkedNonLinear + eo.length;
        // A run whose tables fit begins once they are in: its thread, or this one, walks it without waiting.
        slot.begin(c, codeWalker, first, hash, streamBytes);
        runsBeside++;

        enter("garbled circuit");
        for (long left = streamBytes; left > 0; ) {
            endFinished(ended);
            int room = slot.room();
            if (room == 0) {
                if (slot.finished()) {
                    break; // it failed, or read less than a run's tables: its end says which
                }
                RunEvaluator.awaitRoom(slot, pending.isEmpty() ? null : pending.peekFirst().slot);
                continue;
            }
            int n = (int) Math.min(Math.min(room, left), PUMP);
            rearm();
            ch.readFully(slot.buffer(), slot.at(), n);
            slot.put(n);
            left -= n;
        }
        slot.endOfTables();
        // The creator sends what follows the tables only once it has the messages due.
        sendDueIfReady(ended, true);
        Pending p = ends[turn];
        p.slot = slot;
        p.announced = announced;
        p.spec = spec;
        p.runIndex = runIndex;
        p.walkEnd = first + walkedNonLinear;
        p.eo = eo;
        p.t0 = t0;
        p.sent0 = sent0;
        p.received0 = received0;
        p.magic = ch.readLong();
        p.peerGate = ch.readLong();
        enter("output decoding");
        if (p.checks.length < 2 * eo.length) {
            p.checks = new long[2 * eo.length];
        }
        for (int base = 0; base < eo.length; base += CHUNK) {
            int k = Math.min(CHUNK, eo.length - base);
            rearm();
            ch.readLongs(p.checks, 2 * base, 2 * k);
        }
        pending.add(p);
        idle();
    }

    /** Ends the runs begun ({@link #begin}) whose threads have finished, oldest first, up to the first still running. */
    private void endFinished(Consumer<Ended> ended) throws IOException {
        while (!pending.isEmpty() && pending.peekFirst().slot.finished()) {
            endOldest(ended);
        }
    }

    /**
     * Sends the messages due after the last creator header read ({@link #sendDue}) once the run
     * whose status comes first has ended: at once if it has, else (if {@code wait}) ending the
     * runs before it as their threads finish.
     */
    private void sendDueIfReady(Consumer<Ended> ended, boolean wait) throws IOException {
        if (due < 0) {
            return;
        }
        long statusOf = due - runsAhead;
        while (!pending.isEmpty() && pending.peekFirst().runIndex <= statusOf) {
            if (!wait && !pending.peekFirst().slot.finished()) {
                return;
            }
            endOldest(ended);
        }
        long j = due;
        due = -1;
        sendDue(j, dueOf);
    }

    /** Ends every run begun ({@link #begin}), oldest first; {@code ended} gets each. */
    public void endPending(Consumer<Ended> ended) throws IOException {
        sendDueIfReady(ended, true);
        while (!pending.isEmpty()) {
            endOldest(ended);
        }
    }

    /**
     * Ends the oldest run begun: waits for its thread, checks its end and decodes its outputs;
     * {@code ended} gets it. Its status is owed if its header announced the next run, else it
     * goes out now after the statuses owed of the runs before; a failure goes out at once.
     */
    private void endOldest(Consumer<Ended> ended) throws IOException {
        Pending p = pending.poll();
        enter("garbled circuit");
        try {
            p.slot.await();
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        String error = null;
        if (p.slot.nextGateId() != p.walkEnd || p.slot.bytesTaken() != streamBytes) {
            error = "the garbled stream is out of step: a run of the circuit read " + p.slot.bytesTaken()
                    + " bytes of tables and ended at gate " + p.slot.nextGateId() + ", another "
                    + streamBytes + " bytes and gate " + p.walkEnd;
        } else if (p.magic != END_MAGIC || p.peerGate != p.walkEnd) {
            error = "the garbled stream is out of step: expected its end marker after "
                    + p.slot.nonLinearCount() + " garbled tables (gate counter " + p.walkEnd + ") but read 0x"
                    + Long.toHexString(p.magic) + " / " + p.peerGate
                    + ": the stream was corrupted or the parties run different circuits";
        }
        if (progress != null) {
            // A run on a thread of its own reports at its end only (the listener is this thread's).
            progress.progress(role(), p.spec.circuit().gateCount(), p.spec.circuit().gateCount());
        }
        enter("output decoding");
        int[] eo = p.eo;
        long[] labels = p.slot.labels(p.spec.circuit());
        boolean[] out = new boolean[eo.length];
        for (int base = 0; base < eo.length && error == null; base += CHUNK) {
            int k = Math.min(CHUNK, eo.length - base);
            long[] held = outputHashes(labels, eo, base, k, p.walkEnd + base, 0, 0);
            for (int i = 0; i < k; i++) {
                if (held[2 * i] == p.checks[2 * (base + i)]) {
                    out[base + i] = false;
                } else if (held[2 * i + 1] == p.checks[2 * (base + i) + 1]) {
                    out[base + i] = true;
                } else {
                    LOG.debug("evaluator output bit {} matches neither of its two labels", base + i);
                    error = "the label of an evaluator output bit matches neither of its two labels: the"
                            + " garbled stream was corrupted";
                    break;
                }
            }
        }
        if (error != null || !p.announced) {
            sendOwedBefore(p.runIndex);
            owed.remove(p.runIndex);
            writeStatus(error);
            ch.flush();
            if (error != null) {
                throw fault(error);
            }
        }
        long[][] keptOut = keptLabels(p.spec, labels);
        ended.accept(new Ended(p.runIndex, new Outcome(out, keptOut), System.nanoTime() - p.t0,
                ch.bytesSent() - p.sent0, ch.bytesReceived() - p.received0, p.slot.gateCount(),
                p.slot.nonLinearCount(), p.spec.circuit().labelSlots()));
        idle();
    }

    /** The slot for the next run begun: the one whose run ended longest ago. */
    private int nextSlot() {
        if (slots == null) {
            slots = new RunEvaluator[runSlots()];
            ends = new Pending[runSlots()];
            for (int i = 0; i < slots.length; i++) {
                slots[i] = new RunEvaluator(scheme, runPool());
                ends[i] = new Pending();
            }
        }
        int s = slotTurn;
        slotTurn = (slotTurn + 1) % slots.length;
        return s;
    }

    @Override
    public void close() {
        if (evaluator != null) {
            evaluator.close();
        }
        if (slots != null) {
            for (RunEvaluator r : slots) {
                r.close();
            }
        }
        if (ot != null) {
            ot.close();
        }
        super.close();
    }

    /**
     * Sends run {@code run}'s header and the OT messages of its fresh input bits (not flushed),
     * keeping the labels they give for that run: the creator can garble it while this side
     * evaluates the runs before.
     */
    private void sendAhead(Sequence seq, long run) throws IOException {
        enter("next run's input labels");
        boolean[] bits = seq.bits().apply(run);
        int n = bits.length;
        if (n > AHEAD_MAX_BITS) {
            throw new IllegalArgumentException(n + " fresh input bits cannot go ahead (at most " + AHEAD_MAX_BITS + ")");
        }
        boolean more = run < seq.lastRun();
        Sent s = spare.isEmpty() ? new Sent() : spare.poll();
        s.header = writeHeader(seq.spec(), run, seq.fingerprint(), more ? RunHeader.AHEAD : 0);
        lastSent = run;
        lastAnnounced = more;
        if (s.labels.length < 2 * n) {
            s.labels = new long[2 * AHEAD_MAX_BITS];
        }
        if (n > 0) {
            if (ot == null) {
                throw new IllegalStateException("input OTs sent ahead before the OT extension is set up");
            }
            ensureChunk(n);
            rearm();
            ot.correlated(bits, 0, n, chunk, 0);
            System.arraycopy(chunk, 0, s.labels, 0, 2 * n);
        }
        sent.add(s);
    }

    /**
     * At least the bytes of {@link #runsAhead} runs' headers and input OTs of {@code spec} as
     * {@link #sendAhead} writes them (16 a bit, blocks rounded up to 128 OTs, call headers),
     * with room for the statuses still unread among them: about 37 KiB for
     * {@link #AHEAD_MAX_BITS} bits.
     */
    int aheadBytes(RunPlan spec) {
        long n = spec.freshBits(Party.EVALUATOR);
        return (int) (runsAhead * (RunHeader.bytes(spec) + 16 * (n + 128) + 64) + 1024);
    }

    /** The extension's OTs for the fresh input bits y, into their slots ef (sent, not flushed). */
    private void correlated(boolean[] y, int[] ef, long[] labels) throws IOException {
        for (int base = 0; base < ef.length; base += CHUNK) {
            int k = Math.min(CHUNK, ef.length - base);
            rearm();
            ot.correlated(y, base, k, chunk, 0);
            CreatorProtocol.scatter(chunk, k, ef, base, labels);
        }
    }
}
