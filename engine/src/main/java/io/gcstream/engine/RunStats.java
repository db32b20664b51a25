package io.gcstream.engine;

import io.gcstream.circuits.Party;

/**
 * What one {@link GcSession#run} cost, as seen by one party. Times are wall-clock nanoseconds:
 * {@code setupNanos} (the session handshake; non-zero only for the first run of a session,
 * which also reports it when {@code GcSession.handshake()} did it before), {@code otNanos}
 * (input labels: the creator's sent, the evaluator's by OT, including the base OTs of a first
 * run, or of the run that sets the OT extension up), {@code onlineNanos} (the garbled-circuit stream and output decoding) and
 * {@code totalNanos} (the whole call). Byte counts are this party's, both directions,
 * including setup for the first run. {@code gates} and {@code nonLinearGates} are the gates
 * streamed (calls expanded, including the copy gates that move call arguments), and
 * {@code labelSlots} the labels held.
 */
public record RunStats(Party role, Scheme scheme, long setupNanos, long otNanos,
        long onlineNanos, long totalNanos, long bytesSent, long bytesReceived, long gates,
        long nonLinearGates, long labelSlots) {

    /** Non-linear gates per second over the online phase (0 if nothing was timed). */
    public double nonLinearPerSecond() {
        return onlineNanos == 0 ? 0 : nonLinearGates * 1e9 / onlineNanos;
    }

    /** One JSON object with the fields above (times in milliseconds, 3 decimals). */
    public String toJson() {
        return "{\"role\":\"" + role.name().toLowerCase(java.util.Locale.ROOT) + "\""
                + ",\"scheme\":\"" + scheme.wireName() + "\""
                + ",\"setupMs\":" + ms(setupNanos)
                + ",\"otMs\":" + ms(otNanos)
                + ",\"onlineMs\":" + ms(onlineNanos)
                + ",\"totalMs\":" + ms(totalNanos)
                + ",\"bytesSent\":" + bytesSent
                + ",\"bytesReceived\":" + bytesReceived
                + ",\"gates\":" + gates
                + ",\"nonLinearGates\":" + nonLinearGates
                + ",\"labelSlots\":" + labelSlots + "}";
    }

    private static String ms(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.3f", nanos / 1e6);
    }
}
