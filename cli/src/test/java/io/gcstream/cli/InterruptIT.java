package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, finding 12: SIGINT or SIGTERM while {@code gc compile} writes a large circuit
 * leaves no hidden temporary file and says so in one line. Real processes from the packaged jar.
 */
class InterruptIT {
    @TempDir
    Path dir;

    @Test
    void sigtermRemovesTheTemporaryFileAndSaysOneLine() throws Exception {
        interrupt(List.of(), p -> p.destroy(), 143);
    }

    @Test
    void sigintRemovesTheTemporaryFileAndSaysOneLine() throws Exception {
        // A process started from a non-interactive shell's background job inherits SIGINT
        // ignored; env --default-signal gives gc the default disposition back.
        assumeTrue(CliTestSupport.command("env", "--default-signal=INT", "true") == 0, "needs env --default-signal (coreutils 8.31+)");
        interrupt(List.of("env", "--default-signal=INT"), p -> CliTestSupport.command("kill", "-INT", "" + p.pid()), 130);
    }

    private interface Signal {
        void send(Process p) throws Exception;
    }

    private void interrupt(List<String> prefix, Signal signal, int status) throws Exception {
        Path out = Files.createDirectory(dir.resolve("out"));
        Path target = out.resolve("big.mec");
        List<String> cmd = new ArrayList<>(prefix);
        // ~225 million gates: several GB as .mec, far more than the seconds this test waits.
        cmd.addAll(GcProcess.gcCommand(List.of(), List.of("compile", "lib:levenshtein3000x3000", "-o", target.toString())));
        GcProcess p = GcProcess.start(new ProcessBuilder(cmd), dir);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (temporarySize(out) < (1 << 20)) {
                assertTrue(p.process().isAlive(), "gc ended before it was interrupted");
                assertTrue(System.nanoTime() < deadline, "no temporary file grew within 60 s");
                Thread.sleep(50);
            }
            signal.send(p.process());
            GcProcess.Done d = p.finish(60);
            assertEquals(status, d.status(), d.err());
            assertEquals("gc: interrupted: not written: " + target.toAbsolutePath()
                    + " (the unfinished temporary file was removed)", d.err().strip());
            try (Stream<Path> s = Files.list(out)) {
                assertEquals(List.of(), s.toList(), "nothing left behind");
            }
        } finally {
            p.process().destroyForcibly();
        }
    }

    private static long temporarySize(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> f.getFileName().toString().endsWith(".tmp")).mapToLong(f -> f.toFile().length()).sum();
        }
    }
}
