package io.gcstream.circuits.internal.format;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;

/**
 * Coverage-guided fuzzing of format detection and whichever reader it picks
 * ({@link CircuitFiles#read(java.nio.file.Path)}): every input is read fully, then used
 * ({@link ReaderFuzzing#check}). Seeds under {@code CircuitFilesFuzzTestInputs/}.
 */
class CircuitFilesFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void read(byte[] data) throws IOException {
        ReaderFuzzing.check(data, null);
    }
}
