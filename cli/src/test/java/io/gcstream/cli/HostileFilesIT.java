package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.compiler.lib.Library;
import io.gcstream.cli.GcProcess.Done;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile circuit files of at most 1 MB against the built gc jar in a 256 MB heap: the attack
 * shapes of issue 12 (ranges, widths and wire numbers of billions, an S far beyond its body,
 * 10,000 nested sub-circuits, files at the very limits) and seeded random mutations of valid
 * files in every format. {@code gc info}, {@code gc sim} and {@code gc run --local} must each
 * succeed, or fail with exit status 1 and one line on stderr: never a stack trace, never an
 * out-of-memory or stack-overflow error (docs/security.md, "Hostile files").
 */
class HostileFilesIT {
    private static final long MB = 1 << 20;
    /** Expanded gates beyond which sim and run are skipped: this test is about memory, not time. */
    private static final long MAX_RUN_GATES = 20_000_000;
    private static final Pattern GATES = Pattern.compile("gates +(\\d+) ");
    /**
     * A Java exception's class name, as gc prints an internal error without a message. A
     * .gcb body is checked as it streams, so a fault found during a run reaches the session,
     * which names the CircuitFormatException's class in its one line: that one is allowed.
     */
    private static final Pattern CRASH_NAME = Pattern.compile("\\b(?!CircuitFormatException)[A-Z][A-Za-z]*(Exception|Error)\\b");

    @TempDir
    static Path dir;
    private static final AtomicInteger LAUNCHES = new AtomicInteger();


