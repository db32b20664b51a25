package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.nio.file.Path;

/** Opens a circuit file and streams its whole body, so that errors anywhere surface. */
final class MalformedInputTestSupport {
    private MalformedInputTestSupport() {
    }

    /** Reads {@code file} in the format its content shows. */
    static long readAll(Path file) throws IOException {
        return readAll(file, CircuitFormat.detect(file));
    }

    /** Reads {@code file} as {@code format}, so that reader's own checks speak. */
    static long readAll(Path file, CircuitFormat format) throws IOException {
        Circuit c = CircuitFiles.read(file, format);
        long n = 0;
        try (InstructionReader r = Circuits.openBody(c)) {
            while (r.next()) {
                n++;
            }
        }
        return n;
    }
}
