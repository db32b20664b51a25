package io.gcstream.circuits.internal.format;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.circuits.testing.RandomCircuits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The public Bristol Fashion AES-128 circuit, slot-allocated by a minimal last-use allocator
 * (the compiler module has the real importer), written in both formats: measures the .gcb
 * size per gate and checks that the formats agree. Skipped when the shared file is absent.
 */
class BristolAesSizeTest {
    static final Path AES = Path.of("/work/shared/circuits/bristol_fashion/aes_128.txt");

    @TempDir
    Path dir;

    /** Bristol Fashion, two input values (creator, evaluator), outputs to the evaluator. */
    static Circuit load(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String[] head = lines.get(0).trim().split("\\s+");
        int gates = Integer.parseInt(head[0]);
        int wires = Integer.parseInt(head[1]);
        String[] ins = lines.get(1).trim().split("\\s+");
        int inA = Integer.parseInt(ins[1]);
        int inB = Integer.parseInt(ins[2]);
        int outs = Integer.parseInt(lines.get(2).trim().split("\\s+")[1]);
        int[][] g = new int[gates][];
        int[] lastUse = new int[wires];
        java.util.Arrays.fill(lastUse, -1);
        int k = 0;
        for (int i = 3; i < lines.size() && k < gates; i++) {
            String[] t = lines.get(i).trim().split("\\s+");
            if (t.length < 4) {
                continue;
            }
            int nIn = Integer.parseInt(t[0]);
            String op = t[t.length - 1];
            int a = Integer.parseInt(t[2]);
            int b = nIn == 2 ? Integer.parseInt(t[3]) : a;
            int o = Integer.parseInt(t[2 + nIn]);
            int table = switch (op) {
                case "XOR" -> TruthTable.XOR;
                case "AND" -> TruthTable.AND;
                case "INV" -> TruthTable.NOT;
                default -> throw new IllegalArgumentException(op);
            };
            g[k] = new int[] {o, a, b, table};
            lastUse[a] = k;
            lastUse[b] = k;
            k++;
        }
        for (int w = wires - outs; w < wires; w++) {
            lastUse[w] = Integer.MAX_VALUE;
        }
        int[] slotOf = new int[wires];
        ArrayDeque<Integer> free = new ArrayDeque<>();
        int numSlots = 0;
        for (int w = 0; w < inA + inB; w++) {
            slotOf[w] = numSlots++;
        }
        Body.Builder body = new Body.Builder();
        for (int i = 0; i < gates; i++) {
            int[] x = g[i];
            int a = slotOf[x[1]];
            int b = slotOf[x[2]];
            if (lastUse[x[1]] == i) {
                free.push(a);
            }
            if (x[2] != x[1] && lastUse[x[2]] == i) {
                free.push(b);
            }
            int o = free.isEmpty() ? numSlots++ : free.pop();
            slotOf[x[0]] = o;
            body.gate(o, a, b, x[3]);
        }
        int[] ca = new int[inA];
        int[] eb = new int[inB];
        int[] eo = new int[outs];
        for (int i = 0; i < inA; i++) {
            ca[i] = slotOf[i];
        }
        for (int i = 0; i < inB; i++) {
            eb[i] = slotOf[inA + i];
        }
        for (int i = 0; i < outs; i++) {
            eo[i] = slotOf[wires - outs + i];
        }
        return Circuits.builder().creatorInputs(ca).evaluatorInputs(eb).evaluatorOutputs(eo)
                .numSlots(numSlots).body(body.build()).build();
    }

    @Test
    void aesBytesPerGateAndFormatsAgree() throws IOException {
        Assumptions.assumeTrue(Files.exists(AES), "shared AES circuit not present");
        Circuit aes = load(AES);
        Path gcb = dir.resolve("aes.gcb");
        Path gct = dir.resolve("aes.gct");
        GcbWriter.write(aes, gcb);
        GctWriter.write(aes, gct);
        Circuit b = GcbReader.open(gcb);
        Circuit t = GctReader.open(gct);
        assertEquals(HexFormat.of().formatHex(aes.hash()), HexFormat.of().formatHex(b.hash()));
        assertEquals(HexFormat.of().formatHex(aes.hash()), HexFormat.of().formatHex(t.hash()));
        assertEquals(6400, b.nonLinearCount());
        Random rnd = new Random(9);
        for (int i = 0; i < 3; i++) {
            boolean[] x = RandomCircuits.bits(rnd, 128);
            boolean[] y = RandomCircuits.bits(rnd, 128);
            assertArrayEquals(Simulator.run(aes, x, y).evaluatorOutputs(),
                    Simulator.run(b, x, y).evaluatorOutputs());
            assertArrayEquals(Simulator.run(aes, x, y).evaluatorOutputs(),
                    Simulator.run(t, x, y).evaluatorOutputs());
        }
        long absolute = 0;
        try (InstructionReader r = Circuits.openBody(aes)) {
            while (r.next()) {
                absolute += 1 + len(r.out()) + len(r.in1()) + (r.in1() == r.in2() ? 0 : len(r.in2()));
            }
        }
        System.out.printf("AES-128 (Bristol, %d gates, S=%d): .gcb %d bytes = %.2f bytes/gate"
                + " (absolute-slot varints would be %.2f); .gct %d bytes%n", aes.gateCount(),
                aes.numSlots(), Files.size(gcb), Files.size(gcb) / (double) aes.gateCount(),
                absolute / (double) aes.gateCount(), Files.size(gct));

    }

    private static int len(int v) {
        int n = 1;
        while ((v & ~0x7F) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }
}
