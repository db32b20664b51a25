package io.gcstream.compiler.bristol;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;

/**
 * Coverage-guided fuzzing of {@link BristolImporter} on Bristol Fashion: every input is imported and the
 * result checked against the gate list ({@link BristolFuzzing#check}). In the default build
 * the seeds under {@code BristolFashionFuzzTestInputs/} run as regression tests; docs/security.md
 * ("Fuzzing") gives the command for a long run.
 */
class BristolFashionFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void read(byte[] data) throws IOException {
        BristolFuzzing.check(data, false);
    }
}
