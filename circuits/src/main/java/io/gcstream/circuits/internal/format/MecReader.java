package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.Circuits;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads ME-SFE's text circuit format {@code .mec} (docs/formats.md): the six keywords of the
 * paper's Fig. 2 with comma-separated slot lists ({@code inputsCreator: 0,1,2}), then one
 * gate {@code out;in1,in2;table} per line. No sub-circuits. Keywords may be in any case.
 *
 * <p>It shares the {@code .gct} reader's line handling and checks (one streaming pass at open,
 * the body streamed again from the file on each {@link Circuits#openBody}, every instruction
 * checked by {@link io.gcstream.circuits.internal.FrameChecker}); errors start with {@code file:line:}.
 */
public final class MecReader {
    private MecReader() {
    }

    /** Opens a .mec file; the body is streamed from it on each pass. */
    public static Circuit open(Path file) throws IOException {
        return GctReader.open(file, GctReader.Dialect.MEC);
    }

    /** Parses .mec text held in a string; {@code name} names it in errors. */
    public static Circuit parse(String name, String text) throws IOException {
        return GctReader.parse(name, text, GctReader.Dialect.MEC);
    }
}
