package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

class WarningLogTest {
    @Test
    void warningsAndErrorsPrintGcLinesAndNothingElsePrints() {
        Logger log = WarningLog.logger("io.gcstream.engine.GcSession");
        assertFalse(log.isInfoEnabled() || log.isDebugEnabled() || log.isTraceEnabled());
        assertTrue(log.isWarnEnabled() && log.isErrorEnabled());
        String err = stderrOf(() -> {
            log.info("not {}", "shown");
            log.debug("nor this");
            log.warn("peer {} left", "10.0.0.2:7777");
            log.error("failed", new IllegalStateException("boom"));
        });
        String n = System.lineSeparator();
        assertTrue(err.startsWith("gc: WARN  GcSession: peer 10.0.0.2:7777 left" + n
                + "gc: ERROR GcSession: failed" + n + "java.lang.IllegalStateException: boom"), err);
        assertFalse(err.contains("shown"), err);
    }

    @Test
    void chosenOnlyWhenNothingAsksForMore() {
        assumeTrue(System.getenv(LogConfigurator.LEVEL_VARIABLE) == null, "GC_LOG_LEVEL is set here");
        String provider = System.getProperty("slf4j.provider");
        String verbosity = System.getProperty("slf4j.internal.verbosity");
        System.clearProperty("slf4j.provider");
        try {
            for (String loud : new String[] {"-v", "--verbose", "--debug"}) {
                WarningLog.selectUnlessAsked(new String[] {loud, "run", "--local", "lib:aes128"});
                assertNull(System.getProperty("slf4j.provider"), loud);
            }
            System.setProperty("logback.configurationFile", "mine.xml");
            WarningLog.selectUnlessAsked(new String[] {"run", "--local", "lib:aes128"});
            assertNull(System.getProperty("slf4j.provider"), "a user's Logback configuration wins");
            System.clearProperty("logback.configurationFile");
            WarningLog.selectUnlessAsked(new String[] {"run", "--local", "lib:aes128"});
            assertEquals(WarningLog.class.getName(), System.getProperty("slf4j.provider"));
        } finally {
            System.clearProperty("logback.configurationFile");
            restore("slf4j.provider", provider);
            restore("slf4j.internal.verbosity", verbosity);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    private static String stderrOf(Runnable r) {
        PrintStream before = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setErr(before);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