    @Test
    void noFileMakesGcUseMoreThan256MegabytesOrPrintAStackTrace() throws Exception {
        Map<Path, String> expected = knownShapes();
        List<Path> files = new ArrayList<>(expected.keySet());
        files.addAll(mutants(new Random(12)));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (Path f : files) {
                assertTrue(Files.size(f) <= MB, f + " is larger than 1 MB");
                results.add(pool.submit(() -> exercise(f, expected.get(f))));
            }
            List<String> accepted = new ArrayList<>();
            for (Future<String> r : results) {
                String name = r.get(10, TimeUnit.MINUTES);
                if (name != null) {
                    accepted.add(name);
                }
            }
            // The mutants must not all be rejected at the first line: some reach sim and run.
            assertTrue(accepted.size() >= 3, "files read successfully: " + accepted);
            System.out.println("HostileFilesIT: " + files.size() + " files, " + LAUNCHES.get() + " runs of gc; read: "
                    + accepted);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Runs info, then (if it read the file and the circuit is not huge) sim and run --local.
     * Returns the file's name if info read it, else null.
     */
    private static String exercise(Path f, String expectedError) throws Exception {
        Done info = gc("info", f.toString());
        requireClean(f, "info", info);
        if (expectedError != null) {
            assertEquals(2, info.status(), f + ": expected a refusal of the file, got " + info.out());
            assertTrue(info.err().contains(expectedError), f + ": expected '" + expectedError + "' in " + info.err());
        }
        long gates = Long.MAX_VALUE;
        Matcher m = GATES.matcher(info.out());
        if (m.find()) {
            gates = Long.parseLong(m.group(1));
        }
        if (info.status() == 0 && gates > MAX_RUN_GATES) {
            return f.getFileName().toString();
        }
        // A refused file is refused by the same reader in sim and run; the limit files are not.
        if (info.status() != 0 && !f.getFileName().toString().startsWith("limit")) {
            requireClean(f, "sim", gc("sim", f.toString(), "--creator-input", "0", "--evaluator-input", "0", "-q"));
            return null;
        }
        Done sim = gc("sim", f.toString(), "--creator-input", "0", "--evaluator-input", "0", "-q");
        requireClean(f, "sim", sim);
        Done run = gc("run", "--local", f.toString(), "--creator-input", "0", "--evaluator-input", "0", "-q");
        requireClean(f, "run", run);
        if (f.getFileName().toString().startsWith("limit")) {
            // Files at the limits are valid: all three commands succeed in 256 MB.
            for (Done d : new Done[] {info, sim, run}) {
                assertEquals(0, d.status(), f + ": " + d.err());
            }
        }
        return info.status() == 0 ? f.getFileName().toString() : null;
    }

    /**
     * Success, or exit status 2 (bad input) or 1 (failure) and exactly one line "gc: ..." that
     * is no crash: no stack trace, no out-of-memory or stack-overflow line, and no bare
     * exception name (what gc prints for an internal error without a message).
     */
    private static void requireClean(Path f, String command, Done d) {
        String what = "gc " + command + " " + f.getFileName() + ": status " + d.status() + ", stderr:\n" + d.err();
        for (String bad : new String[] {"\tat ", "Exception in thread", "OutOfMemoryError", "StackOverflowError",
            "out of memory", "stack overflowed"}) {
            assertTrue(!d.err().contains(bad) && !d.out().contains(bad), what);
        }
        assertTrue(!CRASH_NAME.matcher(d.err()).find(), what);
        if (d.status() != 0) {
            assertTrue(d.status() == 1 || d.status() == 2, what);
            List<String> lines = d.err().lines().toList();
            assertEquals(1, lines.size(), what);
            assertTrue(lines.get(0).startsWith("gc: "), what);
        }
    }

    private static Done gc(String... args) throws IOException, InterruptedException {
        LAUNCHES.incrementAndGet();
        return GcProcess.start(new ProcessBuilder(GcProcess.gcCommand(List.of("-Xmx256m"), List.of(args))), dir)
                .finish(120);
    }

    private static Path write(String name, byte[] content) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, content);
        return f;
    }

    private static Path write(String name, String content) throws IOException {
        return write(name, content.getBytes(StandardCharsets.UTF_8));
    }

    private static String header(String ci, String ei, String co, String eo, long s, long n) {
        return "inputsCreator: " + ci + "\ninputsEvaluator: " + ei + "\noutputsCreator: " + co
                + "\noutputsEvaluator: " + eo + "\nnumberOfRegisters: " + s + "\nnumberOfGates: " + n + "\n";
    }

    /** The attack shapes, each with a fragment of the refusal it must get (null: it must be read). */
    private static Map<Path, String> knownShapes() throws IOException {
        Map<Path, String> m = new LinkedHashMap<>();
        m.put(write("range.gct", header("0-2000000000", "", "0", "", 2000000001, 0)),
                "numberOfRegisters 2000000001 is more than a text circuit of");
        m.put(write("registers.gct", header("0", "", "1", "", Integer.MAX_VALUE, 1) + "1;0;2\n"),
                "numberOfRegisters 2147483647 is more than a text circuit of");
        m.put(write("unused.gct", header("0", "", "1", "", 200000, 1) + "1;0;2\n"),
                "numberOfRegisters is 200000 but the body fills at most 2 slots");
        m.put(write("registers.mec", "inputsCreator: 0,1\ninputsEvaluator: 2\noutputsCreator:\noutputsEvaluator: 3\n"
                + "numberOfRegisters: 2147483647\nnumberOfGates: 1\n3;0,2;1\n"), "numberOfRegisters 2147483647");
        StringBuilder calls = new StringBuilder("circuit f\ninputs: 0-49999\noutputs: 0\nnumberOfRegisters: 50000\n"
                + "numberOfGates: 0\nend\ncircuit g\ninputs: 0-49999\noutputs: 0\nnumberOfRegisters: 50000\n"
                + "numberOfGates: 6\n");
        calls.append("call f 0-49999 -> 0\n".repeat(6)).append("end\n").append(header("0-49999", "", "0", "", 50000, 1))
                .append("call g 0-49999 -> 0\n");
        m.put(write("calls.gct", calls.toString()), "the file's slot lists name");
        StringBuilder chain = new StringBuilder("circuit c0\ninputs: 0\noutputs: 1\nnumberOfRegisters: 2\n"
                + "numberOfGates: 1\n1;0;2\nend\n");
        int levels = 10000;
        for (int k = 1; k < levels; k++) {
            chain.append("circuit c").append(k).append("\ninputs: 0\noutputs: 1\nnumberOfRegisters: 2\n"
                    + "numberOfGates: 1\ncall c").append(k - 1).append(" 0 -> 1\nend\n");
        }
        chain.append(header("0", "", "1", "", 2, 1)).append("call c").append(levels - 1).append(" 0 -> 1\n");
        m.put(write("nested.gct", chain.toString()), "nests sub-circuits more than 1000 deep");
        m.put(write("widths.txt", "1 1000000000\n2 999999998 1\n1 1\n2 1 0 1 999999999 AND\n"),
                "the input and output values have");
        m.put(write("wires.txt", "1 1000000000\n2 1 1\n1 1\n2 1 0 1 999999999 AND\n"),
                "the header declares 1000000000 wires");
        m.put(write("old-widths.txt", "1 1000000001\n500000000 500000000 1\n2 1 0 1 1000000000 AND\n"),
                "the input and output values have");
        m.put(write("utf8.txt", new byte[] {'1', ' ', '3', '\n', '2', ' ', '1', ' ', '1', '\n', '1', ' ', '1', '\n',
            '2', ' ', '1', ' ', '0', ' ', '1', ' ', '2', ' ', 'A', 'N', (byte) 0xFF, '\n'}), "UTF-8");
        m.put(write("registers.bmec", ints(1, 0, 0, 0, 1, 0, Integer.MAX_VALUE, 0)), "numberOfRegisters 2147483647");
        m.put(write("registers.gcb", gcb(varints(1, 0, 1, 1, 0, 1, 0, Integer.MAX_VALUE, 2, 2, 1, Integer.MAX_VALUE, 0,
                1, 0, 2, 0, 6, 0, 2, 0))), "numberOfRegisters 2147483647 is more slots than it could ever use");
        m.put(write("nested.gcb", nestedGcb(2000)), "nests sub-circuits more than 1000 deep");
        // At the limits: 1 MB files whose lists name as many slots as 1 MB allows. They are read.
        long allow = (1 << 18) + 2 * MB;
        long s = allow - 10;
        String big = header("0-" + (s / 2 - 1), (s / 2) + "-" + (s - 1), "0", "1", s, 0);
        m.put(write("limit.gct", "//" + "x".repeat((int) (MB - big.length() - 3)) + "\n" + big), null);
        long n = (allow - 10) / 2;
        String bristol = "0 " + n + "\n1 " + n + "\n1 " + n + "\n";
        m.put(write("limit.txt", bristol + " ".repeat((int) (MB - bristol.length() - 1)) + "\n"), null);
        return m;
    }

    /** Valid small circuits in every format, each mutated a few times (seeded). */
    private static List<Path> mutants(Random rnd) throws IOException {
        List<Path> out = new ArrayList<>();
        Map<String, byte[]> bases = new LinkedHashMap<>();
        Circuit aes = Library.get("aes128").circuit();
        Circuit millionaires = Library.get("millionaires16").circuit();
        bases.put("aes.gct", written(aes, CircuitFormat.GCT));
        bases.put("aes.gcb", written(aes, CircuitFormat.GCB));
        bases.put("mill.mec", written(millionaires, CircuitFormat.MEC));
        bases.put("mill.bmec", written(millionaires, CircuitFormat.BMEC));
        bases.put("mill.gct", written(millionaires, CircuitFormat.GCT));
        bases.put("gates.txt", ("7 12\n2 2 2\n1 3\n2 1 0 2 4 XOR\n2 1 1 3 5 AND\n1 1 4 6 INV\n1 1 5 7 NOT\n"
                + "1 1 1 8 EQ\n1 1 6 9 EQW\n4 2 7 8 9 6 10 11 MAND\n").getBytes(StandardCharsets.UTF_8));
        bases.put("old.txt", "3 7\n2 2 1\n2 1 0 2 4 XOR\n2 1 1 3 5 AND\n2 1 4 5 6 XOR\n".getBytes(StandardCharsets.UTF_8));
        for (Map.Entry<String, byte[]> e : bases.entrySet()) {
            out.add(write("base-" + e.getKey(), e.getValue()));
            boolean text = !e.getKey().endsWith(".gcb") && !e.getKey().endsWith(".bmec");
            for (int i = 0; i < 4; i++) {
                byte[] b = text ? mutateText(rnd, new String(e.getValue(), StandardCharsets.UTF_8))
                        : mutateBinary(rnd, e.getValue());
                out.add(write("mutant" + i + "-" + e.getKey(), Arrays.copyOf(b, (int) Math.min(b.length, MB))));
            }
        }
        return out;
    }

    private static byte[] written(Circuit c, CircuitFormat f) throws IOException {
        Path p = dir.resolve("w." + f.name().toLowerCase(java.util.Locale.ROOT));
        CircuitFiles.write(c, p, f);
        return Files.readAllBytes(p);
    }

    private static final String[] NUMBERS = {"0", "1", "2147483647", "2147483648", "999999999", "65535", "-1"};

    /** One to three edits: a number made huge or odd, a line repeated, dropped or cut, a range. */
    private static byte[] mutateText(Random rnd, String s) {
        List<String> lines = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
        for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
            int i = rnd.nextInt(lines.size());
            String line = lines.get(i);
            switch (rnd.nextInt(6)) {
                case 0 -> lines.set(i, line.replaceFirst("\\d+", NUMBERS[rnd.nextInt(NUMBERS.length)]));
                case 1 -> {
                    for (int r = rnd.nextInt(50); r > 0; r--) {
                        lines.add(i, line);
                    }
                }
                case 2 -> lines.remove(i);
                case 3 -> lines.set(i, line.substring(0, rnd.nextInt(line.length() + 1)));
                case 4 -> lines.set(i, line.replaceFirst("\\d+(?=\\s|$)", "0-" + NUMBERS[2 + rnd.nextInt(3)]));
                default -> lines.set(i, line + " " + NUMBERS[rnd.nextInt(NUMBERS.length)]);
            }
            if (lines.isEmpty()) {
                lines.add("");
            }
        }
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    /** One to three edits: a byte set to an extreme, flipped, or the file cut short. */
    private static byte[] mutateBinary(Random rnd, byte[] b) {
        byte[] c = b.clone();
        for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
            int i = rnd.nextInt(c.length);
            switch (rnd.nextInt(4)) {
                case 0 -> c[i] = (byte) 0xFF;
                case 1 -> c[i] = (byte) 0x7F;
                case 2 -> c[i] ^= (byte) (1 << rnd.nextInt(8));
                default -> c = Arrays.copyOf(c, Math.max(1, i));
            }
        }
        return c;
    }

    private static byte[] ints(int... v) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * v.length);
        for (int x : v) {
            b.putInt(x);
        }
        return b.array();
    }

    private static byte[] varints(long... fields) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (long v : fields) {
            while ((v & ~0x7FL) != 0) {
                b.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            b.write((int) v);
        }
        return b.toByteArray();
    }

    /** A .gcb file: magic, version 1, the SHA-256 of everything but itself, then {@code rest}. */
    private static byte[] gcb(byte[] rest) {
        byte[] head = {'G', 'C', 'B', 0, 1};
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        d.update(head);
        d.update(rest);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head);
        out.writeBytes(d.digest());
        out.writeBytes(rest);
        return out.toByteArray();
    }

    /** Definitions c0 (a NOT) .. c(n-1), each calling the one before it, and a main calling the last. */
    private static byte[] nestedGcb(int n) {
        ByteArrayOutputStream defs = new ByteArrayOutputStream();
        for (int k = 0; k < n; k++) {
            byte[] body = k == 0 ? varints(16 + 12, 2, 1) : varints(32 + k - 1, 0, 1);
            byte[] name = ("c" + k).getBytes(StandardCharsets.UTF_8);
            defs.writeBytes(varints(name.length));
            defs.writeBytes(name);
            defs.writeBytes(varints(1, 0, 1, 1, 2, 1, 1, 0, 2L * (k + 1), body.length));
            defs.writeBytes(body);
        }
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(varints(1, 0, 0, 0, 1, 1, 2, 1, 1, 0, 2L + 2L * n, n));
        all.writeBytes(defs.toByteArray());
        all.writeBytes(varints(32 + n - 1, 0, 1));
        return gcb(all.toByteArray());
    }
}
