package io.gcstream.cli;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.OutputFile;
import io.gcstream.compiler.bristol.BristolImporter;
import io.gcstream.compiler.bristol.BristolOptions;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Reads and writes circuits for the commands: a file is read in the format its content shows
 * (or {@code --from}), written in the one its name asks for (or {@code --to}).
 */
final class CircuitSources {
    static final long DEFAULT_CACHE_INSTRUCTIONS = CircuitFiles.DEFAULT_CACHED_INSTRUCTIONS;

    private CircuitSources() {
    }

    /** Prefix naming a circuit of the standard library instead of a file: {@code lib:aes128}. */
    static final String LIBRARY_PREFIX = "lib:";

    /** The one positional argument of {@code command}: a file, or {@code lib:NAME}. */
    static String single(List<String> args, String command) {
        if (args.isEmpty()) {
            throw new UserError(command + ": no circuit file given");
        }
        if (args.size() > 1) {
            throw new UserError(command + ": expected one circuit file, got " + args.size() + ": " + args);
        }
        String source = args.get(0);
        if (source.startsWith(LIBRARY_PREFIX)) {
            return source;
        }
        Path p = Path.of(source);
        if (!Files.isRegularFile(p)) {
            throw new UserError(command + ": " + p + (Files.exists(p) ? " is not a file" : " does not exist"));
        }
        return source;
    }

    /**
     * A circuit as a command uses it: the circuit and, per party, how the value the user types
     * becomes its input bits (the identity, except for library circuits such as
     * {@code aes128-expanded} whose creator input is derived from a key).
     */
    record Loaded(LibraryCircuit source) {
        static Loaded of(Circuit c) {
            return new Loaded(LibraryCircuit.of("file", c));
        }

        static Loaded of(LibraryCircuit lc) {
            return new Loaded(lc);
        }

        Circuit circuit() {
            return source.circuit();
        }

        /** True if {@code party}'s input bits are computed from its value, not the value itself. */
        boolean encodesLocally(Party party) {
            return source.encodesLocally(party);
        }

        /** Bits of the value {@code party} gives. */
        int valueWidth(Party party) {
            return source.valueWidth(party);
        }

        /**
         * {@code party}'s circuit input bits from the value given as {@code option}: a number,
         * or text if the party's encoder reads text ({@link BitValues#text}).
         */
        boolean[] inputBits(Party party, String value, String option) {
            int width = source.valueWidth(party);
            boolean readsText = source.takesText(party);
            if (value == null) {
                return source.encode(party, Outputs.input(null, width, option));
            }
            // Read once: a file may be a pipe, which a second read would find empty.
            BitValues.Given given = BitValues.read(value, readsText, width, option);
            String text = BitValues.text(given, readsText, option);
            if (text == null) {
                return source.encode(party, BitValues.number(given, width, option));
            }
            if (!readsText) {
                throw new UserError(option + ": this circuit takes a number, not text");
            }
            try {
                return source.encode(party, text);
            } catch (IllegalArgumentException bad) {
                throw new UserError(option + ": " + bad.getMessage());
            }
        }
    }

