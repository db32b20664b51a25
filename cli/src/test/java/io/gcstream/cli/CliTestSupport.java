package io.gcstream.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Runs {@link Gc} in-process and captures what it prints. */
final class CliTestSupport {
    /** The shared public circuits, copied into the compiler module's test resources. */
    static final Path BRISTOL = Path.of("..", "compiler", "src", "test", "resources", "bristol");

    record Outcome(int status, String out, String err) {
    }

    private CliTestSupport() {
    }

    static Outcome gc(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Gc.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs a system command to its end (at most 20 s); its exit status, or -1 if it could not run. */
    static int command(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (java.io.IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /**
     * {@code text} parsed as exactly one JSON document (text after it, or a key given twice in an
     * object, fails the test).
     */
    static JsonNode json(String text) {
        try {
            return new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).readTree(text);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not one JSON document: " + e.getOriginalMessage() + "\n" + text, e);
        }
    }

    /** The whole number at {@code field} of {@code node}; fails the test if it is missing or not one. */
    static long integer(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.isIntegralNumber()) {
            throw new AssertionError("no whole number at \"" + field + "\": " + node);
        }
        return v.asLong();
    }

    static String aes() {
        return BRISTOL.resolve("bristol_fashion/aes_128.txt").toString();
    }
}
