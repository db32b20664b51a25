package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.OutputFile;
import io.gcstream.circuits.internal.OutputFiles;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Writes ME-SFE's text format {@code .mec} (docs/formats.md): the six keywords in the order
 * ME-SFE's own reader requires, comma-separated slot lists, then one two-input gate
 * {@code out;in1,in2;table} per line. A circuit with sub-circuits is flattened first (see
 * {@link FlatGates}); then the file describes the same function but not the same circuit, so
 * its hash differs. The body is streamed: memory does not grow with the circuit.
 */
public final class MecWriter {
    private MecWriter() {
    }

    /** Writes {@code circuit} to {@code file} (UTF-8); on failure {@code file} is left untouched. */
    public static void write(Circuit circuit, Path file) throws IOException {
        OutputFiles.write(file, OutputFile.Access.PUBLIC, f -> {
            Writer w = new OutputStreamWriter(f.stream(), StandardCharsets.UTF_8);
            write(circuit, w);
            w.flush();
            return null;
        });
    }

    /** Writes {@code circuit} to {@code out} (buffered here; flushed, not closed). */
    public static void write(Circuit circuit, Writer out) throws IOException {
        FlatGates flat = FlatGates.of(circuit);
        BufferedWriter w = new BufferedWriter(out, 1 << 16);
        list(w, "inputsCreator", CircuitSlots.inputs(circuit, Party.CREATOR));
        list(w, "inputsEvaluator", CircuitSlots.inputs(circuit, Party.EVALUATOR));
        list(w, "outputsCreator", CircuitSlots.outputs(circuit, Party.CREATOR));
        list(w, "outputsEvaluator", CircuitSlots.outputs(circuit, Party.EVALUATOR));
        w.write("numberOfRegisters: " + flat.registers + "\n");
        w.write("numberOfGates: " + flat.gates + "\n");
        StringBuilder line = new StringBuilder(48);
        flat.forEach((o, a, b, t) -> {
            line.setLength(0);
            line.append(o).append(';').append(a).append(',').append(b).append(';').append(t).append('\n');
            w.append(line);
        });
        w.flush();
    }

    private static void list(Writer w, String key, int[] slots) throws IOException {
        StringBuilder b = new StringBuilder(key).append(": ");
        for (int i = 0; i < slots.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(slots[i]);
        }
        w.write(b.append('\n').toString());
    }
}
