package io.gcstream.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.AbstractLogger;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The gc command's SLF4J provider when nothing asks for more than its default, warnings and
 * errors: the lines Logback would print at WARN ({@link LogConfigurator}, same format), without
 * starting Logback, which costs a fresh process ~0.1 s of CPU (its context, its configurator
 * search, its status and date machinery) on a 2-core machine where the peer starts at the same
 * moment. {@link #selectUnlessAsked} picks it before anything logs; {@code --verbose},
 * {@code --debug}, {@code GC_LOG_LEVEL}, a {@code logback.configurationFile} or a user's own
 * {@code slf4j.provider} leave Logback (or the user's choice) in charge.
 */
public final class WarningLog implements SLF4JServiceProvider {
    private final ILoggerFactory loggers = Line::new;
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    /** SLF4J makes the provider it is told to use with a public no-argument constructor. */
    public WarningLog() {
    }

    /**
     * Makes this the SLF4J provider of the process unless {@code args} or the environment ask
     * for more than warnings or for another configuration. Call before anything logs.
     */
    static void selectUnlessAsked(String[] args) {
        if (System.getProperty("slf4j.provider") != null || System.getProperty("logback.configurationFile") != null
                || System.getenv(LogConfigurator.LEVEL_VARIABLE) != null) {
            return;
        }
        for (String a : args) {
            if ("-v".equals(a) || "--verbose".equals(a) || "--debug".equals(a)) {
                return;
            }
        }
        System.setProperty("slf4j.provider", WarningLog.class.getName());
        if (System.getProperty("slf4j.internal.verbosity") == null) {
            // SLF4J announces an explicitly named provider at its own INFO level otherwise.
            System.setProperty("slf4j.internal.verbosity", "WARN");
        }
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggers;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
        // nothing to set up
    }

    /** A logger that prints warnings and errors on stderr, one {@link LogConfigurator#line} each. */
    static final class Line extends AbstractLogger {
        private static final long serialVersionUID = 1L;

        Line(String name) {
            this.name = name;
        }

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(Level level, Marker marker, String message, Object[] args,
                Throwable thrown) {
            String text = MessageFormatter.basicArrayFormat(message, args);
            StringBuilder sb = new StringBuilder(LogConfigurator.line(level.toString(), name, text));
            if (thrown != null) {
                StringWriter trace = new StringWriter();
                thrown.printStackTrace(new PrintWriter(trace));
                sb.append(trace);
            }
            System.err.print(sb);
            System.err.flush();
        }

        @Override
        public boolean isTraceEnabled() {
            return false;
        }

        @Override
        public boolean isTraceEnabled(Marker marker) {
            return false;
        }

        @Override
        public boolean isDebugEnabled() {
            return false;
        }

        @Override
        public boolean isDebugEnabled(Marker marker) {
            return false;
        }

        @Override
        public boolean isInfoEnabled() {
            return false;
        }

        @Override
        public boolean isInfoEnabled(Marker marker) {
            return false;
        }

        @Override
        public boolean isWarnEnabled() {
            return true;
        }

        @Override
        public boolean isWarnEnabled(Marker marker) {
            return true;
        }

        @Override
        public boolean isErrorEnabled() {
            return true;
        }

        @Override
        public boolean isErrorEnabled(Marker marker) {
            return true;
        }
    }

    /** For tests: a logger of this provider. */
    static Logger logger(String name) {
        return new Line(name);
    }
}
