package io.gcstream.cli;

import com.beust.jcommander.DefaultUsageFormatter;
import com.beust.jcommander.JCommander;
import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.OutputFile;
import io.gcstream.circuits.SafeText;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code gc} command: compile, inspect, simulate and run circuits.
 *
 * <p>Exit status: 0 on success, 2 for a user error (bad option, value or file), 1 when a run
 * fails (peer gone, timeout, protocol mismatch, out of memory, results that could not be written
 * to standard output). Errors are one line on stderr, never a stack trace, unless {@code --debug}
 * is given; running out of heap or stack, in any thread and at any moment, says so in one line
 * and names the -Xmx or -Xss option that gives the JVM more.
 */
@Parameters(separators = "=")
public final class Gc {
    static final int EXIT_FAILURE = 1;

    /** A subcommand. */
    interface Command {
        /** Runs the command, writing results to {@code out}; returns the exit status. */
        int run(PrintStream out) throws Exception;

        /** The operands it was given (arguments that are not options): none unless it takes them. */
        default List<String> operands() {
            return List.of();
        }
    }

    /**
     * What every command takes: {@code -h}/{@code --help}, and gc's own {@code --verbose} and
     * {@code --debug} after the command (listed in {@code gc --help}, not in the command's usage).
     */
    @Parameters(separators = "=")
    abstract static class BaseCommand implements Command {
        @Parameter(names = {"-h", "--help"}, help = true, description = "Show this usage")
        boolean help;

        @Parameter(names = {"-v", "--verbose"}, hidden = true)
        boolean verbose;

        @Parameter(names = "--debug", hidden = true)
        boolean debug;
    }

    /** A command's name and one-line description. */
    private record Entry(String name, String description) {
        /** A new command object of this name (a switch, not constructor references: nothing to link). */
        BaseCommand make() {
            return switch (name) {
                case "compile" -> new CompileCommand();
                case "info" -> new InfoCommand();
                case "lib" -> new LibCommand();
                case "sim" -> new SimCommand();
                case "run" -> new RunCommand();
                case "minimum" -> new MinimumCommand();
                case "demo" -> new DemoCommand();
                case "keygen" -> new KeygenCommand();
                default -> throw new IllegalStateException("no command " + name);
            };
        }
    }

    /** The commands, in the order the usage lists them. */
    private static final List<Entry> COMMANDS = List.of(
            new Entry("compile", CompileCommand.DESCRIPTION),
            new Entry("info", InfoCommand.DESCRIPTION),
            new Entry("lib", LibCommand.DESCRIPTION),
            new Entry("sim", SimCommand.DESCRIPTION),
            new Entry("run", RunCommand.DESCRIPTION),
            new Entry("minimum", MinimumCommand.DESCRIPTION),
            new Entry("demo", DemoCommand.DESCRIPTION),
            new Entry("keygen", KeygenCommand.DESCRIPTION));

    @Parameter(names = {"-h", "--help"}, help = true, description = "Show this usage")
    boolean help;

    @Parameter(names = {"-v", "--verbose"}, description = "Log the phases of the command and their times on stderr")
    boolean verbose;

    @Parameter(names = "--debug", description = "Log the protocol's steps as well, and print stack traces of errors")
    boolean debug;

    @Parameter(names = "--version", description = "Print the version and the commit it was built from")
    boolean version;

    /** What came before the command and is no option of gc's (reported as an unknown option). */
    @Parameter(description = "COMMAND [command options]")
    List<String> misplaced = new ArrayList<>();

    /**
     * Heap held back for reporting a heap that ran out: released before the one-line message is
     * composed, so that the message can be printed even in a 4 MB heap.
     */
    private static byte[] reserve = new byte[32 << 10];
    /**
     * The out-of-memory and stack-overflow lines, made while there is memory: printed as they
     * are when composing the detailed line fails, and by threads other than main.
     */
    private static final byte[] OUT_OF_HEAP = ("gc: out of memory with a heap limit of "
            + ((Runtime.getRuntime().maxMemory() + (1 << 19)) >> 20) + " MiB; give Java more with -Xmx, e.g."
            + " GC_JAVA_OPTS=-Xmx4g ./gc ... or java -Xmx4g -jar gc.jar ... (docs/memory.md says what a run"
            + " needs)" + System.lineSeparator()).getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OUT_OF_STACK = ("gc: out of memory: a thread stack overflowed; give Java a"
            + " larger stack with -Xss, e.g. GC_JAVA_OPTS=-Xss256m ./gc ..." + System.lineSeparator())
            .getBytes(StandardCharsets.US_ASCII);
    /**
     * Guards {@link #reported} and is held while the line is written: a thread that finds the
     * line said already may end the process, so the line must be out by then. A monitor, not an
     * atomic, whose first use would allocate.
     */
    private static final Object REPORT_LOCK = new Object();
    /** A resource error has been reported: say it once. */
    private static boolean reported;

