package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.BodyReader;
import io.gcstream.circuits.internal.FrameChecker;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.Limits;
import io.gcstream.circuits.internal.SubCircuit;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Reads the binary circuit format {@code .gcb} (docs/formats.md).
 *
 * <p>{@link #open(Path)} reads and checks the header and every sub-circuit definition; the
 * main body is then streamed from the file, through one fixed buffer, each time
 * {@link Circuit#openBody()} is called, and checked as it streams: memory does not grow with
 * the file. At the end of each pass, before it reports the end, the reader checks the counts,
 * that nothing follows the last instruction and that the SHA-256 of the header and definitions
 * read at open and the body read now equals the hash field, which is the circuit's
 * {@link Circuit#hash()}: a pass over a file that was corrupt, or changed after it was opened,
 * fails and never completes as another circuit. Sub-circuit bodies are held in a bounded LRU
 * cache and re-read from the file when evicted, each checked against the SHA-256 of its bytes
 * taken at open ({@link RangeDigest}) before it is used.
 *
 * <p>Every count is checked against the bytes that remain before anything is allocated for
 * it, and each body's S against its inputs plus the bytes of its body (an instruction takes at
 * least one byte per slot it writes; docs/formats.md, "Limits").
 *
 * <p>Every error is a {@link CircuitFormatException} naming the file and byte offset.
 */
public final class GcbReader {
    /**
     * Reader settings.
     *
     * @param bufferSize            bytes of the read buffer (at least 64)
     * @param maxCachedInstructions instructions of sub-circuit bodies kept in memory
     * @param validateAtOpen        stream the whole body once at open, so that a malformed
     *                              file is rejected before anything runs
     */
    public record Options(int bufferSize, long maxCachedInstructions, boolean validateAtOpen) {
        public Options {
            if (bufferSize < 64) {
                throw new IllegalArgumentException("buffer size " + bufferSize + " is below 64 bytes");
            }
            if (maxCachedInstructions < 0) {
                throw new IllegalArgumentException("negative cache size " + maxCachedInstructions);
            }
        }

        /** 64 KiB buffer, 2^20 cached instructions, no full pass at open. */
        public static Options defaults() {
            return new Options(64 * 1024, 1 << 20, false);
        }

        public Options withBufferSize(int n) {
            return new Options(n, maxCachedInstructions, validateAtOpen);
        }

        public Options withMaxCachedInstructions(long n) {
            return new Options(bufferSize, n, validateAtOpen);
        }

        public Options withValidateAtOpen(boolean v) {
            return new Options(bufferSize, maxCachedInstructions, v);
        }
    }

    private final Path path;
    private final String name;
    private final Options options;
    private final long fileSize;
    private byte[] hash;
    private int[] creatorInputs;
    private int[] evaluatorInputs;
    private int[] creatorOutputs;
    private int[] evaluatorOutputs;
    private int numSlots;
    private long instructionCount;
    private long gateCount;
    private long nonLinearCount;
    private long labelSlots;
    private final List<SubCircuit> subs = new ArrayList<>();
    private long[] defStart;
    private long[] defLength;
    /** Each definition's bytes as read at open: a reload must read the same. */
    private RangeDigest[] defDigest;
    private long bodyStart;
    private MessageDigest prefixDigest;
    private BodyCache cache;
    /** Whether the bytes are hashed and checked against the hash field ({@link #readUnhashed} not). */
    private boolean hashing = true;
    /** The file as it was when a pass last checked all of it, or null before. */
    private volatile Stamp validated;

    private GcbReader(Path path, String name, Options options, long fileSize) {
        this.path = path;
        this.name = name;
        this.options = options;
        this.fileSize = fileSize;
    }

    /** Opens {@code file} with {@link Options#defaults()}. */
    public static Circuit open(Path file) throws IOException {
        return open(file, Options.defaults());
    }

    /** Opens {@code file}: header and definitions are read and checked now, the body later. */
    public static Circuit open(Path file, Options options) throws IOException {
        return open(file, options, UnaryOperator.identity());
    }

    /** As {@link #open(Path, Options)}, with the reads of the header and definitions through {@code reads} (tests). */
    static Circuit open(Path file, Options options, UnaryOperator<GcbInput.Source> reads) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            GcbReader r = new GcbReader(file, file.toString(), options, ch.size());
            r.readHead(reads.apply(ch::read));
            Circuit c = new Circuit(r.creatorInputs, r.evaluatorInputs, r.creatorOutputs,
                    r.evaluatorOutputs, r.numSlots, r.subs, r.instructionCount, r.gateCount,
                    r.nonLinearCount, r.labelSlots, r::openMain, r.hash);
            if (options.validateAtOpen()) {
                try (InstructionReader body = c.openBody()) {
                    while (body.next()) {
                        // checked as it is read
                    }
                }
            }
            return c;
        }
    }

    /**
     * Reads a whole .gcb file held in memory, {@code file} ({@code name} in error messages), into
     * a circuit held in memory: the header, the definitions and the body are checked as a pass
     * over an {@link #open opened} file checks them, and the SHA-256 of the bytes against the
     * hash field, all once, here. Passes over the circuit then walk the instructions held, with
     * no decoding, checking or hashing, as over a circuit built in memory. For small circuits
     * that come as bytes (a resource in a jar): the memory taken grows with the body.
     *
     * @throws CircuitFormatException naming {@code name} and the byte offset of a problem
     */
    public static Circuit read(String name, byte[] file) throws IOException {
        return readInMemory(name, file, true);
    }

    /**
     * As {@link #read(String, byte[])}, every check made but one: the bytes are not hashed, and
     * the hash field is taken as the circuit's hash. Only for bytes whose integrity is the
     * program's own, as its class files' is: the circuits of gc's jar, written by its build.
     * Not hashing them spares a fresh process an interpreted SHA-256 pass over the bytes before
     * its first run.
     */
    public static Circuit readUnhashed(String name, byte[] file) throws IOException {
        return readInMemory(name, file, false);
    }

    private static Circuit readInMemory(String name, byte[] file, boolean hashing) throws IOException {
        GcbReader r = new GcbReader(null, name, Options.defaults().withMaxCachedInstructions(Long.MAX_VALUE),
                file.length);
        r.hashing = hashing;
        GcbInput.Source source = GcbInput.Source.of(file);
        r.readHead(source);
        GcbInput in = new GcbInput(name, source, r.bodyStart, Long.MAX_VALUE, r.cloneDigest(),
                r.options.bufferSize(), "file is truncated");
        Body.Builder main = new Body.Builder();
        try (MainReader body = r.new MainReader(in, r.mainChecker(r.bodyStart), null, new Stamp(file.length, null))) {
            // The reader's end checks (outputs, counts, the hash) run when it reports the end.
            r.copy(body, main);
        }
        Body b = main.build();
        List<SubCircuit> subs = List.copyOf(r.subs);
        return new Circuit(r.creatorInputs, r.evaluatorInputs, r.creatorOutputs, r.evaluatorOutputs, r.numSlots,
                subs, r.instructionCount, r.gateCount, r.nonLinearCount, r.labelSlots, () -> new BodyReader(b, subs),
                r.hash);
    }

    private void readHead(GcbInput.Source ch) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(Gcb.HEADER_OFFSET);
        while (head.hasRemaining() && ch.read(head, head.position()) > 0) {
            // positional reads until the fixed part is in or the file ends
        }
        byte[] h = head.array();
        if (head.position() < Gcb.MAGIC.length
                || !Arrays.equals(Arrays.copyOf(h, Gcb.MAGIC.length), Gcb.MAGIC)) {
            throw new CircuitFormatException(name + ": byte 0: bad magic number: not a .gcb file");
        }
        if (head.position() < Gcb.HASH_OFFSET) {
            throw new CircuitFormatException(name + ": byte 4: file is truncated (no version)");
        }
        if (h[4] != Gcb.VERSION) {
            throw new CircuitFormatException(name + ": byte 4: unsupported format version "
                    + (h[4] & 0xFF) + " (this reader reads version " + Gcb.VERSION + ")");
        }
        if (head.position() < Gcb.HEADER_OFFSET) {
            throw new CircuitFormatException(name + ": byte " + head.position()
                    + ": file is truncated (inside the hash field)");
        }
        hash = Arrays.copyOfRange(h, Gcb.HASH_OFFSET, Gcb.HEADER_OFFSET);
        MessageDigest digest = hashing ? GcbOutput.sha256() : null;
        if (digest != null) {
            digest.update(h, 0, Gcb.HASH_OFFSET);
        }
        GcbInput in = new GcbInput(name, ch, Gcb.HEADER_OFFSET, Long.MAX_VALUE, digest,
                options.bufferSize(), "file is truncated");
        creatorInputs = slotList(in, "inputsCreator");
        evaluatorInputs = slotList(in, "inputsEvaluator");
        creatorOutputs = slotList(in, "outputsCreator");
        evaluatorOutputs = slotList(in, "outputsEvaluator");
        long at = in.position();
        numSlots = in.uint("numberOfRegisters");
        instructionCount = in.ulong("instruction count");
        gateCount = in.ulong("gate count");
        nonLinearCount = in.ulong("non-linear gate count");
        labelSlots = in.ulong("label slot count");
        int defs = length(in, "number of sub-circuits");
        defStart = new long[defs];
        defLength = new long[defs];
        defDigest = new RangeDigest[defs];
        cache = new BodyCache(options.maxCachedInstructions(), this::loadDefinition);
        Set<String> names = new HashSet<>();
        for (int i = 0; i < defs; i++) {
            readDefinition(in, i, names);
        }
        bodyStart = in.position();
        long deepest = 0;
        for (SubCircuit s : subs) {
            deepest = Math.max(deepest, s.frameDepth());
        }
        if (labelSlots < numSlots || labelSlots > numSlots + deepest) {
            throw in.errorAt(at, "label slot count " + labelSlots + " is impossible for "
                    + numSlots + " registers and sub-circuit frames of at most " + deepest);
        }
        checkNumSlots(in, at, "main circuit", numSlots, creatorInputs.length + (long) evaluatorInputs.length,
                fileSize - bodyStart);
        // Duplicate inputs and out-of-range slots are caught now, not at the end of the body.
        mainChecker(at);
        for (int[] outs : new int[][] {creatorOutputs, evaluatorOutputs}) {
            for (int s : outs) {
                if (s >= numSlots) {
                    throw in.errorAt(at, "main circuit: output slot " + s
                            + " is out of range: numberOfRegisters is " + numSlots);
                }
            }
        }
        if (instructionCount > fileSize - bodyStart) {
            throw in.errorAt(bodyStart, "header declares " + instructionCount
                    + " instructions but only " + (fileSize - bodyStart) + " bytes follow: file is truncated");
        }
        prefixDigest = in.digestSoFar();
    }

    private FrameChecker mainChecker(long at) {
        try {
            return FrameChecker.ofMain(numSlots, creatorInputs, evaluatorInputs, subs);
        } catch (CircuitFormatException e) {
            throw new CircuitFormatException(name + ": byte " + at + ": " + e.getMessage());
        }
    }

    private void readDefinition(GcbInput in, int index, Set<String> names)
            throws IOException {
        long at = in.position();
        int nameLength = in.uint("name length");
        if (nameLength == 0 || nameLength > Gcb.MAX_NAME_BYTES) {
            throw in.errorAt(at, "sub-circuit #" + index + ": name length " + nameLength
                    + " is not in 1..255");
        }
        String subName = decodeName(in, in.bytes(nameLength), at);
        if (!SubCircuitNames.isValid(subName)) {
            throw in.errorAt(at, "sub-circuit name '" + subName + "' is not an identifier");
        }
        if (!names.add(subName)) {
            throw in.errorAt(at, "sub-circuit '" + subName + "' is defined twice");
        }
        String what = "sub-circuit " + subName;
        int[] inputs = slotList(in, what + " inputs");
        int[] outputs = slotList(in, what + " outputs");
        long countsAt = in.position();
        int s = in.uint("numberOfRegisters");
        long instructions = in.ulong("instruction count");
        long gates = in.ulong("gate count");
        long nonLinear = in.ulong("non-linear gate count");
        long frameDepth = in.ulong("frame depth");
        long length = in.ulong("body length");
        long start = in.position();
        if (length > fileSize - start) {
            throw in.errorAt(countsAt, what + ": body of " + length + " bytes runs past the end of the file");
        }
        if (instructions > length) {
            throw in.errorAt(countsAt, what + ": " + instructions + " instructions cannot fit in "
                    + length + " bytes");
        }
        defStart[index] = start;
        defLength[index] = length;
        checkNumSlots(in, countsAt, what, s, inputs.length, length);
        FrameChecker checker;
        try {
            checker = new FrameChecker(what, s, inputs, subs, true);
        } catch (CircuitFormatException e) {
            throw new CircuitFormatException(name + ": byte " + at + ": " + e.getMessage());
        }
        // The definition is checked now, and cached if it fits. It is read once: the bytes parsed
        // are the bytes hashed, both into its own digest and into the header's (in.slice).
        Body.Builder keep = instructions <= options.maxCachedInstructions() ? new Body.Builder() : null;
        GcbBodyReader r = new GcbBodyReader(in.slice(length, hashing ? GcbOutput.sha256() : null,
                (int) Math.min(options.bufferSize(), Math.max(64, length)), what
                + ": body ends before its last instruction"), subs, index, checker, instructions, s,
                Long.MAX_VALUE);
        copy(r, keep);
        if (!r.input().atEnd()) {
            throw in.errorAt(r.input().position(), what + ": extra bytes after its "
                    + instructions + " instructions");
        }
        if (hashing) {
            defDigest[index] = RangeDigest.of(name, start, length, r.input().digestSoFar().digest());
        }
        checker.finish(outputs, "output", r);
        checker.checkNumSlots(r);
        claim(in, countsAt, what, "gates", gates, r.gates);
        claim(in, countsAt, what, "non-linear gates", nonLinear, r.nonLinear);
        claim(in, countsAt, what, "frame depth", frameDepth, s + r.deepestCall);
        Body kept = keep == null ? null : keep.build();
        // Bytes in memory are read whole: their definitions are held as they are, with no cache.
        SubCircuit sub = new SubCircuit(subName, inputs, outputs, s, instructions, gates, nonLinear,
                frameDepth, checker.depth(), path == null ? () -> kept : () -> cache.get(index));
        subs.add(sub);
        if (kept != null) {
            cache.put(index, kept);
        }
    }

    private void copy(GcbBodyReader r, Body.Builder into) throws IOException {
        while (r.next()) {
            if (into == null) {
                continue;
            }
            if (r.isCall()) {
                int nIn = subs.get(r.callee()).inputCount();
                int[] slots = r.callSlots();
                into.call(r.callee(), Arrays.copyOf(slots, nIn),
                        Arrays.copyOfRange(slots, nIn, r.callSlotCount()));
            } else {
                into.gate(r.out(), r.in1(), r.in2(), r.table());
            }
        }
    }

    /**
     * Re-reads an evicted (or never cached) definition body from the file, and checks that its
     * bytes are those read at open before anything uses it: a file changed since fails here.
     */
    private Body loadDefinition(int index) throws IOException {
        cache.countLoad();
        SubCircuit sub = subs.get(index);
        RangeDigest expected = defDigest[index];
        long start = defStart[index];
        long end = start + defLength[index];
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            String what = "sub-circuit " + sub.name();
            FrameChecker checker = new FrameChecker(what, sub.numSlots(), sub.inputs(), subs, true);
            GcbInput in = new GcbInput(name, ch, start, end, GcbOutput.sha256(),
                    (int) Math.min(options.bufferSize(), Math.max(64, defLength[index])),
                    what + ": body ends before its last instruction");
            GcbBodyReader r = new GcbBodyReader(in, subs, index, checker, sub.instructionCount(),
                    sub.numSlots(), Long.MAX_VALUE);
            Body.Builder b = new Body.Builder();
            try {
                copy(r, b);
            } catch (CircuitFormatException e) {
                // Its bytes were checked at open: an error now means they changed. Say so.
                throw RangeDigest.changed(name, start, end, "sub-circuit " + sub.name() + " no longer reads: "
                        + e.getMessage());
            }
            if (!in.atEnd()) {
                throw RangeDigest.changed(name, start, end, "sub-circuit " + sub.name() + " ends before its bytes do");
            }
            expected.check(in.position() - start, in.digestSoFar().digest());
            return b.build();
        }
    }

    /**
     * One pass over the main body. Every pass hashes what it reads and checks the hash at its
     * end, so no pass completes over bytes other than the agreed ones. The first passes also check
     * every instruction as they stream; once a pass has checked everything, later passes over
     * a file of the same size and modification time check only that slots are in range (which
     * keeps a changed file from harming memory until the hash fails at the end): a session that
     * runs the circuit many times checks its structure once.
     */
    private InstructionReader openMain() throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        try {
            Stamp now = Stamp.of(path, ch);
            boolean trusted = now.equals(validated);
            GcbInput in = new GcbInput(name, ch, bodyStart, Long.MAX_VALUE, cloneDigest(), options.bufferSize(),
                    "file is truncated");
            return new MainReader(in, trusted ? null : mainChecker(bodyStart), ch, trusted ? null : now);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** What identifies the file's content between passes, short of hashing it. */
    private record Stamp(long size, FileTime modified) {
        static Stamp of(Path path, FileChannel ch) throws IOException {
            return new Stamp(ch.size(), Files.getLastModifiedTime(path));
        }
    }

    private MessageDigest cloneDigest() {
        if (prefixDigest == null) {
            return null;
        }
        try {
            return (MessageDigest) prefixDigest.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
    }

    private final class MainReader extends GcbBodyReader {
        private final FileChannel channel;
        /** The file's stamp if this pass checks everything, null for a pass over a checked file. */
        private final Stamp checking;

        MainReader(GcbInput in, FrameChecker checker, FileChannel channel, Stamp checking) {
            super(in, subs, subs.size(), checker, instructionCount, numSlots, labelSlots);
            this.channel = channel;
            this.checking = checking;
        }

        @Override
        void atEnd() throws IOException {
            // Order matters for the message: extra bytes first, then the hash (any other
            // inconsistency of a file whose hash fails is best reported as corruption).
            GcbInput in = input();
            long end = in.position();
            if (!in.atEnd()) {
                if (validated != null) {
                    throw RangeDigest.changed(name, bodyStart, end, "bytes follow the last instruction now");
                }
                throw in.errorAt(end, "trailing garbage after the last of " + instructionCount
                        + " instructions");
            }
            MessageDigest digest = in.digestSoFar();
            if (digest != null && !MessageDigest.isEqual(digest.digest(), hash)) {
                if (validated != null) {
                    throw RangeDigest.changed(name, bodyStart, end, "the SHA-256 of the file no longer matches"
                            + " the hash in its header");
                }
                throw new CircuitFormatException(name + ": file is corrupt, or changed after it was opened: its"
                        + " SHA-256 does not match the hash in its header (byte " + Gcb.HASH_OFFSET + ")");
            }
            if (checking != null) {
                checker().finish(creatorOutputs, "creator output", this);
                checker().finish(evaluatorOutputs, "evaluator output", this);
                checker().checkNumSlots(this);
            }
            claim(in, end, "main circuit", "gates", gateCount, gates);
            claim(in, end, "main circuit", "non-linear gates", nonLinearCount, nonLinear);
            claim(in, end, "main circuit", "label slots", labelSlots, numSlots + deepestCall);
            if (checking != null) {
                validated = checking;
            }
        }

        @Override
        public void close() throws IOException {
            if (channel != null) {
                channel.close();
            }
        }
    }

    /**
     * S of a body against its inputs plus the most slots a body of {@code bodyBytes} bytes can
     * write (one per byte at most), before a frame of S slots is allocated.
     */
    private static void checkNumSlots(GcbInput in, long at, String what, int numSlots, long inputs,
            long bodyBytes) {
        try {
            Limits.checkNumSlots(what, numSlots, inputs, bodyBytes, "the " + bodyBytes
                    + " bytes of its body, one byte at least per slot written");
        } catch (CircuitFormatException e) {
            throw in.errorAt(at, e.getMessage());
        }
    }

    private void claim(GcbInput in, long at, String what, String count, long declared, long actual) {
        if (declared != actual) {
            throw in.errorAt(at, what + ": header declares " + declared + " " + count
                    + " but the body has " + actual);
        }
    }

    private String decodeName(GcbInput in, byte[] bytes, long at) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw in.errorAt(at, "sub-circuit name is not UTF-8");
        }
    }

    private int[] slotList(GcbInput in, String what) throws IOException {
        int n = length(in, what + " length");
        int[] slots = new int[n];
        String slot = what + " slot"; // once, not per slot: the lists can be long
        for (int i = 0; i < n; i++) {
            slots[i] = in.uint(slot);
        }
        return slots;
    }

    /** A count of items that each take at least one byte, so it cannot exceed the file. */
    private int length(GcbInput in, String what) throws IOException {
        long at = in.position();
        int n = in.uint(what);
        if (n > fileSize - in.position()) {
            throw in.errorAt(at, what + " " + n + " exceeds the rest of the file: file is truncated or corrupt");
        }
        return n;
    }
}
