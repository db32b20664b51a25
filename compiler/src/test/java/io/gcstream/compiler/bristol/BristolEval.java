package io.gcstream.compiler.bristol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A direct evaluator of a Bristol file's gate list, written independently of the importer:
 * wires are booleans, inputs are the first wires, outputs the last. Used as the reference.
 */
final class BristolEval {
    final int wires;
    final int totalIn;
    final int totalOut;
    private final List<String[]> gates = new ArrayList<>();

    BristolEval(Path file, boolean old) throws IOException {
        List<String[]> lines = new ArrayList<>();
        for (String l : Files.readAllLines(file)) {
            if (!l.isBlank()) {
                lines.add(l.trim().split("\\s+"));
            }
        }
        wires = Integer.parseInt(lines.get(0)[1]);
        int k;
        if (old) {
            String[] t = lines.get(1);
            totalIn = Integer.parseInt(t[0]) + Integer.parseInt(t[1]);
            totalOut = Integer.parseInt(t[2]);
            k = 2;
        } else {
            totalIn = sumWidths(lines.get(1));
            totalOut = sumWidths(lines.get(2));
            k = 3;
        }
        gates.addAll(lines.subList(k, lines.size()));
    }

    private static int sumWidths(String[] t) {
        int s = 0;
        for (int i = 1; i < t.length; i++) {
            s += Integer.parseInt(t[i]);
        }
        return s;
    }

    /** Input wires in file order; returns output wires in file order. */
    boolean[] run(boolean[] in) {
        boolean[] w = new boolean[wires];
        System.arraycopy(in, 0, w, 0, totalIn);
        for (String[] g : gates) {
            String type = g[g.length - 1];
            int n = g.length;
            switch (type) {
                case "XOR" -> w[Integer.parseInt(g[4])] = w[Integer.parseInt(g[2])] ^ w[Integer.parseInt(g[3])];
                case "AND" -> w[Integer.parseInt(g[4])] = w[Integer.parseInt(g[2])] & w[Integer.parseInt(g[3])];
                case "INV", "NOT" -> w[Integer.parseInt(g[3])] = !w[Integer.parseInt(g[2])];
                // A number, as EMP's fscanf reads it ("01" and "+1" are 1), not the text "1".
                case "EQ" -> w[Integer.parseInt(g[3])] = Integer.parseInt(g[2]) == 1;
                case "EQW" -> w[Integer.parseInt(g[3])] = w[Integer.parseInt(g[2])];
                case "MAND" -> {
                    int k = Integer.parseInt(g[1]);
                    for (int i = 0; i < k; i++) {
                        w[Integer.parseInt(g[2 + 2 * k + i])] = w[Integer.parseInt(g[2 + i])] & w[Integer.parseInt(g[2 + k + i])];
                    }
                }
                default -> throw new IllegalStateException("gate " + type + " of " + n + " tokens");
            }
        }
        boolean[] out = new boolean[totalOut];
        System.arraycopy(w, wires - totalOut, out, 0, totalOut);
        return out;
    }
}
