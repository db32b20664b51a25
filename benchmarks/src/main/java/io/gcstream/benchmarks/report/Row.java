package io.gcstream.benchmarks.report;

import java.util.Objects;

/**
 * One circuit measured in one session: what the circuit is, the medians of its measured runs and
 * the published figures it is compared with. Times are the creator's wall clock per execution
 * ({@code totalMs} = input labels by OT + garbled stream + output decoding; {@code onlineMs} =
 * the garbled stream and output decoding after the inputs); {@code firstMs} is the session's
 * first execution, handshake and base OTs included. Bytes are per execution, each direction.
 * {@code peakHeapBytes} and {@code allocatedBytes} are explained in {@link HeapPeak} and
 * {@link CircuitRuns}. The reference fields are null where there is no published figure.
 *
 * @param kind           {@code library}, {@code mesfe} (a circuit file of ME-SFE) or {@code chain}
 *                       (a generated AND chain)
 * @param circuit        the library name, file path or generated circuit's name
 * @param scheme         the garbling scheme's wire name
 * @param nonLinear      non-linear (AND) gates per execution
 * @param gates          gates streamed per execution (calls expanded)
 * @param slots          the working set S
 * @param labelSlots     labels held, call frames included
 * @param warmupRuns     executions run after the first and not counted
 * @param runs           executions counted
 * @param heapBeforeBytes heap in use after a full collection before a run (median)
 * @param paperNonLinear the paper's non-linear gates for this application (Table 3)
 * @param paperMs        the paper's online time in ms (Table 3)
 * @param mesfeMs        ME-SFE's ms per execution on this kind of machine
 */
public record Row(String kind, String circuit, String scheme, long nonLinear, long gates, long slots,
        long labelSlots, int warmupRuns, int runs, double firstMs, double otMs, double onlineMs,
        double totalMs, long creatorSentBytes, long evaluatorSentBytes, long heapBeforeBytes,
        long peakHeapBytes, long allocatedBytes, Long paperNonLinear, Double paperMs, Double mesfeMs) {

    public Row {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(circuit, "circuit");
        Objects.requireNonNull(scheme, "scheme");
    }

    /** Non-linear gates per second over the median total time (0 if not timed). */
    public double andPerSecond() {
        return totalMs <= 0 ? 0 : nonLinear / (totalMs / 1e3);
    }
}
