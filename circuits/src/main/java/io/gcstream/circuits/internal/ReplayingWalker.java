package io.gcstream.circuits.internal;

import io.gcstream.circuits.Circuit;
import java.io.IOException;
import java.util.Arrays;

/**
 * A {@link CircuitWalker} for a circuit that is walked many times, such as one run again and
 * again in a session: the first complete walk is recorded, if its gates fit a budget, and later
 * walks replay the recording instead of reading the body and expanding the calls again.
 *
 * <p>A replay hands the sink exactly the batches of the recorded walk (same gates, same batch
 * boundaries: the walker's batches are full but for the last, and a walk that is not so is not
 * recorded), so a party that replays and a peer that walks stay in step: the garbler and the
 * evaluator must get the same batches. A replay copies recorded batches instead of expanding
 * the calls again.
 *
 * <p>Memory: 16 bytes per walked gate, allocated once at the walk's exact size, for a walk of
 * at most {@code budgetGates} gates; nothing for a larger one (its walks are never recorded).
 * Sizing costs one extra pass over the main body, without expanding calls, the first time,
 * and only for a circuit whose gate count fits the budget. A walk that fails leaves nothing to
 * replay; the next walk records again. Not thread-safe.
 */
public final class ReplayingWalker {
    private static final int[] EMPTY = new int[0];
    private static final int BATCH_INTS = 4 * CircuitWalker.BATCH;

    private final Circuit circuit;
    private final CircuitWalker walker;
    /** The budget in ints, four per gate, within what one array holds. */
    private final long budgetInts;
    /** Null until the walk is sized; then the recording, or EMPTY if the walk is not recorded. */
    private int[] recording;
    private int recorded;
    /** The recording holds a complete walk. */
    private boolean complete;
    /** A walk did not fit the budget: walk from the circuit from now on. */
    private boolean tooLarge;
    /** Where a replayed batch is handed to the sink; allocated by the first replay. */
    private int[] batch;

    /**
     * @param budgetGates the most walked gates (copy gates of calls included) to record; 0
     *                    records nothing
     */
    public ReplayingWalker(Circuit circuit, long budgetGates) {
        this(circuit, budgetGates, null);
    }

    /** As {@link #ReplayingWalker(Circuit, long)}, walking with {@code plan} ({@link SplitPlan}; null: none). */
    public ReplayingWalker(Circuit circuit, long budgetGates, SplitPlan plan) {
        if (budgetGates < 0) {
            throw new IllegalArgumentException("negative budget " + budgetGates);
        }
        this.circuit = circuit;
        this.walker = new CircuitWalker(circuit, plan);
        this.budgetInts = 4 * Math.min(budgetGates, (Integer.MAX_VALUE - 16) / 4);
        this.tooLarge = budgetGates == 0;
    }

    /** One full pass over the circuit, as {@link CircuitWalker#walk}. */
    public void walk(GateSink sink) throws IOException {
        if (complete) {
            replay(sink);
            return;
        }
        if (!tooLarge && recording == null) {
            size();
        }
        if (tooLarge) {
            walker.walk(sink);
            return;
        }
        recorded = 0;
        // A walk that fails leaves recorded short of the count: the next walk starts over.
        walker.walk((ops, count) -> {
            record(ops, count);
            sink.gates(ops, count);
        });
        if (tooLarge) {
            return;
        }
        if (recorded == recording.length) {
            complete = true;
        } else {
            // Fewer gates than counted: as unexpected as more (see record); walk from now on.
            tooLarge = true;
            recording = EMPTY;
        }
    }

    /** Whether later walks replay a recording. */
    public boolean replays() {
        return complete;
    }

    /**
     * Decides, before anything is recorded, whether the walk fits the budget, and if so
     * allocates the recording at its exact size: growing it on the way would hold twice the
     * budget at times, which a small heap cannot spare. The gate count is a lower bound known
     * without reading the body; only a circuit that passes it is read once to count its copies.
     */
    private void size() throws IOException {
        if (circuit.gateCount() > budgetInts / 4) {
            tooLarge = true;
            return;
        }
        long walked = CircuitWalker.gatesWalked(circuit);
        if (walked > budgetInts / 4) {
            tooLarge = true;
            return;
        }
        recording = new int[(int) (4 * walked)];
    }

    private void record(int[] ops, int count) {
        if (tooLarge) {
            return;
        }
        int n = 4 * count;
        if (recorded % BATCH_INTS != 0 || recorded + n > recording.length) {
            // A short batch before this one (the replay, which cuts the recording into full
            // batches, would not match the walk) or more gates than counted: the walker never
            // does either; stay safe if it does, and record nothing from now on.
            tooLarge = true;
            recording = EMPTY;
            recorded = 0;
            return;
        }
        System.arraycopy(ops, 0, recording, recorded, n);
        recorded += n;
    }

    private void replay(GateSink sink) {
        if (batch == null) {
            batch = new int[BATCH_INTS];
        }
        final int[] rec = recording;
        final int[] b = batch;
        for (int at = 0; at < rec.length; at += b.length) {
            int n = Math.min(b.length, rec.length - at);
            // A copy, not a view: a sink may keep the array until its next call.
            System.arraycopy(rec, at, b, 0, n);
            sink.gates(b, n >> 2);
        }
    }
}
