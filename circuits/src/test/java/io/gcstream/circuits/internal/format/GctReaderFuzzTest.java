package io.gcstream.circuits.internal.format;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gcstream.circuits.CircuitFormat;
import java.io.IOException;

/**
 * Coverage-guided fuzzing of {@link GctReader} (.gct text (sub-circuits, ranges)): every input is read fully, then used
 * ({@link ReaderFuzzing#check}). In the default build the seeds under
 * {@code GctReaderFuzzTestInputs/} run as regression tests; docs/security.md ("Fuzzing") gives
 * the command for a long run.
 */
class GctReaderFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void read(byte[] data) throws IOException {
        ReaderFuzzing.check(data, CircuitFormat.GCT);
    }
}
