package io.gcstream.circuits;

import io.gcstream.circuits.internal.format.FormatDetector;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The circuit file formats gcstream knows, and how to tell them apart by content.
 *
 * <p>{@link #detect(Path)} decides from the file's first bytes (and, for {@code .bmec}, from
 * a few counts checked against the file's length), never from its name; the exact rules are in
 * docs/formats.md. The Bristol formats are recognised here but imported by the compiler
 * module ({@code io.gcstream.compiler.bristol.BristolImporter}); the other four are read and
 * written by {@link CircuitFiles}.
 */
public enum CircuitFormat {
    /** gcstream's text format (the paper's Fig. 2 with sub-circuits). */
    GCT("gct", "text circuit (.gct)"),
    /** gcstream's binary format, magic {@code GCB\0}. */
    GCB("gcb", "binary circuit (.gcb)"),
    /** ME-SFE's text format: Fig. 2 with comma-separated slot lists. */
    MEC("mec", "ME-SFE text circuit (.mec)"),
    /** ME-SFE's binary format: the .mec fields as 4-byte big-endian integers. */
    BMEC("bmec", "ME-SFE binary circuit (.bmec)"),
    /** Bristol Fashion (header {@code gates wires}, {@code niv ...}, {@code nov ...}). */
    BRISTOL_FASHION("bristol", "Bristol Fashion circuit"),
    /** The older Bristol format (header {@code gates wires}, {@code n1 n2 nout}). */
    BRISTOL_OLD("bristol-old", "old-format Bristol circuit");

    private final String id;
    private final String description;

    CircuitFormat(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** The name used on the command line ({@code --from}, {@code --to}): gct, gcb, mec, ... */
    public String id() {
        return id;
    }

    /** A few words for messages, e.g. "ME-SFE binary circuit (.bmec)". */
    public String description() {
        return description;
    }

    /** The format called {@code id} (any case). */
    static CircuitFormat byId(String id) {
        for (CircuitFormat f : values()) {
            if (f.id.equalsIgnoreCase(id)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown circuit format '" + id + "' (expected one of "
                + Arrays.stream(values()).map(CircuitFormat::id).collect(Collectors.joining(", ")) + ")");
    }

    /**
     * The format a file name asks for when writing: {@code .gct}, {@code .gcb}, {@code .bin}
     * (binary, that is .gcb), {@code .mec} or {@code .bmec}, in any case; empty for any other
     * name. Reading never looks at the name.
     */
    public static Optional<CircuitFormat> forOutputName(Path file) {
        Path name = file.getFileName();
        String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        int dot = n.lastIndexOf('.');
        String ext = dot < 0 ? "" : n.substring(dot + 1);
        return switch (ext) {
            case "gct" -> Optional.of(GCT);
            case "gcb", "bin" -> Optional.of(GCB);
            case "mec" -> Optional.of(MEC);
            case "bmec" -> Optional.of(BMEC);
            default -> Optional.empty();
        };
    }

    /**
     * The format of {@code file}, from its content. Reads at most 64 KiB and, for the
     * {@code .bmec} test, six 4-byte counts.
     *
     * @throws io.gcstream.circuits.CircuitFormatException naming the file (and the byte or
     *     line) when it is none of the formats: empty, not UTF-8 text nor a binary circuit,
     *     or text whose first line starts no known header
     */
    public static CircuitFormat detect(Path file) throws IOException {
        return FormatDetector.detect(file);
    }
}
