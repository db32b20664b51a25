package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LogConfiguratorTest {
    @Test
    void levelComesFromTheEnvironmentVariableAndDefaultsToWarn() {
        assertEquals(Level.WARN, LogConfigurator.level(null));
        assertEquals(Level.WARN, LogConfigurator.level("loud"));
        assertEquals(Level.DEBUG, LogConfigurator.level("debug"));
        assertEquals(Level.INFO, LogConfigurator.level(" INFO "));
        assertEquals(Level.TRACE, LogConfigurator.level("Trace"));
    }

    @Test
    void oneStderrAppenderOnTheRootAndNoOtherConfiguratorAfterIt() {
        LoggerContext context = new LoggerContext();
        LogConfigurator c = new LogConfigurator();
        c.setContext(context);
        assertEquals(Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY, c.configure(context));
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        ConsoleAppender<?> a = (ConsoleAppender<?>) root.getAppender("STDERR");
        assertNotNull(a);
        assertEquals("System.err", a.getTarget());
        assertTrue(a.isStarted());
        assertEquals(LogConfigurator.level(System.getenv(LogConfigurator.LEVEL_VARIABLE)), root.getLevel());
    }

    /**
     * Logback's own warnings and errors reach stderr as gc lines, its information does not; and
     * with gc's listener present Logback skips its status printer (and the time-zone database).
     */
    @Test
    void logbacksOwnWarningsAreGcLines() {
        LoggerContext context = new LoggerContext();
        LogConfigurator c = new LogConfigurator();
        c.setContext(context);
        c.configure(context);
        assertTrue(ch.qos.logback.core.status.StatusUtil.contextHasStatusListener(context));
        java.io.PrintStream before = System.err;
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            context.getStatusManager().add(new ch.qos.logback.core.status.InfoStatus("set up", this));
            context.getStatusManager().add(new ch.qos.logback.core.status.WarnStatus("appender gone", this));
            context.getStatusManager().add(new ch.qos.logback.core.status.ErrorStatus("broken", this));
        } finally {
            System.setErr(before);
        }
        String n = System.lineSeparator();
        assertEquals("gc: WARN  logback: appender gone" + n + "gc: ERROR logback: broken" + n,
                bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aUsersConfigurationFileWins() {
        String before = System.getProperty("logback.configurationFile");
        System.setProperty("logback.configurationFile", "mine.xml");
        try {
            LoggerContext context = new LoggerContext();
            LogConfigurator c = new LogConfigurator();
            c.setContext(context);
            assertEquals(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY, c.configure(context));
            assertEquals(null, context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR"));
        } finally {
            if (before == null) {
                System.clearProperty("logback.configurationFile");
            } else {
                System.setProperty("logback.configurationFile", before);
            }
        }
    }

    @Test
    void linesReadGcLevelLoggerMessage() {
        LoggerContext context = new LoggerContext();
        LogConfigurator.LineLayout layout = new LogConfigurator.LineLayout();
        layout.setContext(context);
        layout.start();
        Logger logger = context.getLogger("io.gcstream.engine.GcSession");
        String line = layout.doLayout(new LoggingEvent("fqcn", logger, Level.WARN, "peer {} left", null,
                new Object[] {"10.0.0.2:7777"}));
        assertEquals("gc: WARN  GcSession: peer 10.0.0.2:7777 left" + System.lineSeparator(), line);
        String withTrace = layout.doLayout(new LoggingEvent("fqcn", logger, Level.ERROR, "failed",
                new IllegalStateException("boom"), null));
        assertTrue(withTrace.startsWith("gc: ERROR GcSession: failed" + System.lineSeparator()
                + "java.lang.IllegalStateException: boom"), withTrace);
    }

    /** Logback finds the configurator through the service file in the jar. */
    @Test
    void registeredAsAService() throws IOException {
        try (InputStream in = LogConfigurator.class.getResourceAsStream(
                "/META-INF/services/ch.qos.logback.classic.spi.Configurator")) {
            assertNotNull(in);
            assertEquals(LogConfigurator.class.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8).trim());
        }
    }

    /** --verbose and --debug lower the threshold, never raise it. */
    @Test
    void atLeastOnlyLowersTheRootThreshold() {
        Logger root = (Logger) org.slf4j.LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        Level before = root.getLevel();
        try {
            root.setLevel(Level.WARN);
            LogConfigurator.atLeast(Level.INFO);
            assertEquals(Level.INFO, root.getLevel());
            LogConfigurator.atLeast(Level.WARN);
            assertEquals(Level.INFO, root.getLevel(), "a lower level stays");
            LogConfigurator.atLeast(Level.DEBUG);
            assertEquals(Level.DEBUG, root.getLevel());
        } finally {
            root.setLevel(before);
        }
    }
}
