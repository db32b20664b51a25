package io.gcstream.cli;

import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gc minimum: the three strategies agree with the plain minimum; (b) and (c) hold labels independent of N. */
class MinimumCommandTest {
    private static long[] write(Path file, Random r, int n, int bits) throws Exception {
        long[] v = LongStream.generate(() -> r.nextInt(1 << bits)).limit(n).toArray();
        Files.writeString(file, LongStream.of(v).mapToObj(Long::toString).collect(Collectors.joining("\n", "", "\n")));
        return v;
    }

    /** The whole number {@code key} of the creator's part of gc minimum --json's output. */
    private static long json(String out, String key) {
        return CliTestSupport.integer(CliTestSupport.json(out).get("creator"), key);
    }

    /** The OT block for a circuit's evaluator inputs: the smallest multiple of 128 that holds them, at most 16,384. */
    @Test
    void theOtBlockFitsTheEvaluatorInputs() {
        assertEquals(128, RunCommand.otBlockFor(5));
        assertEquals(256, RunCommand.otBlockFor(129));
        assertEquals(16384, RunCommand.otBlockFor(1L << 40));
    }

    @Test
    void everyStrategyFindsTheMinimum(@TempDir Path dir) throws Exception {
        Random r = new Random(12);
        for (int[] counts : new int[][] {{37, 23}, {1, 40}, {30, 0}, {0, 1}}) {
            long[] a = write(dir.resolve("c"), r, counts[0], 12);
            long[] b = write(dir.resolve("e"), r, counts[1], 12);
            long expected = LongStream.concat(LongStream.of(a), LongStream.of(b)).min().getAsLong();
            for (String s : new String[] {"a", "b", "c"}) {
                CliTestSupport.Outcome o = gc("minimum", "--local", "--bits", "12", "--strategy", s, "--chunk", "7",
                        "--creator-values", dir.resolve("c").toString(), "--evaluator-values",
                        dir.resolve("e").toString(), "--json");
                assertEquals(0, o.status(), o.err());
                assertEquals(expected, json(o.out(), "minimum"), s + " " + counts[0] + "+" + counts[1]);
                assertEquals(2L * 12 * (counts[0] + counts[1] - 1), json(o.out(), "nonLinearGates"),
                        "2b(N-1) non-linear gates, strategy " + s);
            }
        }
    }

    @Test
    void theTextReportGivesThePeakHeap(@TempDir Path dir) throws Exception {
        write(dir.resolve("c"), new Random(3), 50, 10);
        write(dir.resolve("e"), new Random(4), 50, 10);
        CliTestSupport.Outcome o = gc("minimum", "--local", "--bits", "10", "--creator-values",
                dir.resolve("c").toString(), "--evaluator-values", dir.resolve("e").toString());
        assertEquals(0, o.status(), o.err());
        String line = o.out().lines().filter(l -> l.startsWith("peak heap")).findFirst().orElseThrow();
        double mib = Double.parseDouble(line.replaceAll("peak heap\\s+([0-9.]+) MiB.*", "$1"));
        assertTrue(mib > 0, "a measured peak, not a placeholder: " + line);
    }

    @Test
    void labelMemoryOfStrategiesBAndCDoesNotGrowWithN(@TempDir Path dir) throws Exception {
        Random r = new Random(13);
        for (String s : new String[] {"b", "c"}) {
            long[] slots = new long[2];
            int[] n = {60, 600};
            for (int k = 0; k < 2; k++) {
                write(dir.resolve("c"), r, n[k], 16);
                write(dir.resolve("e"), r, n[k], 16);
                CliTestSupport.Outcome o = gc("minimum", "--local", "--bits", "16", "--strategy", s, "--chunk", "10",
                        "--creator-values", dir.resolve("c").toString(), "--evaluator-values",
                        dir.resolve("e").toString(), "--json");
                assertEquals(0, o.status(), o.err());
                slots[k] = json(o.out(), "maxLabelSlots");
            }
            assertEquals(slots[0], slots[1], "strategy " + s + ": labels held must not grow with N");
        }
    }

