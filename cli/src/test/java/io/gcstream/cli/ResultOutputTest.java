package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results that do not reach standard output are a failure, never lost with status 0 (issue 26, finding 4). */
class ResultOutputTest {
    /** A disk that is full from the first byte. */
    private static final OutputStream FULL = new OutputStream() {
        @Override
        public void write(int b) throws IOException {
            throw new IOException("No space left on device");
        }
    };

    @Test
    void everyCommandThatPrintsResultsFailsWhenTheyCannotBeWritten(@TempDir Path dir) throws Exception {
        Path cv = Files.writeString(dir.resolve("c.txt"), "5\n9\n");
        Path ev = Files.writeString(dir.resolve("e.txt"), "7\n");
        List<String[]> commands = List.of(
                new String[] {"sim", "lib:millionaires8", "--creator-input", "5", "--evaluator-input", "3"},
                new String[] {"run", "--local", "lib:millionaires8", "--creator-input", "5", "--evaluator-input", "3"},
                new String[] {"run", "--local", "lib:millionaires8", "--creator-input", "5", "--evaluator-input", "3",
                    "--json"},
                new String[] {"info", "lib:aes128"},
                new String[] {"minimum", "--local", "--bits", "8", "--creator-values", cv.toString(),
                    "--evaluator-values", ev.toString()},
                new String[] {"compile", "lib:millionaires8", "-o", dir.resolve("m.gcb").toString()},
                new String[] {"lib"},
                new String[] {"--version"});
        for (String[] args : commands) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = Gc.run(args, ResultOutput.of(FULL, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            String e = err.toString(StandardCharsets.UTF_8);
            assertEquals(1, status, String.join(" ", args) + ": " + e);
            assertEquals("gc: the results could not be written to standard output: No space left on device"
                    + System.lineSeparator(), e, String.join(" ", args));
        }
    }

    @Test
    void aStreamThatWorksChangesNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ResultOutput out = ResultOutput.of(bytes, StandardCharsets.UTF_8);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Gc.run(new String[] {"sim", "lib:millionaires8", "--creator-input", "5", "--evaluator-input", "3"},
                out, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        assertNull(out.failure());
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("evaluator output"), bytes.toString());
    }

    @Test
    void aUserErrorKeepsItsStatusWhenStdoutFailsToo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Gc.run(new String[] {"sim", "lib:nosuchcircuit"}, ResultOutput.of(FULL, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, status, err.toString(StandardCharsets.UTF_8));
    }
}
