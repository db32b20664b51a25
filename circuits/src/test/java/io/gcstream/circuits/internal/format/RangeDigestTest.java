package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.SubCircuit;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A circuit file replaced, truncated or edited after it was opened, between two passes or in the
 * middle of one, never completes a pass as a circuit other than the one the reader reported
 * (issue 26, finding 1): every format, and a .gcb whose sub-circuits are re-read from the file
 * ({@code maxCachedInstructions} 0).
 */
class RangeDigestTest {
    /** The .gcb reader's buffer here: a pass reads the file in several pieces. */
    static final int BUFFER = 256;

    @TempDir
    Path dir;

    /** What happens to the file. */
    enum Change {
        /** {@code cp variant file}: the same inode rewritten, its modification time put back. */
        CP_OVER,
        /** {@code mv variant file}: another inode at the path. */
        MV_OVER,
        /** {@code truncate -s HALF file}. */
        TRUNCATE,
        /** The differing bytes written in place, nothing else. */
        EDIT_IN_PLACE,
        /** Bytes added at the end. */
        APPEND,
        /** {@code mv} of a copy with the same bytes. */
        MV_SAME_CONTENT
    }

    /** A reader of a file, and which circuit of the pair changes where. */
    enum Case {
        GCT(CircuitFormat.GCT, false, -1), MEC(CircuitFormat.MEC, false, -1), BMEC(CircuitFormat.BMEC, false, -1),
        GCB(CircuitFormat.GCB, false, -1),
        /** Sub-circuits re-read from the file on every call; the change is inside one. */
        GCB_NO_CACHE_SUB_CHANGED(CircuitFormat.GCB, true, 0),
        /** Sub-circuits cached at open: the change inside one is never read. */
        GCB_CACHED_SUB_CHANGED(CircuitFormat.GCB, true, 1 << 20),
        /** .gct definitions are held in memory: the change inside one is never read. */
        GCT_SUB_CHANGED(CircuitFormat.GCT, true, -1);

        final CircuitFormat format;
        final boolean subChanged;
        final long cache;

        Case(CircuitFormat format, boolean subChanged, long cache) {
            this.format = format;
            this.subChanged = subChanged;
            this.cache = cache;
        }

        /** Whether a pass re-reads the bytes that differ between the pair. */
        boolean rereadsTheChange() {
            return !subChanged || cache == 0;
        }

        Circuit open(Path f) throws IOException {
            return cache >= 0 ? GcbReader.open(f, GcbReader.Options.defaults().withMaxCachedInstructions(cache)
                    .withBufferSize(BUFFER)) : CircuitFiles.read(f, format);
        }
    }

    @Test
    void aChangeBetweenPassesFailsTheNextPassOrIsNeverRead() throws IOException {
        for (Case k : Case.values()) {
            for (Change change : Change.values()) {
                // An mv of the same bytes is the agreed circuit; an append is past what .bmec reads.
                boolean mustFail = change != Change.MV_SAME_CONTENT && change != Change.APPEND
                        && (k.rereadsTheChange() || change == Change.TRUNCATE);
                check(k, change, false, mustFail, change == Change.MV_SAME_CONTENT);
            }
        }
    }

    @Test
    void aChangeInTheMiddleOfAPassFailsItOrIsNeverRead() throws IOException {
        for (Case k : Case.values()) {
            for (Change change : Change.values()) {
                boolean mustFail = (change == Change.CP_OVER || change == Change.EDIT_IN_PLACE
                        || change == Change.TRUNCATE) && k.rereadsTheChange();
                // A pass keeps the file it opened: mv leaves it reading the agreed bytes.
                boolean mustPass = change == Change.MV_SAME_CONTENT || (change == Change.MV_OVER && !k.subChanged);
                check(k, change, true, mustFail, mustPass);
            }
        }
    }

    /**
     * Opens the agreed file, walks it once, changes the file (before the second walk, or after
     * its first batch) and walks again: the walk must fail naming the file or give exactly the
     * agreed gates, and fail, or not, where the case says it must.
     */
    private void check(Case k, Change change, boolean midway, boolean mustFail, boolean mustPass) throws IOException {
        String what = k + " " + change + (midway ? " during a pass" : " between passes");
        Files files = files(k, what);
        Circuit c = k.open(files.path);
        assertEquals(files.expected, walk(c, null), what + ": the first pass");
        if (!midway) {
            apply(change, files);
        }
        long got;
        try {
            got = walk(c, midway ? () -> apply(change, files) : null);
        } catch (CircuitFormatException e) {
            assertTrue(e.getMessage().startsWith(files.path + ": "), what + ": " + e.getMessage());
            if (mustPass) {
                fail(what + ": must read the agreed bytes: " + e.getMessage());
            }
            return;
        }
        assertEquals(files.expected, got, what + ": a pass that completes gives the agreed circuit");
        if (mustFail) {
            fail(what + ": completed although the bytes it read changed");
        }
    }

