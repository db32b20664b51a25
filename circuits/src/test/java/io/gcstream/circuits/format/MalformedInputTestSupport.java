package io.gcstream.circuits.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.InstructionReader;
import java.io.IOException;
import java.nio.file.Path;

/** Opens a circuit file and streams its whole body, so that errors anywhere surface. */
final class MalformedInputTestSupport {
    private MalformedInputTestSupport() {
    }

    static long readAll(Path file) throws IOException {
        Circuit c = CircuitFiles.read(file);
        long n = 0;
        try (InstructionReader r = c.openBody()) {
            while (r.next()) {
                n++;
            }
        }
        return n;
    }
}
