package io.gcstream.cli;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.format.CircuitFiles;
import io.gcstream.circuits.format.GcbReader;
import io.gcstream.circuits.format.GctReader;
import io.gcstream.compiler.bristol.BristolImporter;
import io.gcstream.compiler.bristol.BristolOptions;
import io.gcstream.compiler.lib.InputEncoder;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Reads and writes circuits for the commands, choosing the format by option or extension. */
final class CircuitSources {
    static final long DEFAULT_CACHE_INSTRUCTIONS = GcbReader.Options.defaults().maxCachedInstructions();

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
    record Loaded(Circuit circuit, InputEncoder creator, InputEncoder evaluator) {
        static Loaded of(Circuit c) {
            return new Loaded(c, InputEncoder.identity(c.creatorInputCount()),
                    InputEncoder.identity(c.evaluatorInputCount()));
        }

        static Loaded of(LibraryCircuit lc) {
            return new Loaded(lc.circuit(), lc.creatorEncoder(), lc.evaluatorEncoder());
        }

        /** The encoder of {@code party}'s value. */
        InputEncoder encoder(Party party) {
            return party == Party.CREATOR ? creator : evaluator;
        }

        /** {@code party}'s circuit input bits from the value given as {@code option}. */
        boolean[] inputBits(Party party, String value, String option) {
            InputEncoder e = encoder(party);
            return e.encode(Outputs.input(value, e.valueWidth(), option));
        }
    }

    /** Reads a circuit file or builds a library circuit. */
    static Loaded load(String source, SourceOptions o) throws IOException {
        if (source.startsWith(LIBRARY_PREFIX)) {
            String name = source.substring(LIBRARY_PREFIX.length());
            try {
                return Loaded.of(Library.get(name));
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
        }
        return Loaded.of(read(Path.of(source), o));
    }

    private static Circuit read(Path file, SourceOptions o) throws IOException {
        String from = o.from != null ? o.from.toLowerCase(Locale.ROOT) : byExtension(file);
        switch (from) {
            case "gct":
                return GctReader.read(file);
            case "gcb":
                return GcbReader.open(file, GcbReader.Options.defaults().withMaxCachedInstructions(o.cacheInstructions));
            case "bristol":
                return BristolImporter.readFashion(file, bristolOptions(o));
            case "bristol-old":
                return BristolImporter.readOld(file, bristolOptions(o));
            case "auto-bristol":
                return BristolImporter.read(file, bristolOptions(o));
            default:
                throw new UserError("--from must be gct, gcb, bristol or bristol-old, not '" + o.from + "'");
        }
    }

    static void write(Circuit c, Path target, String to) throws IOException {
        String format = to != null ? to.toLowerCase(Locale.ROOT) : extension(target);
        switch (format) {
            case "gct" -> CircuitFiles.write(c, target, CircuitFiles.Format.GCT);
            case "gcb" -> CircuitFiles.write(c, target, CircuitFiles.Format.GCB);
            default -> throw new UserError("cannot tell the output format of " + target
                    + ": use a .gcb or .gct name, or --to gcb|gct");
        }
    }

    private static String byExtension(Path file) {
        String ext = extension(file);
        return ext.equals("gct") || ext.equals("gcb") ? ext : "auto-bristol";
    }

    private static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    private static BristolOptions bristolOptions(SourceOptions o) {
        BristolOptions b = BristolOptions.defaults();
        if (o.inputParties != null) {
            b = b.inputParties(parties(o.inputParties, "--input-parties"));
        }
        if (o.outputParties != null) {
            b = b.outputParties(parties(o.outputParties, "--output-parties"));
        }
        switch (o.bitOrder.toLowerCase(Locale.ROOT)) {
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
