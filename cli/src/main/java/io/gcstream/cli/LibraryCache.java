package io.gcstream.cli;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.format.GcbReader;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The library circuits gc carries ready-made: {@link #NAMES}, compiled by the build into
 * {@code .gcb} resources of the jar next to this class ({@link #main}), so that {@code lib:aes128}
 * is read instead of being built, optimised and slot-allocated in a fresh JVM's interpreter, in
 * each of the two processes of a run. A resource is the circuit {@link Library#get} builds,
 * written by the same code the jar holds, and is part of the program as the jar's classes are:
 * its structure is checked as it is read, but its bytes are not hashed again (the hash in its
 * header, which the build computed, is the circuit's: hashing would cost a fresh process an
 * interpreted SHA-256 pass). A circuit whose hash is the library's is the library's, so the two
 * parties agree whichever way each got it. Only circuits that take both
 * parties' values as they are (not {@link LibraryCircuit#encodesLocally encoded locally})
 * are carried: the resource holds the circuit, not its encoders.
 */
public final class LibraryCache {
    /** The circuits the build writes: the one-shot commands' usual ones. */
    static final String[] NAMES = {"aes128", "present80"};
    /** The folder of the resources, relative to this class. */
    private static final String FOLDER = "lib/";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

    private LibraryCache() {
    }

    /**
     * The carried circuit {@code name} (as {@link Library#get} takes it), or null if gc does not
     * carry it (then build it).
     *
     * @throws IllegalStateException if the carried copy is damaged: the jar is broken
     */
    static Circuit circuit(String name) {
        String n = name.toLowerCase(Locale.ROOT).trim();
        if (!NAME.matcher(n).matches()) {
            return null;
        }
        try (InputStream in = LibraryCache.class.getResourceAsStream(FOLDER + n + ".gcb")) {
            if (in == null) {
                return null;
            }
            // Part of the program, as its classes are: not hashed again (LibraryCacheTest checks
            // that the build wrote the library's circuits).
            return GcbReader.readUnhashed("lib:" + n + " (the copy in gc's jar)", in.readAllBytes());
        } catch (IOException | CircuitFormatException e) {
            throw new IllegalStateException("the copy of lib:" + n + " that gc carries is damaged (" + e.getMessage()
                    + "); rebuild gc", e);
        }
    }

    /**
     * Build step: {@code OUTPUT_DIR [NAME...]} writes each circuit (default {@link #NAMES}) as
     * {@code OUTPUT_DIR/io/gcstream/cli/lib/NAME.gcb}.
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            throw new IllegalArgumentException("usage: LibraryCache OUTPUT_DIR [NAME...]");
        }
        Path dir = Path.of(args[0]).resolve(LibraryCache.class.getPackageName().replace('.', '/')).resolve(FOLDER);
        Files.createDirectories(dir);
        String[] names = args.length > 1 ? java.util.Arrays.copyOfRange(args, 1, args.length) : NAMES;
        for (String name : names) {
            write(name, dir.resolve(name + ".gcb"));
        }
    }

    /** Writes library circuit {@code name} to {@code file}. */
    static void write(String name, Path file) throws IOException {
        LibraryCircuit lc = Library.get(name);
        if (lc.encodesLocally(Party.CREATOR) || lc.encodesLocally(Party.EVALUATOR)) {
            throw new IllegalArgumentException("lib:" + name + " encodes a party's value: its circuit alone is not"
                    + " what lib:" + name + " means, so it cannot be carried");
        }
        try {
            CircuitFiles.write(lc.circuit(), file, CircuitFormat.GCB);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
