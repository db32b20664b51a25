package io.gcstream.circuits;

import io.gcstream.circuits.internal.format.BmecReader;
import io.gcstream.circuits.internal.format.BmecWriter;
import io.gcstream.circuits.internal.format.GcbReader;
import io.gcstream.circuits.internal.format.GcbWriter;
import io.gcstream.circuits.internal.format.GctReader;
import io.gcstream.circuits.internal.format.GctWriter;
import io.gcstream.circuits.internal.format.MecReader;
import io.gcstream.circuits.internal.format.MecWriter;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads circuit files in the format their content shows ({@link CircuitFormat#detect}) and
 * writes them in the format their name or the caller asks for.
 *
 * <p>Reads .gct, .gcb, .mec and .bmec. A Bristol file is recognised but not read here: it must
 * be compiled, which is the compiler module's job
 * ({@code io.gcstream.compiler.bristol.BristolImporter}); reading one here is an error that
 * says so.
 */
public final class CircuitFiles {
    /**
     * Instructions of sub-circuit definitions a .gcb circuit keeps in memory by default
     * ({@link #read(Path, CircuitFormat, long)}).
     */
    public static final long DEFAULT_CACHED_INSTRUCTIONS = GcbReader.Options.defaults().maxCachedInstructions();

    private CircuitFiles() {
    }

    /**
     * Reads {@code file} in the format its content shows, whatever its name.
     *
     * @throws CircuitFormatException if the file is in no known format, is a Bristol file, or
     *     is malformed; the message names the file and where
     */
    public static Circuit read(Path file) throws IOException {
        return read(file, CircuitFormat.detect(file));
    }

    /** Reads {@code file} as {@code format}, without looking at its content first. */
    public static Circuit read(Path file, CircuitFormat format) throws IOException {
        return switch (format) {
            case GCT -> GctReader.open(file);
            case GCB -> GcbReader.open(file);
            case MEC -> MecReader.open(file);
            case BMEC -> BmecReader.open(file);
            case BRISTOL_FASHION, BRISTOL_OLD -> throw new CircuitFormatException(file + ": is a "
                    + format.description() + ", which must be compiled: use gc compile or"
                    + " io.gcstream.compiler.bristol.BristolImporter");
        };
    }

    /**
     * As {@link #read(Path, CircuitFormat)}, keeping at most {@code maxCachedInstructions}
     * instructions of a .gcb file's sub-circuit definitions in memory: a definition beyond the
     * bound is read again from the file at each call (what bounds the memory of a circuit whose
     * definitions are large). Other formats have no definitions to keep.
     *
     * @throws IllegalArgumentException if {@code maxCachedInstructions} is negative
     */
    public static Circuit read(Path file, CircuitFormat format, long maxCachedInstructions) throws IOException {
        if (maxCachedInstructions < 0) {
            throw new IllegalArgumentException("maxCachedInstructions must not be negative, got "
                    + maxCachedInstructions);
        }
        if (format != CircuitFormat.GCB) {
            return read(file, format);
        }
        return GcbReader.open(file, GcbReader.Options.defaults().withMaxCachedInstructions(maxCachedInstructions));
    }

    /**
     * Reads a .gcb circuit that is part of the application itself, such as a resource of its
     * jar: all of it is checked as a file's is, but its hash field is taken as written, not
     * computed again (the application's own bytes are as trusted as its classes). {@code name}
     * names it in errors. Anything that comes from outside the application goes through
     * {@link #read(Path)}.
     */
    public static Circuit readBundled(String name, byte[] gcb) throws IOException {
        return GcbReader.readUnhashed(name, gcb);
    }

    /**
     * Writes {@code circuit} to {@code file} in the format its name asks for
     * ({@link CircuitFormat#forOutputName}: .gct, .gcb or .bin, .mec, .bmec).
     *
     * @throws IllegalArgumentException if the name asks for none of them
     */
    public static void write(Circuit circuit, Path file) throws IOException {
        write(circuit, file, CircuitFormat.forOutputName(file).orElseThrow(() ->
                new IllegalArgumentException(file + ": unknown circuit file extension (expected .gct or"
                        + " .mec for text, .gcb, .bin or .bmec for binary)")));
    }

    /**
     * Writes {@code circuit} to {@code file} as {@code format}. The ME-SFE formats have no
     * sub-circuits, so a circuit with some is flattened for them ({@link MecWriter}).
     *
     * @throws IllegalArgumentException for a Bristol format, which gcstream does not write
     */
    public static void write(Circuit circuit, Path file, CircuitFormat format) throws IOException {
        switch (format) {
            case GCT -> GctWriter.write(circuit, file);
            case GCB -> GcbWriter.write(circuit, file);
            case MEC -> MecWriter.write(circuit, file);
            case BMEC -> BmecWriter.write(circuit, file);
            case BRISTOL_FASHION, BRISTOL_OLD -> throw new IllegalArgumentException(
                    "gcstream does not write " + format.description() + "s");
        }
    }
}
