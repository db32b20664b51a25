package io.gcstream.circuits.format;

import io.gcstream.circuits.Circuit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** Reads and writes circuit files, choosing the format by extension or explicitly. */
public final class CircuitFiles {
    /** The two circuit file formats. */
    public enum Format {
        /** Text, {@code .gct}. */
        GCT,
        /** Binary, {@code .gcb}. */
        GCB;

        /** The format named by {@code file}'s extension (.gct or .gcb, any case). */
        public static Format of(Path file) {
            Path name = file.getFileName();
            String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
            if (n.endsWith(".gct")) {
                return GCT;
            }
            if (n.endsWith(".gcb")) {
                return GCB;
            }
            throw new IllegalArgumentException(file + ": unknown circuit file extension"
                    + " (expected .gct for text or .gcb for binary)");
        }
    }

    private CircuitFiles() {
    }

    /** Reads {@code file} in the format its extension names. */
    public static Circuit read(Path file) throws IOException {
        return read(file, Format.of(file));
    }

    public static Circuit read(Path file, Format format) throws IOException {
        return format == Format.GCT ? GctReader.open(file) : GcbReader.open(file);
    }

    /** Writes {@code circuit} to {@code file} in the format its extension names. */
    public static void write(Circuit circuit, Path file) throws IOException {
        write(circuit, file, Format.of(file));
    }

    public static void write(Circuit circuit, Path file, Format format) throws IOException {
        if (format == Format.GCT) {
            GctWriter.write(circuit, file);
        } else {
            GcbWriter.write(circuit, file);
        }
    }
}
