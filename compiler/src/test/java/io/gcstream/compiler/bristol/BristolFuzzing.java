package io.gcstream.compiler.bristol;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;

/**
 * What the Bristol importers' fuzz targets do with one input: write it to a file and import
 * it. The only acceptable failure is a {@link CircuitFormatException} whose message is one
 * printable line naming the file. A circuit that was imported must evaluate like the gate list
 * itself ({@link BristolEval}, on a few inputs), and survive a trip through a .gcb file with
 * its hash; anything thrown on the way is a finding.
 */
final class BristolFuzzing {
    /** Gates and wires at most for the comparison with the reference. */
    private static final int MAX_COMPARED = 100_000;

    private static Path dir;

    private BristolFuzzing() {
    }

    private static synchronized Path dir() {
        if (dir == null) {
            try {
                dir = Files.createTempDirectory("gc-fuzz-bristol");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            dir.toFile().deleteOnExit();
        }
        return dir;
    }

    static void check(byte[] data, boolean old) throws IOException {
        Path f = dir().resolve("input.txt");
        Files.write(f, data);
        Circuit c;
        try {
            c = old ? BristolImporter.readOld(f, BristolOptions.defaults())
                    : BristolImporter.readFashion(f, BristolOptions.defaults());
            try (InstructionReader r = Circuits.openBody(c)) {
                while (r.next()) {
                    // every instruction checked
                }
            }
        } catch (CircuitFormatException e) {
            String m = e.getMessage();
            if (m == null || !m.startsWith(f.toString()) || m.chars().anyMatch(Character::isISOControl)) {
                throw new AssertionError("not one line naming " + f + ": " + m, e);
            }
            return;
        }
        String hash = HexFormat.of().formatHex(c.hash());
        if (c.gateCount() <= MAX_COMPARED && c.labelSlots() <= MAX_COMPARED) {
            BristolEval ref = new BristolEval(f, old);
            if (ref.wires <= MAX_COMPARED) {
                Random rnd = new Random(Arrays.hashCode(data));
                for (int round = 0; round < 3; round++) {
                    boolean[] in = new boolean[ref.totalIn];
                    for (int i = 0; i < in.length; i++) {
                        in[i] = round > 0 && rnd.nextBoolean();
                    }
                    int nc = c.creatorInputCount();
                    Simulator.Result res = Simulator.run(c, Arrays.copyOf(in, nc), Arrays.copyOfRange(in, nc, in.length));
                    boolean[] got = Arrays.copyOf(res.creatorOutputs(), ref.totalOut);
                    System.arraycopy(res.evaluatorOutputs(), 0, got, res.creatorOutputs().length,
                            res.evaluatorOutputs().length);
                    if (!Arrays.equals(ref.run(in), got)) {
                        throw new AssertionError("the imported circuit and the gate list disagree");
                    }
                }
            }
            Path gcb = dir().resolve("copy.gcb");
            CircuitFiles.write(c, gcb, CircuitFormat.GCB);
            if (!HexFormat.of().formatHex(CircuitFiles.read(gcb).hash()).equals(hash)) {
                throw new AssertionError("written as .gcb and read back, the hash changed");
            }
        }
    }
}
