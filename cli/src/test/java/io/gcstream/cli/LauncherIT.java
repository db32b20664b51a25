package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.cli.GcProcess.Done;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code gc} launcher script, run from a copy of the repository's layout (the script and
 * the built jar, no sources, so it rebuilds only when the jar is missing): its class-data
 * sharing archive is made once, used silently, and a stale or foreign archive never shows on
 * stderr; two launchers started at once build once.
 */
class LauncherIT {
    private static final String KEY = "0x000102030405060708090a0b0c0d0e0f";
    private static final String PLAIN = "0x00112233445566778899aabbccddeeff";
    /** FIPS-197, appendix C.1. */
    private static final String CIPHER = "0x69c4e0d86a7b0430d8cdb78070b4c55a";

    @Test
    void archiveIsMadeOnceUsedQuietlyAndRunsStayCorrect(@TempDir Path root) throws Exception {
        Path jsa = layout(root);
        Done first = gc(root, Map.of(), "--version");
        assertEquals(0, first.status(), first.err());
        assertTrue(first.out().startsWith("gc "), first.out());
        assertEquals("", first.err());
        assertTrue(Files.isRegularFile(jsa), "the first start makes the archive");
        FileTime made = Files.getLastModifiedTime(jsa);

        Done run = gc(root, Map.of(), "run", "--local", "lib:aes128", "--creator-input", KEY,
                "--evaluator-input", PLAIN);
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("evaluator output  (128 bits): " + CIPHER), run.out());
        assertEquals("", run.err());
        assertEquals(made, Files.getLastModifiedTime(jsa), "made once per jar");

