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