    private Gc() {
    }

    /** Set once the command has ended by itself: the shutdown hook then has nothing to say. */
    private static volatile boolean finished;

    public static void main(String[] args) {
        LogConfigurator.startInBackground();
        Thread.setDefaultUncaughtExceptionHandler(new ResourceHandler());
        Runtime.getRuntime().addShutdownHook(new Thread(Gc::interrupted, "gc-interrupted"));
        int status = run(args, ResultOutput.stdout(), System.err);
        finished = true;
        System.exit(status);
    }

    /**
     * The shutdown hook: a command stopped by SIGINT or SIGTERM removes the temporary files of
     * the outputs it was writing and says so in one line (the JVM then exits with 128 + the
     * signal's number).
     */
    private static void interrupted() {
        if (finished) {
            return;
        }
        List<Path> removed = OutputFile.abortAll();
        StringBuilder sb = new StringBuilder("gc: interrupted");
        if (!removed.isEmpty()) {
            sb.append(": not written: ").append(removed.stream().map(Path::toString).collect(Collectors.joining(", ")))
                    .append(" (the unfinished temporary file was removed)");
        }
        System.err.println(sb);
        System.err.flush();
    }


    /**
     * Ends the process with one line when a thread (main included, after {@link #run}) runs out
     * of heap or stack, where the JVM's handler would print a trace or fail in turn. It allocates
     * nothing: its line was made at start-up, and everything it calls is linked then, by a dry run.
     */
    private static final class ResourceHandler implements Thread.UncaughtExceptionHandler {
        private final FileOutputStream stderr = new FileOutputStream(FileDescriptor.err);

        ResourceHandler() {
            try {
                // Loads and links what the handler uses, while there is heap to do it.
                Class.forName("java.lang.Shutdown");
                report(null, true);
            } catch (ClassNotFoundException | IOException ignored) {
                // the handler still works, with a little less margin
            }
        }

        @Override
        public void uncaughtException(Thread t, Throwable e) {
            if (e instanceof OutOfMemoryError || e instanceof StackOverflowError) {
                try {
                    report(e, false);
                } catch (IOException | RuntimeException ignored) {
                    // nothing more can be said
                }
                Runtime.getRuntime().halt(EXIT_FAILURE);
            }
            e.printStackTrace();
        }

        private void report(Throwable e, boolean dryRun) throws IOException {
            byte[] line = e instanceof StackOverflowError ? OUT_OF_STACK : OUT_OF_HEAP;
            if (dryRun) {
                stderr.write(line, 0, 0);
                return;
            }
            synchronized (REPORT_LOCK) {
                if (!reported) {
                    reported = true;
                    stderr.write(line, 0, line.length);
                }
            }
        }
    }

    /**
     * Runs {@code gc args}; returns the exit status instead of exiting (for tests). Results that
     * could not be written to {@code out} (a full disk, a closed pipe) make it a failure.
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        int status;
        try {
            status = dispatch(args, out, err);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // Before or after a command (parsing the options, printing usage).
            status = fail(err, debugRequested(args), e, EXIT_FAILURE);
        }
        return written(out, err, status);
    }

    /**
     * {@code status}, or a failure if {@code out} lost results: one line on stderr saying why. A
     * PrintStream hides write errors but remembers that one happened ({@link PrintStream#checkError}).
     */
    static int written(PrintStream out, PrintStream err, int status) {
        if (!out.checkError()) {
            return status;
        }
        String why = out instanceof ResultOutput r ? r.failure() : null;
        err.println("gc: the results could not be written to standard output" + (why == null ? "" : ": " + why));
        return status == 0 ? EXIT_FAILURE : status;
    }

