package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Party;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StderrProgressTest {
    @Test
    void twoPartiesAreTwoLinesRedrawnInPlace() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        // 1,000 circuit gates, 1,250 walked (copy gates of calls included).
        StderrProgress bar = new StderrProgress(err, new Party[] {Party.CREATOR, Party.EVALUATOR}, 1000);
        bar.start();
        bar.progress(Party.CREATOR, 625, 1250);
        bar.progress(Party.CREATOR, 1250, 1250);   // the engine's last call: done
        bar.progress(Party.EVALUATOR, 1250, 1250);
        bar.finish();
        String s = bytes.toString(StandardCharsets.UTF_8);
        String[] draws = s.split("\033\\[1A");
        assertTrue(draws.length >= 2, "later draws move up one line: " + s);
        assertTrue(s.startsWith("\rcreator   [----------"), s);
        assertTrue(s.contains("evaluator ["), s);
        String last = draws[draws.length - 1];
        assertTrue(last.contains("creator   [####################] 100.0%  1,000 / 1,000 gates"), last);
        assertTrue(last.contains("evaluator [####################] 100.0%  1,000 / 1,000 gates"), last);
        assertTrue(last.contains("done in 0:00") && last.endsWith("\n"), last);
        assertFalse(s.contains("%  1,250"), "walked gates are shown as the circuit's gates");
    }

    @Test
    void aLineShowsTheFractionOfTheCircuitRateAndTimeLeft() {
        StderrProgress bar = new StderrProgress(new PrintStream(new ByteArrayOutputStream()),
                new Party[] {Party.EVALUATOR}, 4_000_000);
        bar.start();
        bar.progress(Party.EVALUATOR, 2_500_000, 5_000_000);
        String line = bar.line(0, System.nanoTime());
        assertTrue(line.startsWith("evaluator [##########----------]  50.0%  2,000,000 / 4,000,000 gates"), line);
        assertTrue(line.contains("/s  ETA "), line);
    }

    @Test
    void numbersAndClocks() {
        assertEquals("24.6 M", StderrProgress.human(24.6e6));
        assertEquals("1.2 G", StderrProgress.human(1.2e9));
        assertEquals("512 ", StderrProgress.human(512));
        assertEquals("1:05", StderrProgress.clock(65));
        assertEquals("3:42:05", StderrProgress.clock(3 * 3600 + 42 * 60 + 5));
    }
}
