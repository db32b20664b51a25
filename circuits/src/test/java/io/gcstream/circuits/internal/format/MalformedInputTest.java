package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every fixture in {@code malformed/} ({@code .gct}, read in the format its content shows, and
 * {@code .mec}, read as .mec) starts with {@code // expect line N: fragment}: reading it must fail with a {@link CircuitFormatException} whose message starts with
 * {@code file:N:} and contains the fragment, and with no other exception type.
 */
class MalformedInputTest {
    private static final Pattern EXPECT = Pattern.compile("// expect line (\\d+): (.*)");

    static Stream<Path> textFixtures() throws IOException, URISyntaxException {
        Path dir = Paths.get(MalformedInputTest.class.getResource("/malformed").toURI());
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> files = s.filter(p -> p.toString().endsWith(".gct")).sorted().toList();
            assertTrue(files.size() >= 30, "fixtures: " + files.size());
            return files.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("textFixtures")
    void textFixtureIsRejectedWithItsMessage(Path file) throws IOException {
        String first = Files.readAllLines(file).get(0);
        Matcher m = EXPECT.matcher(first);
        assertTrue(m.matches(), "first line of " + file + " is not '// expect line N: ...'");
        CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> readFully(file));
        String msg = e.getMessage();
        assertTrue(msg.startsWith(file + ":" + m.group(1) + ": "), "position in: " + msg);
        assertTrue(msg.contains(m.group(2)), "expected '" + m.group(2) + "' in: " + msg);
    }

    static Stream<Path> mecFixtures() throws IOException, URISyntaxException {
        Path dir = Paths.get(MalformedInputTest.class.getResource("/malformed").toURI());
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> files = s.filter(p -> p.toString().endsWith(".mec")).sorted().toList();
            assertTrue(files.size() >= 10, "fixtures: " + files.size());
            return files.stream();
        }
    }

    /** The .mec fixtures, read as .mec whatever their first lines suggest. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("mecFixtures")
    void mecFixtureIsRejectedWithItsMessage(Path file) throws IOException {
        String first = Files.readAllLines(file).get(0);
        Matcher m = EXPECT.matcher(first);
        assertTrue(m.matches(), "first line of " + file + " is not '// expect line N: ...'");
        CircuitFormatException e = assertThrows(CircuitFormatException.class,
                () -> readFully(file, CircuitFormat.MEC));
        String msg = e.getMessage();
        assertTrue(msg.startsWith(file + ":" + m.group(1) + ": "), "position in: " + msg);
        assertTrue(msg.contains(m.group(2)), "expected '" + m.group(2) + "' in: " + msg);
    }

    /** Opens and streams the whole body, so errors anywhere surface. */
    static void readFully(Path file) throws IOException {
        readFully(file, CircuitFormat.detect(file));
    }

    static void readFully(Path file, CircuitFormat format) throws IOException {
        Circuit c = CircuitFiles.read(file, format);
        try (InstructionReader r = Circuits.openBody(c)) {
            while (r.next()) {
                // checked as read
            }
        }
        assertEquals(0, 1, "no error for " + file);
    }
}
