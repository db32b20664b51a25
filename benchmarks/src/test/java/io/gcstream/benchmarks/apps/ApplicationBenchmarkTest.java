package io.gcstream.benchmarks.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.engine.Scheme;
import org.junit.jupiter.api.Test;

/** A smoke test: the benchmark's setup, a few invocations and teardown, without JMH. */
class ApplicationBenchmarkTest {
    @Test
    void setUpRunTearDownForEveryScheme() throws Exception {
        for (Scheme s : Scheme.values()) {
            HammingBenchmark b = new HammingBenchmark();
            b.circuit = "hamming32";
            b.scheme = s;
            b.setUp();
            try {
                for (int i = 0; i < ApplicationBenchmark.INPUTS + 2; i++) {
                    assertEquals(6, b.execution().length, "hamming32: a 6-bit distance");
                }
            } finally {
                b.tearDown();
            }
        }
    }

    @Test
    void theExpandedAesEncodesTheCreatorsKeyPerExecution() throws Exception {
        AesBenchmark b = new AesBenchmark();
        b.circuit = "aes128-expanded";
        b.scheme = Scheme.HALF_GATES;
        b.setUp();
        try {
            assertEquals(128, b.execution().length);
        } finally {
            b.tearDown();
        }
    }
}
