package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * What every fuzz target of a circuit reader does with one input: write it to a file, read it
 * fully in the given format (or the detected one), then use what was read. The only
 * acceptable failure is a {@link CircuitFormatException} from reading, whose message must be
 * one printable line naming the file; anything else thrown, at any point, is a finding. A
 * circuit that was read is hashed, walked and simulated (when its expanded size is modest),
 * written as .gct and .gcb and read back, and must come back with the same hash and outputs.
 */
final class ReaderFuzzing {
    /** Longest message a CircuitFormatException keeps: 1,000 characters and "...". */
    private static final int MAX_MESSAGE = 1003;
    /** Gates walked at most for the simulation and the round trip: beyond, the input is only read. */
    static final long MAX_WALK = 200_000;

    private static Path dir;

    private ReaderFuzzing() {
    }

    /** A scratch directory for this JVM, deleted at exit. */
    static synchronized Path dir() {
        if (dir == null) {
            try {
                dir = Files.createTempDirectory("gc-fuzz");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            dir.toFile().deleteOnExit();
        }
        return dir;
    }

    /** Reads {@code data} as {@code format} (null: as its content shows) and exercises the result. */
    static void check(byte[] data, CircuitFormat format) throws IOException {
        Path f = dir().resolve("input");
        Files.write(f, data);
        Circuit c;
        try {
            c = format == null ? CircuitFiles.read(f) : CircuitFiles.read(f, format);
            drain(c);
        } catch (CircuitFormatException e) {
            requireOneLineNaming(e, f);
            return;
        }
        exercise(c);
    }

    /** A reader's message: one printable line that starts with the file's name. */
    static void requireOneLineNaming(CircuitFormatException e, Path f) {
        String m = e.getMessage();
        if (m == null || !m.startsWith(f.toString()) || m.chars().anyMatch(Character::isISOControl)
                || m.length() > MAX_MESSAGE) {
            throw new AssertionError("not one line naming " + f + ": " + m, e);
        }
    }

    /** Streams the whole body once, so that a pass's checks run to the end. */
    static void drain(Circuit c) throws IOException {
        try (InstructionReader r = Circuits.openBody(c)) {
            while (r.next()) {
                // checked as it is read
            }
        }
    }

    /** Uses a circuit that was read: nothing here may throw. */
    static void exercise(Circuit c) throws IOException {
        String hash = HexFormat.of().formatHex(c.hash());
        if (CircuitWalker.gatesWalked(c) > MAX_WALK || c.labelSlots() > 4 * MAX_WALK) {
            return;
        }
        Simulator.Result zero = simulate(c);
        for (CircuitFormat out : new CircuitFormat[] {CircuitFormat.GCT, CircuitFormat.GCB}) {
            Path f = dir().resolve("copy" + out.name().toLowerCase(java.util.Locale.ROOT));
            CircuitFiles.write(c, f, out);
            Circuit back = CircuitFiles.read(f, out);
            drain(back);
            if (!HexFormat.of().formatHex(back.hash()).equals(hash)) {
                throw new AssertionError("written as " + out + " and read back, the hash changed");
            }
            Simulator.Result again = simulate(back);
            if (!Arrays.equals(zero.creatorOutputs(), again.creatorOutputs())
                    || !Arrays.equals(zero.evaluatorOutputs(), again.evaluatorOutputs())) {
                throw new AssertionError("written as " + out + " and read back, the outputs changed");
            }
        }
    }

    private static Simulator.Result simulate(Circuit c) throws IOException {
        boolean[] ci = new boolean[c.creatorInputCount()];
        boolean[] ei = new boolean[c.evaluatorInputCount()];
        for (int i = 0; i < ci.length; i += 3) {
            ci[i] = true;
        }
        for (int i = 1; i < ei.length; i += 2) {
            ei[i] = true;
        }
        return Simulator.run(c, ci, ei);
    }
}
