package io.gcstream.compiler;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/** Runs a main class of this module's tests in a child JVM with a given heap: memory tests. */
public final class ChildJvm {
    private ChildJvm() {
    }

    /** The exit status and the output (stdout and stderr) of {@code main args} under {@code -Xmx<heap>}. */
    public record Result(int status, String output) {
    }

    public static Result run(String heap, Class<?> main, String... args) throws Exception {
        String cp = location(main) + File.pathSeparator + location(CircuitBuilder.class) + File.pathSeparator
                + location(io.gcstream.circuits.Circuit.class);
        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-cp", cp, main.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        return new Result(p.waitFor(), out);
    }

    private static String location(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
