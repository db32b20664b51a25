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

    static Path temporary(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path parent = abs.getParent();
        return Files.createTempFile(parent, "." + abs.getFileName(), ".tmp");
    }

    static void replace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
