package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.OutputFile;
import io.gcstream.circuits.internal.OutputFiles;
import io.gcstream.circuits.internal.SubCircuit;
import io.gcstream.circuits.internal.TruthTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes the text circuit format {@code .gct} (docs/formats.md): definitions first, then the
 * Fig. 2 header and the main body, streamed from {@link Circuits#openBody}. Runs of three or
 * more consecutive slots are written as ranges {@code a-b}; a gate reading one slot twice with
 * table COPY or NOT is written in the one-input form {@code out;in;1} or {@code out;in;2}.
 */
public final class GctWriter {
    private GctWriter() {
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
        BufferedWriter w = new BufferedWriter(out, 1 << 16);
        List<SubCircuit> subs = Circuits.subCircuits(circuit);
        Set<String> names = new HashSet<>();
        for (int i = 0; i < subs.size(); i++) {
            definition(w, subs, i, names);
        }
        w.write("inputsCreator: " + slots(CircuitSlots.inputs(circuit, Party.CREATOR)) + "\n");
        w.write("inputsEvaluator: " + slots(CircuitSlots.inputs(circuit, Party.EVALUATOR)) + "\n");
        w.write("outputsCreator: " + slots(CircuitSlots.outputs(circuit, Party.CREATOR)) + "\n");
        w.write("outputsEvaluator: " + slots(CircuitSlots.outputs(circuit, Party.EVALUATOR)) + "\n");
        w.write("numberOfRegisters: " + circuit.numSlots() + "\n");
        w.write("numberOfGates: " + circuit.instructionCount() + "\n");
        StringBuilder line = new StringBuilder(64);
        long n = 0;
        try (InstructionReader r = Circuits.openBody(circuit)) {
            while (r.next()) {
                line.setLength(0);
                if (r.isCall()) {
                    SubCircuit sub = subs.get(r.callee());
                    call(line, sub, r.callSlots(), 0);
                } else {
                    gate(line, r.out(), r.in1(), r.in2(), r.table());
                }
                line.append('\n');
                w.append(line);
                n++;
            }
        }
        if (n != circuit.instructionCount()) {
            throw new IllegalArgumentException("the circuit claims " + circuit.instructionCount()
                    + " instructions but its body has " + n);
        }
        w.flush();
    }

    /** The text of {@code circuit}, for tests and small circuits. */
    public static String toString(Circuit circuit) throws IOException {
        StringWriter s = new StringWriter();
        write(circuit, s);
        return s.toString();
    }

    private static void definition(Writer w, List<SubCircuit> subs, int index, Set<String> names)
            throws IOException {
        SubCircuit sub = subs.get(index);
        String name = sub.name();
        SubCircuitNames.check(name);
        if (!names.add(name)) {
            throw new IllegalArgumentException("two sub-circuits are named '" + name + "'");
        }
        Body body = sub.body();
        w.write("circuit " + name + "\n");
        w.write("inputs: " + slots(sub.inputs()) + "\n");
        w.write("outputs: " + slots(sub.outputs()) + "\n");
        w.write("numberOfRegisters: " + sub.numSlots() + "\n");
        w.write("numberOfGates: " + body.instructionCount() + "\n");
        int[] code = body.code();
        int pc = 0;
        StringBuilder line = new StringBuilder(64);
        while (pc < body.length()) {
            line.setLength(0);
            int op = code[pc];
            if (op >= 0) {
                gate(line, code[pc + 1], code[pc + 2], code[pc + 3], op);
                pc += 4;
            } else {
                int callee = -op - 1;
                if (callee >= index) {
                    throw new IllegalArgumentException("sub-circuit " + name + " calls #" + callee
                            + ", which is not defined before it");
                }
                SubCircuit c = subs.get(callee);
                call(line, c, code, pc + 1);
                pc += 1 + c.inputCount() + c.outputCount();
            }
            w.append(line).append('\n');
        }
        w.write("end\n");
    }

    private static void gate(StringBuilder line, int out, int in1, int in2, int table) {
        line.append(out).append(';').append(in1);
        if (in1 == in2 && (table == TruthTable.COPY || table == TruthTable.NOT)) {
            line.append(';').append(table == TruthTable.COPY ? 1 : 2);
        } else {
            line.append(',').append(in2).append(';').append(table);
        }
    }

    private static void call(StringBuilder line, SubCircuit sub, int[] slots, int off) {
        int nIn = sub.inputCount();
        int nOut = sub.outputCount();
        line.append("call ").append(sub.name());
        if (nIn > 0) {
            line.append(' ');
            ranges(line, slots, off, nIn);
        }
        line.append(" ->");
        if (nOut > 0) {
            line.append(' ');
            ranges(line, slots, off + nIn, nOut);
        }
    }

    static String slots(int[] slots) {
        StringBuilder sb = new StringBuilder();
        ranges(sb, slots, 0, slots.length);
        return sb.toString();
    }

    private static void ranges(StringBuilder sb, int[] s, int off, int len) {
        int end = off + len;
        for (int i = off; i < end; ) {
            int j = i;
            while (j + 1 < end && s[j + 1] == s[j] + 1) {
                j++;
            }
            if (i > off) {
                sb.append(' ');
            }
            if (j - i >= 2) {
                sb.append(s[i]).append('-').append(s[j]);
                i = j + 1;
            } else {
                sb.append(s[i]);
                i++;
            }
        }
    }
}
