package io.gcstream.spark;

/**
 * The answer of {@link WorkerPairs#aggregate}, which both parties learn and nothing else: over
 * both parties' rows, the minimum of the unsigned 32-bit column ({@code 0xFFFFFFFF} when there
 * are no rows) and the sum of the signed 64-bit column modulo 2^64; and how the job ran: its
 * number of slices (k) and the rounds it took (more than 1 when a slice was redone). Immutable.
 */
public final class AggregateResult {
    private final long min;
    private final long sum;
    private final int slices;
    private final int rounds;

    AggregateResult(long min, long sum, int slices, int rounds) {
        this.min = min;
        this.sum = sum;
        this.slices = slices;
        this.rounds = rounds;
    }

    /** The minimum, as an unsigned 32-bit value in a long. */
    public long min() {
        return min;
    }

    /** The sum modulo 2^64, as a signed long. */
    public long sum() {
        return sum;
    }

    /** The worker pairs, k. */
    public int slices() {
        return slices;
    }

    /** Rounds of Spark jobs the slices took. */
    public int rounds() {
        return rounds;
    }

    @Override
    public String toString() {
        return "AggregateResult[min=" + min + ", sum=" + sum + ", slices=" + slices + ", rounds=" + rounds + "]";
    }
}