    /** Reads a circuit file, or a library circuit: the copy gc carries ({@link LibraryCache}) or built. */
    static Loaded load(String source, SourceOptions o) throws IOException {
        if (o.cacheInstructions < 0) {
            throw new UserError("--cache must be at least 0 instructions, not " + o.cacheInstructions);
        }
        if (source.startsWith(LIBRARY_PREFIX)) {
            bristolOnly(o, source + " is a library circuit");
            String name = source.substring(LIBRARY_PREFIX.length());
            Circuit carried = LibraryCache.circuit(name);
            if (carried != null) {
                return Loaded.of(carried);
            }
            try {
                return Loaded.of(Library.get(name));
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
        }
        return Loaded.of(read(Path.of(source), o));
    }

    /**
     * Reads a circuit file in the format its content shows, or the one {@code --from} names;
     * Bristol files go to the compiler's importer.
     */
    private static Circuit read(Path file, SourceOptions o) throws IOException {
        CircuitFormat format = o.from != null ? format(o.from, "--from") : CircuitFormat.detect(file);
        if (!isBristol(format)) {
            bristolOnly(o, file + " is a " + format.description());
        }
        return switch (format) {
            case GCB -> CircuitFiles.read(file, format, o.cacheInstructions);
            case BRISTOL_FASHION -> BristolImporter.readFashion(file, bristolOptions(o));
            case BRISTOL_OLD -> BristolImporter.readOld(file, bristolOptions(o));
            default -> CircuitFiles.read(file, format);
        };
    }

    /**
     * The format {@code gc compile} writes: {@code --to}, else the one {@code target}'s name
     * asks for (.gct, .gcb or .bin, .mec, .bmec).
     */
    static CircuitFormat outputFormat(Path target, String to) {
        CircuitFormat format = to != null ? format(to, "--to")
                : CircuitFormat.forOutputName(target).orElseThrow(() -> new UserError(
                        "cannot tell the output format of " + target + ": use a .gcb, .bin, .gct, .mec or"
                        + " .bmec name, or --to " + WRITABLE));
        if (isBristol(format)) {
            throw new UserError("--to " + format.id() + ": gc does not write Bristol; use one of " + WRITABLE);
        }
        return format;
    }

    static void write(Circuit c, Path target, CircuitFormat format) throws IOException {
        try {
            CircuitFiles.write(c, target, format);
        } catch (OutputFile.TargetException e) {
            throw new UserError("-o " + e.getMessage());
        } catch (IllegalArgumentException e) {
            // e.g. a circuit too large for the 32-bit counts of .bmec
            throw new UserError(target + ": " + e.getMessage());
        }
    }

    /** The formats gc writes, as {@code --to} takes them. */
    static final String WRITABLE = "gct|gcb|mec|bmec";

    /** The format called {@code id} (any case). */
    private static CircuitFormat format(String id, String option) {
        for (CircuitFormat f : CircuitFormat.values()) {
            if (f.id().equalsIgnoreCase(id)) {
                return f;
            }
        }
        throw new UserError(option + ": unknown circuit format '" + id + "' (expected one of "
                + Arrays.stream(CircuitFormat.values()).map(CircuitFormat::id).collect(Collectors.joining(", ")) + ")");
    }

    /** True for the Bristol formats, which are imported (compiled) rather than read. */
    private static boolean isBristol(CircuitFormat f) {
        return f == CircuitFormat.BRISTOL_FASHION || f == CircuitFormat.BRISTOL_OLD;
    }

    /**
     * Refuses the options that say how to read a Bristol file ({@code --input-parties},
     * {@code --output-parties}, {@code --bit-order}) for a source that is not one: its values
     * already say whose they are and which wire is which bit, and the option would be ignored.
     * {@code what} says what the source is, e.g. "c.gct is a text circuit (.gct)".
     */
    private static void bristolOnly(SourceOptions o, String what) {
        String option = o.inputParties != null ? "--input-parties" : o.outputParties != null ? "--output-parties"
                : o.bitOrder != null ? "--bit-order" : null;
        if (option != null) {
            throw new UserError(option + " is for Bristol circuits, whose files do not say "
                    + (option.equals("--bit-order") ? "which wire of a value is its low bit" : "whose each value is")
                    + "; " + what + ", which does");
        }
    }

    private static BristolOptions bristolOptions(SourceOptions o) {
        BristolOptions b = BristolOptions.defaults();
        if (o.inputParties != null) {
            b = b.inputParties(parties(o.inputParties, "--input-parties"));
        }
        if (o.outputParties != null) {
            b = b.outputParties(parties(o.outputParties, "--output-parties"));
        }
        switch (o.bitOrder == null ? "lsb" : o.bitOrder.toLowerCase(Locale.ROOT)) {
            case "lsb" -> b = b.bitOrder(BristolOptions.BitOrder.LSB_FIRST);
            case "msb" -> b = b.bitOrder(BristolOptions.BitOrder.MSB_FIRST);
            default -> throw new UserError("--bit-order must be lsb or msb, not '" + o.bitOrder + "'");
        }
        return b;
    }

    private static Party[] parties(String list, String option) {
        String[] parts = list.split(",");
        Party[] out = new Party[parts.length];
        for (int i = 0; i < parts.length; i++) {
            switch (parts[i].trim().toLowerCase(Locale.ROOT)) {
                case "c", "creator" -> out[i] = Party.CREATOR;
                case "e", "evaluator" -> out[i] = Party.EVALUATOR;
                default -> throw new UserError(option + ": '" + parts[i] + "' is not a party (use c or e)");
            }
        }
        return out;
    }
}
