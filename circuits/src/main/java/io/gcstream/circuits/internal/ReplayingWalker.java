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
 * evaluator must get the same batches. Expanding calls is
 * about a quarter of the work of running a small circuit such as AES-128 once the session is
 * warm; copying a recorded batch is a fraction of that.
 *
 * <p>Memory: 16 bytes per walked gate while the recording grows, at most {@code budgetGates}
 * gates (a walk that would exceed it is not recorded, and no later walk tries again); none for
 * a circuit that does not fit. A walk that fails keeps nothing of its partial recording.
 * Not thread-safe.
 */
public final class ReplayingWalker {
    private final CircuitWalker walker;
    private final long budgetInts;
    private int[] recording = new int[0];
    private int recorded;
    /** The recording holds a complete walk. */
    private boolean complete;
    /** A walk did not fit the budget: walk from the circuit from now on. */
    private boolean tooLarge;
    private final int[] batch = new int[4 * CircuitWalker.BATCH];

    /**
     * @param budgetGates the most walked gates (copy gates of calls included) to record; 0
     *                    records nothing
     */
    public ReplayingWalker(Circuit circuit, long budgetGates) {
        if (budgetGates < 0) {
            throw new IllegalArgumentException("negative budget " + budgetGates);
        }
        this.walker = new CircuitWalker(circuit);
        this.budgetInts = Math.min(4 * budgetGates, Integer.MAX_VALUE - 16);
        this.tooLarge = budgetGates == 0;
    }

    /** One full pass over the circuit, as {@link CircuitWalker#walk}. */
    public void walk(GateSink sink) throws IOException {
        if (complete) {
            replay(sink);
            return;
        }
        if (tooLarge) {
            walker.walk(sink);
            return;
        }
        recorded = 0;
        boolean done = false;
        try {
            walker.walk((ops, count) -> {
                record(ops, count);
                sink.gates(ops, count);
            });
            done = true;
        } finally {
            if (done && !tooLarge) {
                recording = Arrays.copyOf(recording, recorded);
                complete = true;
            } else {
                recording = new int[0];
                recorded = 0;
            }
        }
    }

    /** Whether later walks replay a recording. */
    public boolean replays() {
        return complete;
    }

    private void record(int[] ops, int count) {
        if (tooLarge) {
            return;
        }
        if (recorded % batch.length != 0) {
            // A short batch before this one: the replay, which cuts the recording into full
            // batches, would not match the walk. The walker never does this; stay safe if it does.
            tooLarge = true;
            recording = new int[0];
            recorded = 0;
            return;
        }
        int n = 4 * count;
        if (recorded + n > recording.length) {
            long want = Math.max(recorded + (long) n, 2L * recording.length);
            if (recorded + (long) n > budgetInts) {
                tooLarge = true;
                recording = new int[0];
                recorded = 0;
                return;
            }
            recording = Arrays.copyOf(recording, (int) Math.min(want, budgetInts));
        }
        System.arraycopy(ops, 0, recording, recorded, n);
        recorded += n;
    }

    private void replay(GateSink sink) {
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
