package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built jar writing its results to a full disk ({@code /dev/full}) or a pipe whose reader
 * has gone: one line naming the failure and status 1, never status 0 with the results lost
 * (issue 26, finding 4).
 */
class ResultOutputIT {
    private static final List<String> SIM = List.of("sim", "lib:millionaires8", "--creator-input", "5",
            "--evaluator-input", "3");
    private static final List<String> RUN = List.of("run", "--local", "lib:millionaires8", "--creator-input", "5",
            "--evaluator-input", "3");

    @Test
    void aFullDiskIsAFailure(@TempDir Path dir) throws Exception {
        File full = new File("/dev/full");
        assumeTrue(full.exists(), "needs /dev/full");
        for (List<String> args : List.of(SIM, RUN, List.of("info", "lib:aes128"))) {
            Path err = dir.resolve("err.txt");
            Process p = new ProcessBuilder(GcProcess.gcCommand(List.of(), args)).redirectOutput(full)
                    .redirectError(err.toFile()).start();
            assertEquals(true, p.waitFor(120, TimeUnit.SECONDS), "finished");
            String e = Files.readString(err, StandardCharsets.UTF_8);
            assertEquals(1, p.exitValue(), args + ": " + e);
            assertEquals("gc: the results could not be written to standard output: No space left on device",
                    e.strip(), args.toString());
        }
    }

    @Test
    void aClosedPipeIsAFailure(@TempDir Path dir) throws Exception {
        for (List<String> args : List.of(SIM, RUN, List.of("lib"))) {
            Path err = dir.resolve("err.txt");
            Process p = new ProcessBuilder(GcProcess.gcCommand(List.of(), args)).redirectError(err.toFile()).start();
            p.getInputStream().close(); // the reader goes before anything is written
            assertEquals(true, p.waitFor(120, TimeUnit.SECONDS), "finished");
            String e = Files.readString(err, StandardCharsets.UTF_8);
            assertEquals(1, p.exitValue(), args + ": " + e);
            assertEquals("gc: the results could not be written to standard output: Broken pipe", e.strip(),
                    args.toString());
        }
    }
}
