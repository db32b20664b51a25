package io.gcstream.engine;

import io.gcstream.circuits.Party;
import java.util.Locale;

/**
 * What one {@link GcSession#run} cost, as seen by one party. Times are wall-clock nanoseconds:
 * {@code setupNanos} (the session handshake; non-zero only for the first run of a session,
 * which also reports it when {@code GcSession.handshake()} did it before), {@code otNanos}
 * (input labels: the creator's sent, the evaluator's by OT, including the base OTs of a first
 * run, or of the run that sets the OT extension up), {@code onlineNanos} (the garbled-circuit
 * stream and output decoding) and {@code totalNanos} (the whole call). Byte counts are this
 * party's, both directions, including setup for the first run. {@code gates} and
 * {@code nonLinearGates} are the gates streamed (calls expanded, including the copy gates that
 * move call arguments), and {@code labelSlots} the labels held. Immutable.
 */
public final class RunStats {
    private final Party role;
    private final Scheme scheme;
    private final long setupNanos;
    private final long otNanos;
    private final long onlineNanos;
    private final long totalNanos;
    private final long bytesSent;
    private final long bytesReceived;
    private final long gates;
    private final long nonLinearGates;
    private final long labelSlots;

    RunStats(Party role, Scheme scheme, long setupNanos, long otNanos, long onlineNanos, long totalNanos,
            long bytesSent, long bytesReceived, long gates, long nonLinearGates, long labelSlots) {
        this.role = role;
        this.scheme = scheme;
        this.setupNanos = setupNanos;
        this.otNanos = otNanos;
        this.onlineNanos = onlineNanos;
        this.totalNanos = totalNanos;
        this.bytesSent = bytesSent;
        this.bytesReceived = bytesReceived;
        this.gates = gates;
        this.nonLinearGates = nonLinearGates;
        this.labelSlots = labelSlots;
    }

    /** The party these are of. */
    Party role() {
        return role;
    }

    /** The session's garbling scheme. */
    public Scheme scheme() {
        return scheme;
    }

    /** The session handshake, if this run reports it (see the class comment). */
    public long setupNanos() {
        return setupNanos;
    }

    /** The input labels: sent (creator) or taken by OT (evaluator). */
    public long otNanos() {
        return otNanos;
    }

    /** The garbled-circuit stream and output decoding. */
    public long onlineNanos() {
        return onlineNanos;
    }

    /** The whole call. */
    public long totalNanos() {
        return totalNanos;
    }

    /** Bytes this party sent. */
    public long bytesSent() {
        return bytesSent;
    }

    /** Bytes this party received. */
    public long bytesReceived() {
        return bytesReceived;
    }

    /** Gates streamed, calls expanded, copy gates included. */
    public long gates() {
        return gates;
    }

    /** Non-linear gates streamed. */
    public long nonLinearGates() {
        return nonLinearGates;
    }

    /** Labels held. */
    public long labelSlots() {
        return labelSlots;
    }

    /**
     * One JSON object with the fields above, times in milliseconds with 3 decimals:
     * {@code {"role":"creator","scheme":"half-gates","setupMs":1.000,"otMs":...,"onlineMs":...,
     * "totalMs":...,"bytesSent":...,"bytesReceived":...,"gates":...,"nonLinearGates":...,
     * "labelSlots":...}}.
     */
    @Override
    public String toString() {
        return "{\"role\":\"" + role.name().toLowerCase(Locale.ROOT) + "\""
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
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }
}
