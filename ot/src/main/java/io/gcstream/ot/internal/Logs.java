package io.gcstream.ot.internal;

import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLogger;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The loggers of gcstream's libraries: SLF4J's when the application has an SLF4J provider (a
 * logging backend such as Logback, or {@code slf4j-simple}), else a no-op logger, without ever
 * initialising SLF4J. So a program that embeds gcstream and has no backend prints nothing of
 * gcstream's, where SLF4J itself would print three "No SLF4J providers were found" lines on
 * the first logger asked for; a program that has a backend gets gcstream's log as usual.
 *
 * <p>A provider is looked for once, as SLF4J does ({@link ServiceLoader} with SLF4J's class
 * loader, or the {@code slf4j.provider} system property), without instantiating it.
 */
public final class Logs {
    private static final boolean BACKEND = backendPresent();

    private Logs() {
    }

    /** The logger named after {@code c}. */
    public static Logger get(Class<?> c) {
        return BACKEND ? LoggerFactory.getLogger(c) : NOPLogger.NOP_LOGGER;
    }

    private static boolean backendPresent() {
        if (System.getProperty("slf4j.provider") != null) {
            return true;
        }
        try {
            return ServiceLoader.load(SLF4JServiceProvider.class, LoggerFactory.class.getClassLoader())
                    .stream().findAny().isPresent();
        } catch (ServiceConfigurationError | RuntimeException e) {
            return true; // a broken provider: let SLF4J report it
        }
    }
}
