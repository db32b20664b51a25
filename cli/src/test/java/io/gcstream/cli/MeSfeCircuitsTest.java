package io.gcstream.cli;

import java.util.HexFormat;
import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.Simulator;
import io.gcstream.engine.LocalPair;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionOptions;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * ME-SFE's own circuit library (the {@code circuits/} folder of encryptogroup/me-sfe), which we
 * may not ship: point {@code GC_MESFE_CIRCUITS} (or {@code -Dgc.mesfe.circuits=}) at a copy and
 * every {@code .mec} and {@code .bmec} file in it is read by content, its counts checked, and
 * {@link Simulator}, garbled runs of both schemes ({@link LocalPair}), {@code gc sim} and
 * {@code gc run --local} compared on random inputs with {@link RawMeSfe}, a plain interpreter
 * that reads the files by itself. A {@code .mec} and a {@code .bmec} of the same name must give
 * the same circuit hash. Without the folder the test is skipped.
 */
class MeSfeCircuitsTest {
    private static final int INPUTS_PER_FILE = 3;
    private static final Map<String, String> REPORT = new TreeMap<>();

    static Path folder() {
        String p = System.getProperty("gc.mesfe.circuits", System.getenv("GC_MESFE_CIRCUITS"));
        return p == null || p.isBlank() ? null : Path.of(p);
    }

