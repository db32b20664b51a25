package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.OutputFile;
import io.gcstream.circuits.internal.OutputFiles;
import io.gcstream.circuits.internal.SubCircuit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes the binary circuit format {@code .gcb} (specified in docs/formats.md), streaming the
 * main body from {@link Circuits#openBody} so a circuit of any length is written in constant
 * memory. The same encoding, minus the hash field, defines {@link Circuit#hash()}.
 */
public final class GcbWriter {
    static final int BUFFER = 64 * 1024;

    private GcbWriter() {
    }

    /**
     * Writes {@code circuit} to {@code file} in one pass: the hash field is written as zeros
     * and patched at the end. Returns the hash. On failure {@code file} is left untouched.
     */
    public static byte[] write(Circuit circuit, Path file) throws IOException {
        // Written beside the target and moved over it at the end, so that rewriting the file
        // a circuit is being streamed from cannot truncate its own source.
        return OutputFiles.write(file, OutputFile.Access.PUBLIC, f -> {
            if (OutputFiles.writesThrough(f)) {
                // A pipe or device cannot be patched: two passes over the body instead.
                return write(circuit, f.stream());
            }
            FileChannel ch = OutputFiles.channel(f);
            GcbOutput out = new GcbOutput(ch, null, BUFFER);
            byte[] hash = encode(circuit, out, new byte[Gcb.HASH_LENGTH]);
            ByteBuffer h = ByteBuffer.wrap(hash);
            long pos = Gcb.HASH_OFFSET;
            while (h.hasRemaining()) {
                pos += ch.write(h, pos);
            }
            return hash;
        });
    }

    /**
     * Writes {@code circuit} to a stream. A stream cannot be patched, so this makes two passes
     * over the body: one for the hash (unless the circuit already knows it), one to write.
     */
    public static byte[] write(Circuit circuit, OutputStream stream) throws IOException {
        byte[] hash = circuit.hash();
        GcbOutput out = new GcbOutput(null, stream, BUFFER);
        byte[] check = encode(circuit, out, hash);
        if (!java.util.Arrays.equals(check, hash)) {
            throw new IllegalStateException("the circuit's hash does not match its encoding");
        }
        return hash;
    }

    /**
     * The canonical hash of a circuit: SHA-256 over its .gcb encoding without the hash field.
     * Streams the body once; writes nothing.
     */
    public static byte[] hash(Circuit circuit) throws IOException {
        return encode(circuit, new GcbOutput(null, null, BUFFER), new byte[Gcb.HASH_LENGTH]);
    }

    private static byte[] encode(Circuit c, GcbOutput out, byte[] hashField) throws IOException {
        out.bytes(Gcb.MAGIC, 0, Gcb.MAGIC.length);
        out.bytes(new byte[] {(byte) Gcb.VERSION}, 0, 1);
        out.unhashed(hashField);
        slots(out, CircuitSlots.inputs(c, Party.CREATOR));
        slots(out, CircuitSlots.inputs(c, Party.EVALUATOR));
        slots(out, CircuitSlots.outputs(c, Party.CREATOR));
        slots(out, CircuitSlots.outputs(c, Party.EVALUATOR));
        out.uint(c.numSlots());
        out.ulong(c.instructionCount());
        out.ulong(c.gateCount());
        out.ulong(c.nonLinearCount());
        out.ulong(c.labelSlots());
        List<SubCircuit> subs = Circuits.subCircuits(c);
        out.uint(subs.size());
        Set<String> names = new HashSet<>();
        for (int i = 0; i < subs.size(); i++) {
            definition(out, subs, i, names);
        }
        BodyEncoder enc = new BodyEncoder(out, subs, subs.size());
        try (InstructionReader r = Circuits.openBody(c)) {
            while (r.next()) {
                if (r.isCall()) {
                    enc.call(r.callee(), r.callSlots(), r.callSlotCount());
                } else {
                    enc.gate(r.out(), r.in1(), r.in2(), r.table());
                }
            }
        }
        check("main circuit", "instructions", c.instructionCount(), enc.instructions);
        check("main circuit", "gates", c.gateCount(), enc.gates);
        check("main circuit", "non-linear gates", c.nonLinearCount(), enc.nonLinear);
        check("main circuit", "label slots", c.labelSlots(), c.numSlots() + enc.deepestCall);
        return out.finish();
    }

    private static void definition(GcbOutput out, List<SubCircuit> subs, int index, Set<String> names)
            throws IOException {
        SubCircuit sub = subs.get(index);
        String name = sub.name();
        SubCircuitNames.check(name);
        byte[] nameBytes = Gcb.nameBytes(name);
        if (!names.add(name)) {
            throw new IllegalArgumentException("two sub-circuits are named '" + name + "'");
        }
        ByteArrayOutputStream bodyBytes = new ByteArrayOutputStream();
        GcbOutput bodyOut = new GcbOutput(null, bodyBytes, 4096);
        BodyEncoder enc = new BodyEncoder(bodyOut, subs, index);
        enc.body(sub.body());
        bodyOut.finish();
        String what = "sub-circuit " + name;
        check(what, "instructions", sub.instructionCount(), enc.instructions);
        check(what, "gates", sub.gateCount(), enc.gates);
        check(what, "non-linear gates", sub.nonLinearCount(), enc.nonLinear);
        check(what, "label slots", sub.frameDepth(), sub.numSlots() + enc.deepestCall);

        out.uint(nameBytes.length);
        out.bytes(nameBytes, 0, nameBytes.length);
        slots(out, sub.inputs());
        slots(out, sub.outputs());
        out.uint(sub.numSlots());
        out.ulong(sub.instructionCount());
        out.ulong(sub.gateCount());
        out.ulong(sub.nonLinearCount());
        out.ulong(sub.frameDepth());
        out.ulong(bodyBytes.size());
        byte[] b = bodyBytes.toByteArray();
        out.bytes(b, 0, b.length);
    }

    private static void slots(GcbOutput out, int[] slots) throws IOException {
        out.uint(slots.length);
        for (int s : slots) {
            out.uint(s);
        }
    }

    private static void check(String what, String count, long claimed, long actual) {
        if (claimed != actual) {
            throw new IllegalArgumentException(what + ": the circuit claims " + claimed + " " + count
                    + " but its body has " + actual);
        }
    }
}
