package io.gcstream.circuits.internal.format;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writing through a temporary file in the target's directory, then moving it into place. */
final class OutputFiles {
    private OutputFiles() {
    }

    /** Writes the file at {@code tmp}, returning what the caller needs from it. */
    @FunctionalInterface
    interface Contents<T> {
        T writeTo(Path tmp) throws IOException;
    }

    /**
     * Writes {@code target} through a temporary file beside it, moved over the target only once
     * {@code contents} succeeded: on failure the target is left untouched and the temporary
     * file removed, and rewriting the file a circuit is being streamed from cannot truncate its
     * own source.
     */
    static <T> T write(Path target, Contents<T> contents) throws IOException {
        Path tmp = temporary(target);
        boolean done = false;
        try {
            T result = contents.writeTo(tmp);
            replace(tmp, target);
            done = true;
            return result;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    private static Path temporary(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path parent = abs.getParent();
        return Files.createTempFile(parent, "." + abs.getFileName(), ".tmp");
    }

    private static void replace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