    @Test
    void everyMecAndBmecFileAgreesWithAPlainInterpreter() throws IOException {
        Path dir = folder();
        Assumptions.assumeTrue(dir != null, "set GC_MESFE_CIRCUITS (or -Dgc.mesfe.circuits) to a copy of"
                + " ME-SFE's circuits/ folder to run this test");
        Assumptions.assumeTrue(Files.isDirectory(dir), dir + " is not a folder");
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".mec") || p.toString().endsWith(".bmec")).sorted().toList();
        }
        assertTrue(!files.isEmpty(), "no .mec or .bmec files under " + dir);
        // Every file is checked, and every failure reported, even after a first one.
        List<Executable> checks = new ArrayList<>();
        for (Path f : files) {
            String where = dir.relativize(f).toString();
            checks.add(() -> {
                try {
                    check(dir, f);
                } catch (IOException | RuntimeException | AssertionError e) {
                    throw new AssertionError(where + ": " + e.getMessage(), e);
                }
            });
            Path twin = Path.of(f.toString().replaceAll("\\.mec$", ".bmec"));
            if (f.toString().endsWith(".mec") && Files.exists(twin)) {
                checks.add(() -> assertEquals(HexFormat.of().formatHex(CircuitFiles.read(f).hash()), HexFormat.of().formatHex(CircuitFiles.read(twin).hash()),
                        where + " and its .bmec twin"));
            }
        }
        assertAll(checks);
    }

    private static void check(Path dir, Path f) throws IOException {
        boolean text = f.toString().endsWith(".mec");
        assertEquals(text ? CircuitFormat.MEC : CircuitFormat.BMEC, CircuitFormat.detect(f));
        RawMeSfe raw = text ? RawMeSfe.readMec(f) : RawMeSfe.readBmec(f);
        Circuit c = CircuitFiles.read(f);
        assertEquals(raw.gateCount(), c.gateCount());
        assertEquals(raw.nonLinearCount(), c.nonLinearCount());
        assertEquals(raw.registers, c.numSlots());

        Random rnd = new Random(f.getFileName().toString().hashCode());
        List<boolean[]> xs = new ArrayList<>();
        List<boolean[]> ys = new ArrayList<>();
        for (int k = 0; k < INPUTS_PER_FILE; k++) {
            boolean[] x = bits(rnd, raw.lists[0].length);
            boolean[] y = bits(rnd, raw.lists[1].length);
            xs.add(x);
            ys.add(y);
            boolean[][] want = raw.eval(x, y);
            Simulator.Result sim = Simulator.run(c, x, y);
            assertArrayEquals(want[0], sim.creatorOutputs(), "simulator, creator");
            assertArrayEquals(want[1], sim.evaluatorOutputs(), "simulator, evaluator");
        }
        for (Scheme scheme : Scheme.values()) {
            SessionOptions o = SessionOptions.builder().scheme(scheme).build();
            List<LocalPair.Outcome> runs = LocalPair.runAll(c, xs, ys, o, LocalPair.Connection.MEMORY);
            for (int k = 0; k < INPUTS_PER_FILE; k++) {
                boolean[][] want = raw.eval(xs.get(k), ys.get(k));
                assertArrayEquals(want[0], runs.get(k).creatorOutputs(), scheme + ", creator");
                assertArrayEquals(want[1], runs.get(k).evaluatorOutputs(), scheme + ", evaluator");
            }
        }
        // The command line, as a user types it.
        boolean[][] want = raw.eval(xs.get(0), ys.get(0));
        String[] values = {"--creator-input", hex(xs.get(0)), "--evaluator-input", hex(ys.get(0))};
        for (String[] cmd : new String[][] {{"sim"}, {"run", "--local"}}) {
            List<String> args = new ArrayList<>(List.of(cmd));
            args.add(f.toString());
            args.addAll(List.of(values));
            CliTestSupport.Outcome out = gc(args.toArray(String[]::new));
            assertEquals(0, out.status(), out.err());
            assertEquals(value(want[0]), printed(out.out(), "creator output"), String.join(" ", cmd));
            assertEquals(value(want[1]), printed(out.out(), "evaluator output"), String.join(" ", cmd));
        }
        CliTestSupport.Outcome info = gc("info", "--json", f.toString());
        assertEquals(0, info.status(), info.err());
        REPORT.put(dir.relativize(f).toString(), String.format(Locale.ROOT, "%,9d gates %,7d non-linear  S = %,6d",
                json(info.out(), "gates"), json(info.out(), "nonLinearGates"), json(info.out(), "slots")));
    }

    @AfterAll
    static void report() {
        REPORT.forEach((f, line) -> System.out.printf(Locale.ROOT, "ME-SFE %-45s %s  ok%n", f, line));
    }

    private static boolean[] bits(Random rnd, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = rnd.nextBoolean();
        }
        return b;
    }

    /** Bit i of the value is input bit i. */
    private static BigInteger value(boolean[] bits) {
        BigInteger v = BigInteger.ZERO;
        for (int i = 0; i < bits.length; i++) {
            if (bits[i]) {
                v = v.setBit(i);
            }
        }
        return v;
    }

    private static String hex(boolean[] bits) {
        return "0x" + value(bits).toString(16);
    }

    /** The value printed on the line {@code label (N bits): 0x...}; 0 for a width of 0. */
    private static BigInteger printed(String out, String label) {
        Matcher m = Pattern.compile(Pattern.quote(label) + "\\s+\\((\\d+) bits\\): (\\S*)").matcher(out);
        assertTrue(m.find(), "no '" + label + "' in: " + out);
        String v = m.group(2);
        return m.group(1).equals("0") || !v.startsWith("0x") ? BigInteger.ZERO : new BigInteger(v.substring(2), 16);
    }

    private static long json(String out, String key) {
        Matcher m = Pattern.compile("\"" + key + "\": (\\d+)").matcher(out);
        assertTrue(m.find(), key + " in " + out);
        return Long.parseLong(m.group(1));
    }

    /**
     * A .mec or .bmec file as ME-SFE's papers and code describe it, read and run here without
     * any of gcstream's readers: registers, four slot lists, and gates {@code out, in1, in2,
     * table} where bit {@code 3 - (2 * v1 + v2)} of the table is the output for input values
     * v1, v2.
     */
    static final class RawMeSfe {
        final int[][] lists = new int[4][];
        int registers;
        int[] gates;

        static RawMeSfe readBmec(Path f) throws IOException {
            RawMeSfe r = new RawMeSfe();
            try (InputStream raw = Files.newInputStream(f);
                    DataInputStream in = new DataInputStream(new BufferedInputStream(raw))) {
                for (int k = 0; k < 4; k++) {
                    r.lists[k] = new int[in.readInt()];
                    for (int i = 0; i < r.lists[k].length; i++) {
                        r.lists[k][i] = in.readInt();
                    }
                }
                r.registers = in.readInt();
                r.gates = new int[4 * in.readInt()];
                for (int i = 0; i < r.gates.length; i++) {
                    r.gates[i] = in.readInt();
                }
                assertEquals(-1, in.read(), "bytes after the last gate");
            }
            return r;
        }

        static RawMeSfe readMec(Path f) throws IOException {
            RawMeSfe r = new RawMeSfe();
            List<String> lines = Files.readAllLines(f, StandardCharsets.US_ASCII);
            for (int k = 0; k < 4; k++) {
                String v = lines.get(k).substring(lines.get(k).indexOf(':') + 1).trim();
                r.lists[k] = v.isEmpty() ? new int[0]
                        : Stream.of(v.split(",")).mapToInt(s -> Integer.parseInt(s.trim())).toArray();
            }
            r.registers = Integer.parseInt(lines.get(4).substring(lines.get(4).indexOf(':') + 1).trim());
            int n = Integer.parseInt(lines.get(5).substring(lines.get(5).indexOf(':') + 1).trim());
            r.gates = new int[4 * n];
            for (int g = 0; g < n; g++) {
                String[] t = lines.get(6 + g).trim().split("[;,]");
                for (int j = 0; j < 4; j++) {
                    r.gates[4 * g + j] = Integer.parseInt(t[j]);
                }
            }
            return r;
        }

        long gateCount() {
            return gates.length / 4;
        }

        long nonLinearCount() {
            long n = 0;
            for (int g = 3; g < gates.length; g += 4) {
                int t = gates[g];
                boolean affine = ((t >> 3) ^ (t >> 2) ^ (t >> 1) ^ t) % 2 == 0;
                n += affine ? 0 : 1;
            }
            return n;
        }

        /** Both parties' output bits for input bits {@code x} (creator) and {@code y}. */
        boolean[][] eval(boolean[] x, boolean[] y) {
            boolean[] reg = new boolean[registers];
            for (int i = 0; i < x.length; i++) {
                reg[lists[0][i]] = x[i];
            }
            for (int i = 0; i < y.length; i++) {
                reg[lists[1][i]] = y[i];
            }
            for (int g = 0; g < gates.length; g += 4) {
                int row = (reg[gates[g + 1]] ? 2 : 0) + (reg[gates[g + 2]] ? 1 : 0);
                reg[gates[g]] = ((gates[g + 3] >> (3 - row)) & 1) == 1;
            }
            boolean[][] out = new boolean[2][];
            for (int k = 0; k < 2; k++) {
                int[] slots = lists[2 + k];
                out[k] = new boolean[slots.length];
                for (int i = 0; i < slots.length; i++) {
                    out[k][i] = reg[slots[i]];
                }
            }
            return out;
        }
    }
}