    @Test
    void localRunsTakeTheChannelOptions(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("c"), "5\n9\n");
        Files.writeString(dir.resolve("e"), "3\n");
        CliTestSupport.Outcome o = gc("minimum", "--local", "--bits", "8", "--read-poll", "0", "--creator-values",
                dir.resolve("c").toString(), "--evaluator-values", dir.resolve("e").toString(), "--json");
        assertEquals(0, o.status(), o.err());
        assertEquals(3, json(o.out(), "minimum"));
        o = gc("minimum", "--local", "--bits", "8", "--threads", "2", "--creator-values",
                dir.resolve("c").toString(), "--evaluator-values", dir.resolve("e").toString(), "--json");
        assertEquals(0, o.status(), o.err());
        assertEquals(3, json(o.out(), "minimum"));
        o = gc("minimum", "--local", "--bits", "8", "--read-poll", "10001", "--creator-values",
                dir.resolve("c").toString(), "--evaluator-values", dir.resolve("e").toString());
        assertEquals(2, o.status(), o.err());
        assertTrue(o.err().startsWith("gc: --read-poll must be in 0..10000 microseconds"), o.err());
    }

    @Test
    void badValuesAndMismatchesAreOneLine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("c"), "5\n70000\n");
        Files.writeString(dir.resolve("e"), "3\n");
        CliTestSupport.Outcome o = gc("minimum", "--local", "--bits", "16", "--creator-values",
                dir.resolve("c").toString(), "--evaluator-values", dir.resolve("e").toString());
        assertEquals(2, o.status());
        assertTrue(o.err().contains("c:2: 70000 does not fit in 16 unsigned bits"), o.err());
        Files.writeString(dir.resolve("c"), "5\nfive\n");
        o = gc("minimum", "--local", "--bits", "16", "--creator-values", dir.resolve("c").toString(),
                "--evaluator-values", dir.resolve("e").toString());
        assertEquals(2, o.status());
        assertTrue(o.err().contains("c:2: 'five' is not a decimal number"), o.err());
        o = gc("minimum", "--local", "--bits", "16", "--strategy", "d", "--creator-values", "x", "--evaluator-values", "y");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("--strategy must be a, b or c"), o.err());
    }

    /**
     * Issue 26, findings 11 and 13: a line without end is refused after 1 KiB, not read until the
     * heap is gone; only ASCII digits are digits; a number too long for a long is not a crash.
     */
    @Test
    void valueLinesAreBoundedAndAscii(@TempDir Path dir) throws Exception {
        Path e = Files.writeString(dir.resolve("e"), "3\n");
        Object[][] cases = {
            {"5\n" + "1".repeat(5_000_000) + "\n", "c:2: line is longer than 1024 bytes (one decimal number per line)"},
            {"5\n\u0663\n", "c:2: '??' is not a decimal number"},
            {"5\n+3\n", "c:2: '+3' is not a decimal number"},
            {"5\n 1 2\n", "c:2: '1 2' is not a decimal number"},
            {"99999999999999999999999\n", "c:1: 99999999999999999999999 does not fit in 16 unsigned bits"},
        };
        for (Object[] k : cases) {
            Files.writeString(dir.resolve("c"), (String) k[0]);
            CliTestSupport.Outcome o = gc("minimum", "--local", "--bits", "16", "--creator-values",
                    dir.resolve("c").toString(), "--evaluator-values", e.toString());
            assertEquals(2, o.status(), o.err());
            assertEquals("gc: " + dir.resolve((String) k[1]), o.err().strip());
        }
        // Blanks around a number and blank lines are fine, CRLF included.
        Files.writeString(dir.resolve("c"), " 7 \r\n\r\n\t9\r\n");
        CliTestSupport.Outcome ok = gc("minimum", "--local", "--bits", "16", "--creator-values",
                dir.resolve("c").toString(), "--evaluator-values", e.toString());
        assertEquals(0, ok.status(), ok.err());
        assertTrue(ok.out().startsWith("minimum            3"), ok.out());
    }
}
