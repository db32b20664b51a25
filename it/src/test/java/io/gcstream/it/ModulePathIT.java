package io.gcstream.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.engine.GcSession;
import io.gcstream.ot.channel.Channel;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The packaged library jars as a program meets them: the consumer project's program
 * ({@code src/it/consumer}, a named module) compiled here against the jars on the module path,
 * then run in a fresh JVM on the module path and on the class path, with no SLF4J backend (it
 * must print its result and nothing else) and with Logback but no Logback configuration (a
 * DEBUG line or two per session, none per run); code outside gcstream cannot compile against
 * an internal package; and each jar's module descriptor exports exactly the packages
 * docs/api.md lists for its module.
 */
class ModulePathIT {
    private static final String CIPHERTEXT = "3925841d02dc09fbdc118597196a0b32";
    private static final String MAIN = "com.example.consumer.PrivateAes";

    @TempDir
    static Path dir;
    /** gcstream's library jars and their runtime dependencies, as the build packaged them. */
    private static List<Path> libraries;
    private static Path consumer;

    @BeforeAll
    static void compileTheConsumerAgainstTheJars() throws IOException {
        // The library jars first: the others are their dependencies.
        libraries = List.of(jar(Circuit.class), jar(CircuitBuilder.class), jar(Channel.class), jar(GcSession.class),
                jar(LoggerFactory.class), jar(BouncyCastleProvider.class));
        consumer = dir.resolve("consumer");
        List<Path> sources;
        try (Stream<Path> s = Files.walk(Path.of(System.getProperty("consumer.sources")))) {
            sources = s.filter(p -> p.toString().endsWith(".java")).toList();
        }
        String errors = javac(consumer, sources);
        assertEquals("", errors, "the consumer compiles as a module against the jars");
    }

    @Test
    void runsOnTheModulePathPrintingOnlyItsResult() throws Exception {
        Run r = java("--module-path", path(libraries, consumer), "-m", "com.example.consumer/" + MAIN);
        assertEquals("module " + CIPHERTEXT + "\n", r.out(), r.err());
        assertEquals("", r.err(), "nothing but the result: no SLF4J warning without a backend");
    }

    @Test
    void runsOnTheClassPathPrintingOnlyItsResult() throws Exception {
        Run r = java("-cp", path(libraries, consumer), MAIN);
        assertEquals("class path " + CIPHERTEXT + "\n", r.out(), r.err());
        assertEquals("", r.err(), "nothing but the result: no SLF4J warning without a backend");
    }

    /** Logback with no configuration logs everything at DEBUG: gcstream has a line or two per session there, none per run. */
    @Test
    void logbackWithoutAConfigurationGetsNoLinePerRun() throws Exception {
        List<Path> withLogback = new ArrayList<>(libraries);
        withLogback.add(jar(ch.qos.logback.classic.Logger.class));
        withLogback.add(jar(ch.qos.logback.core.Context.class));
        Run r = java("-cp", path(withLogback, consumer), MAIN, "20");
        List<String> lines = (r.out() + r.err()).lines().toList();
        assertEquals("class path " + CIPHERTEXT, lines.get(lines.size() - 1), r.out() + r.err());
        List<String> gcstream = lines.stream().filter(l -> l.contains("io.gcstream")).toList();
        assertFalse(gcstream.isEmpty(), "the backend gets gcstream's log: " + lines);
        // Two sessions (one per party), each: its set-up line and the OT extension's.
        assertTrue(gcstream.size() <= 4, "20 runs, at most 4 lines: " + gcstream);
        assertTrue(gcstream.stream().allMatch(l -> l.contains(" DEBUG ")), gcstream.toString());
    }

    @Test
    void internalPackagesCannotBeReadFromOutside() throws IOException {
        Path src = dir.resolve("probe-src");
        Files.createDirectories(src.resolve("probe"));
        Files.writeString(src.resolve("module-info.java"), "module probe { requires io.gcstream.engine; }\n");
        Files.writeString(src.resolve("probe/Probe.java"), "package probe;\n"
                + "import io.gcstream.engine.internal.session.Handshake;\n"
                + "import io.gcstream.circuits.internal.Body;\n"
                + "public class Probe { }\n");
        String errors = javac(dir.resolve("probe"), List.of(src.resolve("module-info.java"),
                src.resolve("probe/Probe.java")));
        assertTrue(errors.contains("package io.gcstream.engine.internal.session is not visible"), errors);
        assertTrue(errors.contains("package io.gcstream.circuits.internal is not visible"), errors);
    }

    /** The API of docs/api.md and the exports of the jars are one list: nothing internal is exported to everyone. */
    @Test
    void eachJarExportsExactlyItsApiPackagesOfDocsApiMd() throws IOException {
        String api = Files.readString(Path.of(System.getProperty("docs.api")), StandardCharsets.UTF_8);
        Set<String> documented = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\| `(io\\.gcstream[a-z.]*)` \\(").matcher(api);
        while (m.find()) {
            documented.add(m.group(1));
        }
        Set<String> exported = new TreeSet<>();
        for (Path jar : libraries.subList(0, 4)) {
            ModuleDescriptor d = ModuleFinder.of(jar).findAll().iterator().next().descriptor();
            assertTrue(d.name().startsWith("io.gcstream."), jar + ": " + d.name());
            for (ModuleDescriptor.Exports e : d.exports()) {
                if (e.isQualified()) {
                    assertTrue(e.targets().stream().allMatch(t -> t.startsWith("io.gcstream.")),
                            d.name() + " exports " + e.source() + " to " + e.targets());
                } else {
                    assertFalse(e.source().contains(".internal"), d.name() + " exports " + e.source());
                    exported.add(e.source());
                }
            }
        }
        assertEquals(documented, exported, "docs/api.md lists the exported packages");
    }

    private record Run(String out, String err) {
    }

    /** A fresh JVM with {@code args}; fails the test if it fails. */
    private static Run java(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "java", ".out");
        Path err = Files.createTempFile(dir, "java", ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not finish within 120 s");
        }
        Run r = new Run(Files.readString(out), Files.readString(err));
        assertEquals(0, p.exitValue(), cmd + "\n" + r.out() + r.err());
        return r;
    }

    /** Compiles {@code sources} against the library jars on the module path; returns the errors, "" if none. */
    private static String javac(Path out, List<Path> sources) {
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", out.toString(), "--module-path",
                path(libraries)));
        sources.forEach(s -> args.add(s.toString()));
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        int status = ToolProvider.getSystemJavaCompiler().run(null, messages, messages, args.toArray(new String[0]));
        return status == 0 ? "" : messages.toString(StandardCharsets.UTF_8);
    }

    private static Path jar(Class<?> c) {
        try {
            Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            assertTrue(p.toString().endsWith(".jar"), c + " comes from " + p + ", not a packaged jar");
            return p;
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String path(List<Path> jars, Path... more) {
        return Stream.concat(jars.stream(), Stream.of(more)).map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
    }
}
