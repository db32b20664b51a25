package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.internal.AbstractInstructionReader;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.FrameChecker;
import io.gcstream.circuits.internal.Limits;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads ME-SFE's binary circuit format {@code .bmec} (docs/formats.md): 4-byte big-endian
 * signed integers, namely four counted slot lists (creator inputs, evaluator inputs, creator
 * outputs, evaluator outputs), the number of registers, the number of gates, then
 * {@code out, in1, in2, table} per gate. No magic, no sub-circuits.
 *
 * <p>{@link #open(Path)} reads the header, checking every count against the file's length
 * before anything is allocated (the body must be exactly 16 bytes per gate), and streams the
 * body once through a fixed buffer to check it and count its non-linear gates. Each
 * {@link Circuit#openBody()} streams it from the file again, checking as it goes. Errors are
 * {@link CircuitFormatException}s naming the file and byte offset.
 */
public final class BmecReader {
    /** Bytes of one gate: four integers. */
    static final int GATE_BYTES = 16;
    private static final int BUFFER = 64 * 1024;
    private static final String[] LISTS = {"inputsCreator", "inputsEvaluator", "outputsCreator",
        "outputsEvaluator"};

    private final Path path;
    private final String name;
    private final long size;
    private final int[][] lists = new int[4][];
    private int registers;
    private long gates;
    private long bodyStart;
    /** The body's bytes as the checking pass at open read them; every later pass must read the same. */
    private RangeDigest body;

    private BmecReader(Path path, long size) {
        this.path = path;
        this.name = path.toString();
        this.size = size;
    }

    /** Opens a .bmec file: header checked and body streamed once now, streamed again per pass. */
    public static Circuit open(Path file) throws IOException {
        long size;
        BmecReader r;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            size = ch.size();
            r = new BmecReader(file, size);
            r.readHeader(new Input(file.toString(), ch, 0, size, BUFFER, null));
        }
        long nonLinear;
        try (Body first = r.openBody()) {
            while (first.next()) {
                // one checking pass, for the count and to reject bad input before any run
            }
            nonLinear = first.nonLinear;
            r.body = first.pass.finish();
        }
        return new Circuit(r.lists[0], r.lists[1], r.lists[2], r.lists[3], r.registers, List.of(),
                r.gates, r.gates, nonLinear, r.registers, r::openBody, null);
    }

    private void readHeader(Input in) throws IOException {
        for (int k = 0; k < 4; k++) {
            long at = in.position();
            int n = in.int32(LISTS[k] + " count");
            // The rest of the header (later counts, registers, gates) needs 4 bytes each.
            long room = size - in.position() - 4L * (3 - k) - 8;
            if (n < 0 || 4L * n > room) {
                throw in.errorAt(at, LISTS[k] + " count " + n + (n < 0 ? " is negative"
                        : " needs " + 4L * n + " bytes but the file has " + Math.max(0, room)
                        + " left for it: truncated, or not a .bmec file"));
            }
            int[] slots = new int[n];
            for (int i = 0; i < n; i++) {
                slots[i] = in.int32(LISTS[k] + " slot");
            }
            lists[k] = slots;
        }
        long at = in.position();
        long registersAt = at;
        registers = in.int32("numberOfRegisters");
        if (registers < 0) {
            throw in.errorAt(at, "numberOfRegisters " + registers + " is negative");
        }
        at = in.position();
        int g = in.int32("numberOfGates");
        bodyStart = in.position();
        long body = size - bodyStart;
        if (g < 0 || body != (long) GATE_BYTES * g) {
            throw in.errorAt(at, "numberOfGates " + g + (g < 0 ? " is negative" : " needs "
                    + (long) GATE_BYTES * g + " bytes of gates but " + body + " follow"
                    + (body < (long) GATE_BYTES * g ? ": file is truncated" : ": trailing bytes")));
        }
        gates = g;
        try {
            Limits.checkNumSlots("main circuit", registers, (long) lists[0].length + lists[1].length, g,
                    "its " + g + " gates write one slot each");
        } catch (CircuitFormatException e) {
            throw in.errorAt(registersAt, e.getMessage());
        }
        // Duplicate inputs and out-of-range outputs are errors now, not at the end of a pass.
        checker(at);
        for (int k = 2; k < 4; k++) {
            for (int s : lists[k]) {
                if (s < 0 || s >= registers) {
                    throw in.errorAt(at, "main circuit: output slot " + s
                            + " is out of range: numberOfRegisters is " + registers);
                }
            }
        }
    }

    private FrameChecker checker(long at) {
        try {
            return FrameChecker.ofMain(registers, lists[0], lists[1], List.of());
        } catch (CircuitFormatException e) {
            throw new CircuitFormatException(name + ": byte " + at + ": " + e.getMessage());
        }
    }

    /** One pass over the body: the first records its bytes, every later one must read the same. */
    private Body openBody() throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        try {
            RangeDigest.Pass pass = body == null ? RangeDigest.record(name, bodyStart) : body.verify();
            return new Body(new Input(name, ch, bodyStart, size, BUFFER, pass), checker(bodyStart), ch, pass);
        } catch (RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Streams and checks the gates of one pass. */
    private final class Body extends AbstractInstructionReader implements Supplier<String> {
        private final Input in;
        private final FrameChecker checker;
        private final FileChannel channel;
        final RangeDigest.Pass pass;
        private long index;
        private long start;
        private boolean ended;
        long nonLinear;

        Body(Input in, FrameChecker checker, FileChannel channel, RangeDigest.Pass pass) {
            this.in = in;
            this.checker = checker;
            this.channel = channel;
            this.pass = pass;
            this.start = start;
        }

        @Override
        public boolean next() throws IOException {
            if (index == gates) {
                if (!ended) {
                    ended = true;
                    // Every byte of the body has been read (it is exactly 16 per gate).
                    pass.finish();
                    checker.finish(lists[2], "creator output", this);
                    checker.finish(lists[3], "evaluator output", this);
                    checker.checkNumSlots(this);
                }
                return false;
            }
            start = in.position();
            index++;
            int o = in.int32("gate");
            int a = in.int32("gate");
            int b = in.int32("gate");
            int t = in.int32("gate");
            checker.gate(o, a, b, t, this);
            gate(t, o, a, b);
            nonLinear += Integer.bitCount(t) & 1;
            return true;
        }

        @Override
        public String position() {
            return ended ? name + ": byte " + size + " (end of file)"
                    : name + ": byte " + start + " (gate " + index + ")";
        }

        @Override
        public String get() {
            return position();
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** Big-endian 4-byte integers from a range of a file, through one fixed buffer. */
    private static final class Input {
        private final String file;
        private final FileChannel channel;
        private final long end;
        private final ByteBuffer buf;
        /** Gets every byte read, or null. */
        private final RangeDigest.Pass pass;
        private final long start;
        private long bufStart;
        private long readPos;

        Input(String file, FileChannel channel, long start, long end, int bufferSize, RangeDigest.Pass pass) {
            this.file = file;
            this.channel = channel;
            this.end = end;
            this.pass = pass;
            this.start = start;
            this.buf = ByteBuffer.allocate(bufferSize);
            this.buf.limit(0);
            this.bufStart = start;
            this.readPos = start;
        }

        long position() {
            return bufStart + buf.position();
        }

        int int32(String what) throws IOException {
            if (buf.remaining() < 4) {
                fill(what);
            }
            return buf.getInt();
        }

        private void fill(String what) throws IOException {
            bufStart += buf.position();
            buf.compact();
            while (buf.position() < 4) {
                long room = Math.min(buf.remaining(), end - readPos);
                if (room <= 0) {
                    throw errorAt(bufStart + buf.position(), "file is truncated (inside the " + what + ")");
                }
                buf.limit(buf.position() + (int) room);
                int n = channel.read(buf, readPos);
                buf.limit(buf.capacity());
                if (n < 0) {
                    throw pass == null ? errorAt(bufStart + buf.position(), "file is truncated (inside the "
                            + what + "): it changed while it was read")
                            : RangeDigest.changed(file, start, end, "it ends at byte " + readPos + " now");
                }
                if (pass != null) {
                    pass.update(buf.array(), buf.position() - n, n);
                }
                readPos += n;
            }
            buf.flip();
        }

        CircuitFormatException errorAt(long offset, String message) {
            return new CircuitFormatException(file + ": byte " + offset + ": " + message);
        }
    }
}