    /** True if {@code args} ask for stack traces (looked up without parsing, which may have failed). */
    private static boolean debugRequested(String[] args) {
        for (String a : args) {
            if ("--debug".equals(a)) {
                return true;
            }
        }
        return false;
    }

    private static int dispatch(String[] args, PrintStream out, PrintStream err) {
        Gc gc = new Gc();
        int at = commandIndex(args);
        BaseCommand command = null;
        JCommander line = null;
        try {
            // gc's own options come before the command; --verbose and --debug may also come after it.
            Arguments.parse(Arguments.parser(gc, "gc"), at < 0 ? args : Arrays.copyOf(args, at), "", gc.misplaced);
            if (at >= 0 && !gc.version && !gc.help) {
                Entry entry = entry(args[at]);
                command = entry.make();
                line = Arguments.parser(command, "gc " + entry.name());
                Arguments.parse(line, Arrays.copyOfRange(args, at + 1, args.length), entry.name() + ": ",
                        command.operands());
            }
        } catch (UserError e) {
            err.println("gc: " + SafeText.line(e.getMessage()));
            err.println("Try 'gc --help'" + (command == null ? "" : " or 'gc " + args[at] + " --help'") + ".");
            return UserError.EXIT_USAGE;
        }
        LogConfigurator.awaitStart();
        boolean debug = gc.debug || command != null && command.debug;
        boolean verbose = gc.verbose || command != null && command.verbose;
        Phases.enable(verbose || debug);
        if (verbose || debug) {
            LogConfigurator.atLeast(debug ? ch.qos.logback.classic.Level.DEBUG : ch.qos.logback.classic.Level.INFO);
        }
        if (gc.version) {
            out.println("gc " + version());
            return 0;
        }
        if (gc.help || command == null) {
            (gc.help ? out : err).print(usage());
            return gc.help ? 0 : UserError.EXIT_USAGE;
        }
        if (command.help) {
            out.print(usage(line, entry(args[at]).description() + (command instanceof CircuitCommand
                    ? "." + CircuitCommand.CIRCUIT : "")));
            return 0;
        }
        try {
            return command.run(out);
        } catch (UserError | CircuitFormatException e) {
            return fail(err, debug, e, UserError.EXIT_USAGE);
        } catch (NoSuchFileException e) {
            return fail(err, debug, new UserError("file not found: " + e.getFile()), UserError.EXIT_USAGE);
        } catch (UncheckedIOException e) {
            return fail(err, debug, e.getCause(), EXIT_FAILURE);
        } catch (Exception e) {
            return fail(err, debug, e, EXIT_FAILURE);
        } catch (OutOfMemoryError | StackOverflowError e) {
            return fail(err, debug, e, EXIT_FAILURE);
        }
    }

    /** The command named {@code name}; a {@link UserError} listing the commands if there is none. */
    private static Entry entry(String name) {
        for (Entry e : COMMANDS) {
            if (e.name().equals(name)) {
                return e;
            }
        }
        throw new UserError("unknown command '" + name + "'; the commands are "
                + COMMANDS.stream().map(Entry::name).collect(Collectors.joining(", ")));
    }

    /** A new command object named {@code name}; a {@link UserError} listing the commands if there is none. */
    static Command command(String name) {
        return entry(name).make();
    }

    /** The names of the commands, in usage order. */
    static List<String> commandNames() {
        return COMMANDS.stream().map(Entry::name).toList();
    }

    /** gc's usage: its own options and the commands, each with its one line. */
    static String usage() {
        JCommander own = Arguments.parser(new Gc(), "gc");
        StringBuilder sb = new StringBuilder();
        own.getUsageFormatter().usage(sb);
        sb.append("  Commands:\n");
        DefaultUsageFormatter f = new DefaultUsageFormatter(own);
        for (Entry e : COMMANDS) {
            f.wrapDescription(sb, 15, String.format(java.util.Locale.ROOT, "    %-11s%s", e.name(), e.description()));
            sb.append('\n');
        }
        sb.append("\nRun 'gc COMMAND --help' for a command's options; docs/cli.md is the reference.\n");
        return sb.toString();
    }