    @Test
    void theMessageSaysTheFileChangedAndNamesIt() throws IOException {
        Files files = files(Case.GCT, "message");
        Circuit c = CircuitFiles.read(files.path);
        apply(Change.CP_OVER, files);
        CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> walk(c, null));
        assertTrue(e.getMessage().startsWith(files.path + ": the file changed after it was read (bytes "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("a circuit file must not be replaced, truncated or edited while it is in"
                + " use"), e.getMessage());
        // The hash a peer compares is computed by a pass too: it fails rather than describe the new file.
        assertThrows(CircuitFormatException.class, c::hash);
    }

    @Test
    void aRecordedRangeAcceptsOnlyItsBytes() throws IOException {
        byte[] data = new byte[10_000];
        new Random(1).nextBytes(data);
        RangeDigest.Pass rec = RangeDigest.record("f", 100);
        try (InputStream in = rec.wrap(new ByteArrayInputStream(data))) {
            assertEquals(data.length, in.readAllBytes().length);
        }
        RangeDigest d = rec.finish();
        assertEquals(100, d.start());
        assertEquals(data.length, d.length());
        try (InputStream in = d.verify().wrap(new ByteArrayInputStream(data))) {
            assertEquals(data.length, in.skip(data.length), "skipped bytes are read and checked too");
            assertEquals(-1, in.read());
        }
        byte[] other = data.clone();
        other[9_999] ^= 1;
        for (byte[] b : List.of(other, java.util.Arrays.copyOf(data, 9_999), java.util.Arrays.copyOf(data, 10_001))) {
            CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> {
                try (InputStream in = d.verify().wrap(new ByteArrayInputStream(b))) {
                    in.readAllBytes();
                }
            });
            assertTrue(e.getMessage().startsWith("f: the file changed after it was read (bytes 100..10100: "),
                    e.getMessage());
        }
    }

    /** The pair of files: the agreed circuit at {@code path}, the variant's bytes, and the agreed walk's checksum. */
    private record Files(Path path, byte[] original, byte[] variant, long expected) {
    }

    /**
     * Writes the agreed circuit to a new file; the variant differs in one gate's truth table
     * (XOR becomes XNOR, which flips the output), so both files have the same length.
     */
    private Files files(Case k, String name) throws IOException {
        Files pair = PAIRS.get(k);
        if (pair == null) {
            pair = pair(k);
            PAIRS.put(k, pair);
        }
        Path f = dir.resolve(name.replace(' ', '-') + "." + k.format.id());
        java.nio.file.Files.write(f, pair.original);
        return new Files(f, pair.original, pair.variant, pair.expected);
    }

    /** The bytes of each case's pair, made once for all the changes. */
    private static final java.util.Map<Case, Files> PAIRS = new java.util.EnumMap<>(Case.class);

    private Files pair(Case k) throws IOException {
        Circuit agreed = k.subChanged ? withCalls(6) : chain(6);
        Circuit variant = k.subChanged ? withCalls(9) : chain(9);
        Path f = dir.resolve("agreed." + k.format.id());
        Path v = dir.resolve("variant." + k.format.id());
        CircuitFiles.write(agreed, f, k.format);
        CircuitFiles.write(variant, v, k.format);
        byte[] a = java.nio.file.Files.readAllBytes(f);
        byte[] b = java.nio.file.Files.readAllBytes(v);
        assertEquals(a.length, b.length, "the variant has the same length");
        assertTrue(!java.util.Arrays.equals(a, b));
        // Larger than a reader's buffer (the text readers' 8 KiB, .bmec's 64 KiB), so that a pass
        // reads it in pieces and a change in the middle of a pass is seen by its later reads.
        int buffer = k.cache >= 0 ? BUFFER : k.format == CircuitFormat.BMEC ? 64 * 1024 : 8 * 1024;
        assertTrue(a.length > 4 * buffer, k + ": " + a.length + " bytes");
        return new Files(null, a, b, walk(agreed, null));
    }

    private static void apply(Change change, Files f) {
        try {
            FileTime mtime = java.nio.file.Files.getLastModifiedTime(f.path);
            switch (change) {
                case CP_OVER -> {
                    java.nio.file.Files.write(f.path, f.variant);
                    // As if in the same second on a coarse clock, or cp -p: only the content differs.
                    java.nio.file.Files.setLastModifiedTime(f.path, mtime);
                }
                case MV_OVER, MV_SAME_CONTENT -> {
                    Path tmp = f.path.resolveSibling(f.path.getFileName() + ".new");
                    java.nio.file.Files.write(tmp, change == Change.MV_OVER ? f.variant : f.original);
                    java.nio.file.Files.move(tmp, f.path, StandardCopyOption.REPLACE_EXISTING,
                            StandardCopyOption.ATOMIC_MOVE);
                }
                case TRUNCATE -> {
                    try (FileChannel ch = FileChannel.open(f.path, StandardOpenOption.WRITE)) {
                        ch.truncate(f.original.length / 2);
                    }
                }
                case EDIT_IN_PLACE -> {
                    try (RandomAccessFile raf = new RandomAccessFile(f.path.toFile(), "rw")) {
                        for (int i = 0; i < f.original.length; i++) {
                            if (f.original[i] != f.variant[i]) {
                                raf.seek(i);
                                raf.write(f.variant[i]);
                            }
                        }
                    }
                }
                case APPEND -> java.nio.file.Files.write(f.path, "\n// more\n".getBytes(), StandardOpenOption.APPEND);
                default -> throw new AssertionError(change);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * One walk of the circuit (the pass the simulator, the garbler and the evaluator make), as
     * a checksum of every gate it hands on; {@code midway} runs after the first batch.
     */
    private static long walk(Circuit c, Runnable midway) throws IOException {
        long[] sum = {17};
        boolean[] first = {true};
        new CircuitWalker(c).walk((ops, count) -> {
            for (int i = 0; i < 4 * count; i++) {
                sum[0] = sum[0] * 31 + ops[i];
            }
            if (first[0] && midway != null) {
                first[0] = false;
                midway.run();
            }
        });
        return sum[0];
    }

    /** 20,000 gates over a chain of slots; the last is XOR (6) or XNOR (9), which gives the output. */
    private static Circuit chain(int lastTable) {
        int n = 20_000;
        Body.Builder b = new Body.Builder();
        b.gate(2, 0, 1, 1);
        for (int k = 1; k < n; k++) {
            b.gate(2 + (k & 1), 2 + ((k - 1) & 1), k % 3 == 0 ? 0 : 1, k == n - 1 ? lastTable : 6);
        }
        int last = 2 + ((n - 1) & 1);
        return Circuits.builder().creatorInputs(0).evaluatorInputs(1).evaluatorOutputs(last).numSlots(4)
                .body(b.build()).build();
    }

    /** A sub-circuit of one gate (XOR or XNOR) called 2,000 times in a chain. */
    private static Circuit withCalls(int subTable) {
        SubCircuit sub = SubCircuit.of("step", new int[] {0, 1}, new int[] {2}, 3,
                new Body.Builder().gate(2, 0, 1, subTable).build(), List.of());
        Circuits.Builder c = Circuits.builder();
        c.addSubCircuit(sub);
        Body.Builder b = new Body.Builder();
        int n = 2_000;
        b.call(0, new int[] {0, 1}, new int[] {2});
        for (int k = 1; k < n; k++) {
            b.call(0, new int[] {2 + ((k - 1) & 1), k % 2 == 0 ? 0 : 1}, new int[] {2 + (k & 1)});
        }
        return c.creatorInputs(0).evaluatorInputs(1).evaluatorOutputs(2 + ((n - 1) & 1)).numSlots(4)
                .body(b.build()).build();
    }

    @Test
    void theWalkChecksumSeesTheVariant() throws IOException {
        assertTrue(walk(chain(6), null) != walk(chain(9), null));
        assertTrue(walk(withCalls(6), null) != walk(withCalls(9), null));
        List<Long> sums = new ArrayList<>();
        for (Case k : new Case[] {Case.GCT, Case.GCB_NO_CACHE_SUB_CHANGED}) {
            Files f = files(k, "checksum-" + k);
            sums.add(walk(k.open(f.path), null));
            assertEquals(f.expected, sums.get(sums.size() - 1));
        }
        assertArrayEquals(new long[] {walk(chain(6), null), walk(withCalls(6), null)},
                sums.stream().mapToLong(Long::longValue).toArray());
    }
}
