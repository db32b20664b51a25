package io.gcstream.circuits.internal;

import io.gcstream.circuits.OutputFile;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * What gcstream's own writers do with an {@link OutputFile} beyond its public API: write a
 * whole file in one call, write through a {@link FileChannel}, and commit a file written beside
 * its target. {@code OutputFile} hands this class its package-private operations when it is
 * initialised.
 */
public final class OutputFiles {
    private static volatile Operations operations;

    private OutputFiles() {
    }

    /** Writes the content of a file; returns what the caller needs from it. */
    @FunctionalInterface
    public interface Contents<T> {
        T writeTo(OutputFile file) throws IOException;
    }

    /** {@code OutputFile}'s operations for this class; set once, by {@code OutputFile}. */
    public interface Operations {
        boolean writesThrough(OutputFile f);

        FileChannel channel(OutputFile f);

        Path target(OutputFile f);

        void move(Path from, Path to) throws IOException;
    }

    /** Called by {@code OutputFile}'s initialiser only. */
    public static void register(Operations o) {
        if (operations != null) {
            throw new IllegalStateException("already registered");
        }
        operations = o;
    }

    private static Operations operations() {
        Operations o = operations;
        if (o == null) {
            try {
                MethodHandles.lookup().ensureInitialized(OutputFile.class);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            o = operations;
        }
        return o;
    }

    /**
     * Writes {@code target} with {@code contents} and commits it; on any failure the target is
     * left as it was and the temporary file removed. Replaces a regular file.
     */
    public static <T> T write(Path target, OutputFile.Access access, Contents<T> contents) throws IOException {
        try (OutputFile f = OutputFile.open(target, access, OutputFile.Existing.REPLACE)) {
            T result = contents.writeTo(f);
            f.commit();
            return result;
        }
    }

    /** True if {@code f} is written through (a FIFO or a device): no temporary file, no rename. */
    public static boolean writesThrough(OutputFile f) {
        return operations().writesThrough(f);
    }

    /** The file being written: the temporary file's channel, or the target's when written through. */
    public static FileChannel channel(OutputFile f) {
        return operations().channel(f);
    }

    /** The file {@code f} writes: the target, or the regular file its link leads to. */
    public static Path target(OutputFile f) {
        return operations().target(f);
    }

    /**
     * Moves {@code from} over {@code to} in one atomic rename (a regular file or nothing at
     * {@code to}), then syncs the directory: the commit of a file written beside its target
     * under another name.
     *
     * @throws OutputFile.TargetException if {@code to} is something else
     */
    public static void move(Path from, Path to) throws IOException {
        operations().move(from, to);
    }
}