        // An archive the JVM cannot use (another JDK's, or damaged) is ignored without a word.
        Files.write(jsa, new byte[4096]);
        Done foreign = gc(root, Map.of(), "--version");
        assertEquals(0, foreign.status(), foreign.err());
        assertEquals("", foreign.err());
    }

    @Test
    void gcCdsZeroMakesNoArchive(@TempDir Path root) throws Exception {
        Path jsa = layout(root);
        Done d = gc(root, Map.of("GC_CDS", "0"), "--version");
        assertEquals(0, d.status(), d.err());
        assertEquals("", d.err());
        assertFalse(Files.exists(jsa));
    }

    /**
     * Two parties started at once on a tree whose jar is missing: one builds while the other
     * waits for it, and both run. Maven here is a stand-in on PATH that logs each build, takes
     * a second and puts the packaged jar in place.
     */
    @Test
    void twoLaunchersStartedAtOnceBuildOnce(@TempDir Path root) throws Exception {
        layout(root);
        Path jar = root.resolve("cli/target/gc.jar");
        Path built = Files.move(jar, root.resolve("built.jar"));
        Path bin = Files.createDirectories(root.resolve("bin"));
        Path log = root.resolve("mvn.log");
        Files.writeString(bin.resolve("mvn"), "#!/usr/bin/env bash\n"
                + "echo build >> '" + log + "'\n"
                + "sleep 1\n"
                + "cp '" + built + "' '" + jar + ".tmp' && mv '" + jar + ".tmp' '" + jar + "'\n");
        bin.resolve("mvn").toFile().setExecutable(true);
        Map<String, String> env = Map.of("GC_CDS", "0", "PATH", bin + ":" + javaFirstPath());
        GcProcess a = start(root, env, "--version");
        GcProcess b = start(root, env, "--version");
        for (GcProcess p : List.of(a, b)) {
            Done d = p.finish(120);
            assertEquals(0, d.status(), d.err());
            assertTrue(d.out().startsWith("gc "), d.out());
        }
        assertEquals(List.of("build"), Files.readAllLines(log), "one build for both");
        assertFalse(Files.exists(root.resolve(".gc-build.lock")), "the lock is released");
    }

    /**
     * Issue 26, finding 12: a read-only checkout whose jar looks stale (a source newer than it)
     * runs the jar it has with a one-line warning; one without a jar says it cannot build, in
     * one line, and exits 1. Neither waits for a build lock it cannot take. (Run as an
     * unprivileged user when the tests run as root, for whom nothing is read-only.)
     */
    @Test
    void aReadOnlyTreeRunsItsJarOrSaysItCannotBuildOne(@TempDir Path base) throws Exception {
        List<String> asUser = unprivileged();
        for (boolean withJar : new boolean[] {true, false}) {
            Path root = Files.createDirectory(base.resolve(withJar ? "with-jar" : "without-jar"));
            layout(root);
            if (!withJar) {
                Files.delete(root.resolve("cli/target/gc.jar"));
            }
            Files.writeString(root.resolve("pom.xml"), "<project/>\n");
            Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.fromMillis(System.currentTimeMillis() + 60_000));
            readOnly(root, true);
            try {
                runReadOnly(root, asUser, withJar);
            } finally {
                readOnly(root, false); // so that the folder can be deleted
            }
        }
    }

    private static void runReadOnly(Path root, List<String> asUser, boolean withJar) throws Exception {
        List<String> cmd = new ArrayList<>(asUser);
        cmd.addAll(List.of("bash", root.resolve("gc").toString(), "--version"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("GC_JAVA_OPTS");
        pb.environment().put("PATH", javaFirstPath());
        pb.environment().put("GC_CDS", "0");
        Path out = Files.createTempFile("gc-launcher", ".out");
        Path err = Files.createTempFile("gc-launcher", ".err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        Done d = new GcProcess(p, out, err, String.join(" ", cmd)).finish(60);
        Files.delete(out);
        Files.delete(err);
        List<String> lines = d.err().lines().toList();
        assertEquals(1, lines.size(), d.err());
        if (withJar) {
            assertEquals(0, d.status(), d.err());
            assertTrue(d.out().startsWith("gc "), d.out());
            assertTrue(lines.get(0).startsWith("gc: warning: sources are newer than ")
                    && lines.get(0).endsWith("is not writable, so it cannot be rebuilt; running it as it is"), d.err());
        } else {
            assertEquals(1, d.status(), d.err());
            assertTrue(lines.get(0).contains("gc.jar is missing and ") && lines.get(0).contains("is not writable"),
                    d.err());
        }
    }

    /** The command prefix that runs as a user who cannot write the tree: none, or setpriv to nobody as root. */
    private static List<String> unprivileged() throws Exception {
        if (!"root".equals(System.getProperty("user.name"))) {
            return List.of();
        }
        Process probe = new ProcessBuilder("setpriv", "--version").redirectErrorStream(true).start();
        probe.getInputStream().readAllBytes();
        org.junit.jupiter.api.Assumptions.assumeTrue(probe.waitFor() == 0, "as root, needs setpriv to drop privileges");
        return List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups");
    }

    /** Every file and folder under {@code root} (and it) readable by all and writable by none, or by the owner again. */
    private static void readOnly(Path root, boolean on) throws Exception {
        try (java.util.stream.Stream<Path> all = Files.walk(root)) {
            for (Path p : all.toList()) {
                boolean x = Files.isDirectory(p) || p.getFileName().toString().equals("gc");
                Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString(
                        (on ? "r-" : "rw") + (x ? "xr-xr-x" : "-r--r--")));
            }
        }
        Files.setPosixFilePermissions(root.getParent(), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** root/gc and root/cli/target/gc.jar as in the repository; returns where the archive goes. */
    private static Path layout(Path root) throws Exception {
        Path launcher = Path.of(System.getProperty("gc.launcher", "../gc")).toAbsolutePath();
        Path jar = Path.of(System.getProperty("gc.jar", "target/gc.jar")).toAbsolutePath();
        Files.copy(launcher, root.resolve("gc"));
        root.resolve("gc").toFile().setExecutable(true);
        Path target = Files.createDirectories(root.resolve("cli/target"));
        Files.copy(jar, target.resolve("gc.jar"));
        return target.resolve("gc.jsa");
    }

    private static Done gc(Path root, Map<String, String> env, String... args) throws Exception {
        return start(root, env, args).finish(120);
    }

    private static GcProcess start(Path root, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", root.resolve("gc").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("GC_JAVA_OPTS");
        pb.environment().remove("GC_LOG_LEVEL");
        pb.environment().put("PATH", javaFirstPath());
        pb.environment().putAll(env);
        return GcProcess.start(pb, root);
    }

    /** The launcher runs `java` from PATH: the JDK running the tests comes first. */
    private static String javaFirstPath() {
        return Path.of(System.getProperty("java.home"), "bin") + ":" + System.getenv("PATH");
    }
}
