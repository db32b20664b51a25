package io.gcstream.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;

/**
 * The gc command's logging set-up, found by Logback through {@code META-INF/services}: one
 * console appender on stderr (stdout carries only results) printing
 * {@code gc: LEVEL Logger: message}, at {@code GC_LOG_LEVEL} (WARN when unset or not a level):
 * warnings and errors only. {@code --verbose} raises it to INFO (the command's phases and their
 * times, {@link Phases}), {@code --debug} to DEBUG (also the protocol's steps: each session's
 * hello and base OTs, the OT extension's set-up); see {@link #atLeast}.
 *
 * <p>Why code and not a {@code logback.xml}: reading XML costs a one-shot {@code gc run} about a
 * third of a second of start-up CPU and ~540 more classes, on a 2-core machine where the peer
 * starts at the same moment. A {@code -Dlogback.configurationFile=…} given by the user still
 * wins: then this configurator steps aside. Labels, Δ, seeds and inputs are only ever logged at
 * TRACE.
 */
public final class LogConfigurator extends ContextAwareBase implements Configurator {
    /** The environment variable that sets the level. */
    static final String LEVEL_VARIABLE = "GC_LOG_LEVEL";

    /** Logback needs a public no-argument constructor. */
    public LogConfigurator() {
    }

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        LineLayout layout = new LineLayout();
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
        appender.setContext(context);
        appender.setName("STDERR");
        appender.setTarget("System.err");
        appender.setEncoder(encoder);
        appender.start();
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(level(System.getenv(LEVEL_VARIABLE)));
        root.addAppender(appender);
        // Logback's own warnings and errors (a broken appender, say), one line each. With a
        // listener present Logback also skips its status printer, whose date formatting costs
        // a fresh process the time-zone database.
        context.getStatusManager().add((StatusListener) s -> {
            if (s.getEffectiveLevel() >= Status.WARN) {
                System.err.print(line(s.getEffectiveLevel() == Status.WARN ? "WARN" : "ERROR", "logback",
                        s.getMessage()));
            }
        });
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** The thread starting Logback, or null. */
    private static Thread starting;

    /**
     * Starts Logback (SLF4J's binding, this configuration) on a thread of its own, so that it
     * overlaps parsing the command line: a fifth of a cold {@code gc run}'s start-up.
     * {@link #awaitStart} waits for it, before anything logs.
     */
    static void startInBackground() {
        starting = new Thread(org.slf4j.LoggerFactory::getILoggerFactory, "gc-logging");
        starting.setDaemon(true);
        starting.start();
    }

    /**
     * Waits for {@link #startInBackground}'s thread, if any: a logger asked for while SLF4J is
     * starting would be a stand-in whose calls SLF4J replays later with a notice of its own.
     */
    static void awaitStart() {
        Thread t = starting;
        if (t != null) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Lowers the root logger's threshold to {@code level} if it is higher (a user's
     * {@code logback.configurationFile} or {@code GC_LOG_LEVEL} asking for more stays).
     */
    static void atLeast(Level level) {
        if (org.slf4j.LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            if (root.getLevel() == null || root.getLevel().isGreaterOrEqual(level)) {
                root.setLevel(level);
            }
        }
    }

    /** The level named by {@code name} (any case), WARN when null or not a level. */
    static Level level(String name) {
        return Level.toLevel(name == null ? null : name.trim(), Level.WARN);
    }

    /** {@code gc: LEVEL Logger: message}, the level padded to 5 columns, then any stack trace. */
    static final class LineLayout extends LayoutBase<ILoggingEvent> {
        @Override
        public String doLayout(ILoggingEvent event) {
            String line = line(event.getLevel().toString(), event.getLoggerName(), event.getFormattedMessage());
            IThrowableProxy thrown = event.getThrowableProxy();
            return thrown == null ? line : line + ThrowableProxyUtil.asString(thrown);
        }
    }

    /**
     * {@code gc: LEVEL Logger: message} and a line separator, the level padded to 5 columns and
     * the logger's name without its package.
     */
    static String line(String level, String logger, String message) {
        StringBuilder sb = new StringBuilder(128).append("gc: ").append(level);
        for (int i = level.length(); i < 5; i++) {
            sb.append(' ');
        }
        return sb.append(' ').append(logger, logger.lastIndexOf('.') + 1, logger.length()).append(": ")
                .append(message).append(CoreConstants.LINE_SEPARATOR).toString();
    }
}
