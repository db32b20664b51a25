package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.testing.RandomCircuits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes the seed corpora of the circuit readers' fuzz tests (the {@code *FuzzTestInputs/read}
 * folders under {@code src/test/resources/io/gcstream/circuits/internal/format/}): small valid circuits
 * made by this project's own writers, in every format, and the attack shapes of
 * {@link HostileFileTest}. Findings of fuzzing runs are kept next to them by hand, as
 * {@code crash-*} files. Run from the module's folder:
 * {@code java -cp target/classes:target/test-classes io.gcstream.circuits.format.FuzzSeeds}.
 */
final class FuzzSeeds {
    private FuzzSeeds() {
    }

    public static void main(String[] args) throws IOException {
        Path base = Path.of(args.length > 0 ? args[0] : "src/test/resources/io/gcstream/circuits/internal/format");
        Path tmp = Files.createTempDirectory("seeds");
        List<Circuit> circuits = new ArrayList<>();
        circuits.add(GctReader.parse("fig2", GctReaderTest.FIG2));
        Random rnd = new Random(12);
        for (int i = 0; i < 4; i++) {
            circuits.add(RandomCircuits.generate(rnd, i, 4 + 6 * i));
        }
        List<byte[]> gct = new ArrayList<>();
        List<byte[]> gcb = new ArrayList<>();
        List<byte[]> mec = new ArrayList<>();
        List<byte[]> bmec = new ArrayList<>();
        for (Circuit c : circuits) {
            gct.add(written(c, tmp, CircuitFormat.GCT));
            gcb.add(written(c, tmp, CircuitFormat.GCB));
            mec.add(written(c, tmp, CircuitFormat.MEC));
            bmec.add(written(c, tmp, CircuitFormat.BMEC));
        }
        // Hostile shapes: a header range of two billion slots, an S far beyond the body, nesting.
        gct.add(text("inputsCreator: 0-2000000000\ninputsEvaluator:\noutputsCreator: 0\noutputsEvaluator:\n"
                + "numberOfRegisters: 2000000001\nnumberOfGates: 0\n"));
        gct.add(text("inputsCreator: 0\ninputsEvaluator:\noutputsCreator: 1\noutputsEvaluator:\n"
                + "numberOfRegisters: 2147483647\nnumberOfGates: 1\n1;0;2\n"));
        gct.add(text("circuit a\ninputs: 0\noutputs: 1\nnumberOfRegisters: 2\nnumberOfGates: 1\n1;0;2\nend\n"
                + "circuit b\ninputs: 0\noutputs: 1\nnumberOfRegisters: 2\nnumberOfGates: 1\ncall a 0 -> 1\nend\n"
                + "inputsCreator: 0\ninputsEvaluator:\noutputsCreator: 1\noutputsEvaluator:\n"
                + "numberOfRegisters: 2\nnumberOfGates: 1\ncall b 0 -> 1\n"));
        mec.add(text("InputsCreator: 0,1\ninputsEvaluator: 2\noutputsCreator:\noutputsEvaluator: 3\n"
                + "numberOfRegisters: 2147483647\nnumberOfGates: 1\n3;0,2;1\n"));
        write(base.resolve("GctReaderFuzzTestInputs/read"), "gct", gct);
        write(base.resolve("GcbReaderFuzzTestInputs/read"), "gcb", gcb);
        write(base.resolve("MecReaderFuzzTestInputs/read"), "mec", mec);
        write(base.resolve("BmecReaderFuzzTestInputs/read"), "bmec", bmec);
        List<byte[]> any = new ArrayList<>();
        any.add(gct.get(2));
        any.add(gcb.get(2));
        any.add(mec.get(1));
        any.add(bmec.get(1));
        any.add(text("1 3\n2 1 1\n1 1\n2 1 0 1 2 AND\n"));
        write(base.resolve("CircuitFilesFuzzTestInputs/read"), "any", any);
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] written(Circuit c, Path dir, CircuitFormat f) throws IOException {
        Path p = dir.resolve("c." + f.name().toLowerCase(java.util.Locale.ROOT));
        CircuitFiles.write(c, p, f);
        return Files.readAllBytes(p);
    }

    private static void write(Path dir, String stem, List<byte[]> seeds) throws IOException {
        Files.createDirectories(dir);
        for (int i = 0; i < seeds.size(); i++) {
            Files.write(dir.resolve("seed-" + stem + "-" + i), seeds.get(i));
        }
    }
}
