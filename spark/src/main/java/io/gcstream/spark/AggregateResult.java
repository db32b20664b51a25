package io.gcstream.spark;

/**
 * The answer of {@link WorkerPairs#aggregate}, which both parties learn and nothing else: over
 * both parties' rows, the minimum of the unsigned 32-bit column ({@code 0xFFFFFFFF} when there
 * are no rows) and the sum of the signed 64-bit column modulo 2^64; and how the job ran: its
 * number of slices (k) and the rounds it took (more than 1 when a slice was redone).
 *
 * @param min    the minimum, as an unsigned 32-bit value in a long
 * @param sum    the sum modulo 2^64, as a signed long
 * @param slices the worker pairs, k
 * @param rounds rounds of Spark jobs the slices took
 */
public record AggregateResult(long min, long sum, int slices, int rounds) {
}
