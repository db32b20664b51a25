package io.gcstream.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A process started by an integration test, its stdout and stderr going to files in the
 * test's folder; usually {@code java [options] -jar gc.jar …} with the jar the build packaged.
 */
record GcProcess(Process process, Path out, Path err, String what) {
    /** How a process ended: its exit status and all it printed. */
    record Done(int status, String out, String err) {
        /** The last line of stderr. */
        String lastError() {
            List<String> lines = err.lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }
    }

    /** {@code java jvm… -jar gc.jar args…}: this JVM's java and the packaged jar (absolute). */
    static List<String> gcCommand(List<String> jvm, List<String> args) {
        String jar = Path.of(System.getProperty("gc.jar", "target/gc.jar")).toAbsolutePath().toString();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvm);
        cmd.addAll(List.of("-jar", jar));
        cmd.addAll(args);
        return cmd;
    }

    /** Starts {@code pb}'s command (its directory and environment as set) with its output in new files in {@code dir}. */
    static GcProcess start(ProcessBuilder pb, Path dir) throws IOException {
        Path out = Files.createTempFile(dir, "gc", ".out");
        Path err = Files.createTempFile(dir, "gc", ".err");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        return new GcProcess(pb.start(), out, err, String.join(" ", pb.command()));
    }

    /** Waits for the end, at most {@code seconds}: a process still running then is killed and the test fails. */
    Done finish(int seconds) throws IOException, InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(what + " did not finish within " + seconds + " s");
        }
        return new Done(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
