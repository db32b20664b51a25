package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, finding 8: {@code peakHeapBytes} of a small command in a fresh process. Under G1 the
 * heap pools' figures had not moved from 0 by the end of a {@code gc sim} of a small circuit, and
 * 0 was reported.
 */
class PeakHeapIT {
    @Test
    void aSmallSimulationReportsTheHeapItUsed(@TempDir Path dir) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(GcProcess.gcCommand(List.of("-XX:+UseG1GC"),
                List.of("sim", "--json", "lib:hamming8", "--creator-input", "1", "--evaluator-input", "2")));
        GcProcess.Done d = GcProcess.start(pb, dir).finish(60);
        assertEquals(0, d.status(), d.err());
        long peak = CliTestSupport.integer(CliTestSupport.json(d.out()), "peakHeapBytes");
        assertTrue(peak > 0, d.out());
    }
}
