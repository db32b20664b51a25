package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.OutputFile;
import io.gcstream.circuits.internal.OutputFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * Writes ME-SFE's binary format {@code .bmec} (docs/formats.md): every field a 4-byte
 * big-endian integer, the four counted slot lists, registers, gate count, then
 * {@code out, in1, in2, table} per gate. A circuit with sub-circuits is flattened first (see
 * {@link FlatGates}). The body is streamed through one 64 KiB buffer.
 */
public final class BmecWriter {
    private static final int BUFFER = 64 * 1024;

    private BmecWriter() {
    }

    /** Writes {@code circuit} to {@code file}; on failure {@code file} is left untouched. */
    public static void write(Circuit circuit, Path file) throws IOException {
        OutputFiles.write(file, OutputFile.Access.PUBLIC, f -> {
            write(circuit, f.stream());
            return null;
        });
    }

    /** Writes {@code circuit} to {@code out} (not closed). */
    public static void write(Circuit circuit, OutputStream out) throws IOException {
        FlatGates flat = FlatGates.of(circuit);
        if (flat.gates > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a .bmec file holds at most " + Integer.MAX_VALUE
                    + " gates; this circuit has " + flat.gates);
        }
        WritableByteChannel ch = Channels.newChannel(out);
        ByteBuffer buf = ByteBuffer.allocate(BUFFER);
        for (int[] list : new int[][] {CircuitSlots.inputs(circuit, Party.CREATOR),
            CircuitSlots.inputs(circuit, Party.EVALUATOR), CircuitSlots.outputs(circuit, Party.CREATOR),
            CircuitSlots.outputs(circuit, Party.EVALUATOR)}) {
            put(ch, buf, list.length);
            for (int s : list) {
                put(ch, buf, s);
            }
        }
        put(ch, buf, flat.registers);
        put(ch, buf, (int) flat.gates);
        flat.forEach((o, a, b, t) -> {
            if (buf.remaining() < BmecReader.GATE_BYTES) {
                drain(ch, buf);
            }
            buf.putInt(o).putInt(a).putInt(b).putInt(t);
        });
        drain(ch, buf);
    }

    private static void put(WritableByteChannel ch, ByteBuffer buf, int v) throws IOException {
        if (buf.remaining() < 4) {
            drain(ch, buf);
        }
        buf.putInt(v);
    }

    private static void drain(WritableByteChannel ch, ByteBuffer buf) throws IOException {
        buf.flip();
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
        buf.clear();
    }
}
