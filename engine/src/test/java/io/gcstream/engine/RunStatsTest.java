package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Party;
import org.junit.jupiter.api.Test;

class RunStatsTest {
    @Test
    void json() {
        RunStats s = new RunStats(Party.CREATOR, Scheme.HALF_GATES, 1_000_000, 2_000_000,
                500_000_000, 503_000_000, 320, 64, 20, 10, 7);
        assertEquals("{\"role\":\"creator\",\"scheme\":\"half-gates\",\"setupMs\":1.000,"
                + "\"otMs\":2.000,\"onlineMs\":500.000,\"totalMs\":503.000,\"bytesSent\":320,"
                + "\"bytesReceived\":64,\"gates\":20,\"nonLinearGates\":10,\"labelSlots\":7}",
                s.toString());
    }
}