    /** A command's usage: its synopsis, what it does, and its options with their defaults. */
    static String usage(JCommander line, String description) {
        StringBuilder u = new StringBuilder();
        line.getUsageFormatter().usage(u);
        int synopsis = u.indexOf("\n") + 1;
        StringBuilder sb = new StringBuilder(u.substring(0, synopsis));
        new DefaultUsageFormatter(line).wrapDescription(sb, 2, "  " + description);
        return sb.append('\n').append(u, synopsis, u.length()).toString();
    }

    /**
     * Where the command is in {@code args}: the first argument that is not an option (gc's own
     * options before the command take no values), or -1.
     */
    static int commandIndex(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("-")) {
                return i;
            }
        }
        return -1;
    }

    /** The out-of-memory or stack-overflow error in {@code e}'s cause chain, or null. */
    private static Throwable resourceError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryError || t instanceof StackOverflowError) {
                return t;
            }
        }
        return null;
    }

    /** One line saying which memory ran out and how to give the JVM more. */
    static String resourceMessage(Throwable e) {
        if (e instanceof StackOverflowError) {
            return "out of memory: the thread stack overflowed (a deeply nested circuit?); give Java a larger"
                    + " stack with -Xss, e.g. GC_JAVA_OPTS=-Xss256m ./gc … or java -Xss256m -jar gc.jar …";
        }
        String what = e.getMessage() == null || e.getMessage().isBlank() ? "Java heap space" : e.getMessage();
        // A StringBuilder, not String.format or +: with the heap exhausted, a Formatter's locale
        // data or a first string-concatenation bootstrap would fail in turn and print a trace.
        return new StringBuilder(256).append("out of memory (").append(what).append(") with a heap limit of ")
                .append((Runtime.getRuntime().maxMemory() + (1 << 19)) >> 20).append(" MiB; give Java more with -Xmx, e.g."
                        + " GC_JAVA_OPTS=-Xmx4g ./gc … or java -Xmx4g -jar gc.jar … (docs/memory.md says what a"
                        + " run needs)").toString();
    }

    private static int fail(PrintStream err, boolean debug, Throwable e, int status) {
        Throwable resource = resourceError(e);
        if (resource != null) {
            reserve = null; // room to compose and print the one line
            synchronized (REPORT_LOCK) {
                if (!reported) {
                    reported = true;
                    try {
                        err.println("gc: " + resourceMessage(resource));
                    } catch (OutOfMemoryError | StackOverflowError again) {
                        byte[] line = resource instanceof StackOverflowError ? OUT_OF_STACK : OUT_OF_HEAP;
                        err.write(line, 0, line.length);
                        err.flush();
                    }
                }
            }
            if (debug) {
                try {
                    e.printStackTrace(err);
                } catch (OutOfMemoryError | StackOverflowError again) {
                    // the line above said what matters
                }
            }
            return EXIT_FAILURE;
        }
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            // A bug, not a user's mistake: no Java class name, the trace is there with --debug.
            message = "internal error (run with --debug for its stack trace)";
        } else if (e instanceof java.net.UnknownHostException) {
            message = "unknown host: " + message;
        } else if (e instanceof FileSystemException f && f.getFile() != null) {
            // Its message is often the bare path (the class name said the rest): say what happened.
            message = fileProblem(f);
        } else if (e instanceof IOException && !(e instanceof NoSuchFileException)
                && !message.startsWith("peer") && e.getClass().getPackageName().startsWith("java")) {
            message = "I/O error: " + message;
        }
        // The one line may quote a peer, a file or a certificate: only characters that show as
        // themselves reach the terminal (no line breaks, bidi overrides or invisible ones).
        err.println("gc: " + SafeText.line(message));
        if (debug) {
            e.printStackTrace(err);
        }
        return status;
    }

    /** "FILE: what is wrong with it" for a file system error whose class names the problem. */
    static String fileProblem(FileSystemException f) {
        String what = f.getReason() != null ? f.getReason()
                : f instanceof FileAlreadyExistsException ? "already exists"
                : f instanceof AccessDeniedException ? "permission denied"
                : f instanceof NotDirectoryException ? "not a directory"
                : f instanceof DirectoryNotEmptyException ? "directory not empty"
                : f instanceof NoSuchFileException ? "does not exist"
                : "I/O error";
        return f.getFile() + (f.getOtherFile() != null ? " -> " + f.getOtherFile() : "") + ": " + what;
    }

    static String version() {
        return BuildInfo.describe();
    }
}
