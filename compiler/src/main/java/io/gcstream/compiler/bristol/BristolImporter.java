package io.gcstream.compiler.bristol;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.Limits;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.circuits.internal.format.Utf8InputStream;
import io.gcstream.compiler.internal.GateList;
import io.gcstream.compiler.internal.Program;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Reads circuits in the Bristol formats of "MPC Circuits" (Nigel Smart and others) and
 * compiles them (optimiser, slot allocator) into a {@link Circuit}.
 *
 * <p><b>Bristol Fashion</b>: a header line {@code gates wires}; {@code niv n1 n2 ...} (number
 * of input values and their widths); {@code nov m1 m2 ...}; then one gate per line
 * {@code nin nout in... out... TYPE} with TYPE one of {@code XOR}, {@code AND} (2 in, 1 out),
 * {@code INV}/{@code NOT} (1, 1), {@code EQ} ({@code 1 1 v c}: wire c gets the constant v),
 * {@code EQW} ({@code 1 1 a c}: copy) and {@code MAND} ({@code 2k k a1..ak b1..bk c1..ck}:
 * k ANDs). Input values occupy the first wires in header order; outputs are the last wires.
 * <b>Old Bristol format</b>: {@code gates wires}, then {@code n1 n2 nout} (two input values,
 * one output value), then gate lines (the same gate types are accepted).
 *
 * <p>Both readers tolerate trailing and repeated spaces, tabs, CRLF line ends and missing or
 * extra blank lines. A malformed file is rejected with a {@link CircuitFormatException} naming
 * {@code file:line} and what is wrong (unknown gate type, wrong counts, wire out of range, wire
 * used before it is assigned or assigned twice, truncated file).
 *
 * <p>Header numbers are checked against the file's size before anything is allocated for them
 * (docs/formats.md, "Limits"): the input and output widths together may not exceed
 * {@link Limits#allowance} of the file's bytes, and the wire count may not exceed the input
 * wires plus one gate output for every two bytes of the file (a wire number and its separator).
 * Memory then grows with the lines read, never with what the header announces.
 *
 * <p><b>Parties and bit order</b> come from {@link BristolOptions}: by default the first half
 * of the input values is the creator's, the rest the evaluator's, and within a value wire i is
 * bit i (least significant first, the Bristol Fashion convention); see that class. A party's
 * bits are its values concatenated, the first value lowest.
 */
public final class BristolImporter {
    /** Wire ids of the intermediate representation are below 2^30; Bristol wires likewise. */
    static final int MAX_WIRES = (1 << 30) - 2;
    /**
     * A Bristol file is one flat list, whose smallest-S order runs each AND right after the
     * one it needs, so the engines hash one AND at a time. Its gates are ordered by AND depth
     * instead when that costs at most this many more label slots (16 bytes each per party).
     */
    static final int LEVEL_SLACK = 4096;

    private BristolImporter() {
    }

    /**
     * Reads a file in either format, told apart by its content ({@link CircuitFormat#detect}).
     *
     * @throws CircuitFormatException if the file is not Bristol (naming the format it is in)
     *     or is malformed
     */
    public static Circuit read(Path file, BristolOptions options) throws IOException {
        CircuitFormat f = CircuitFormat.detect(file);
        if (!f.isBristol()) {
            throw new CircuitFormatException(file + ": is a " + f.description()
                    + ", not Bristol: read it with io.gcstream.circuits.CircuitFiles");
        }
        return f == CircuitFormat.BRISTOL_OLD ? readOld(file, options) : readFashion(file, options);
    }

    /** Reads a Bristol Fashion file. */
    public static Circuit readFashion(Path file, BristolOptions options) throws IOException {
        try (BufferedReader r = utf8(file)) {
            return parse(r, file.toString(), false, options, Files.size(file)).compile(true, LEVEL_SLACK);
        }
    }

    /** Reads an old-format Bristol file. */
    public static Circuit readOld(Path file, BristolOptions options) throws IOException {
        try (BufferedReader r = utf8(file)) {
            return parse(r, file.toString(), true, options, Files.size(file)).compile(true, LEVEL_SLACK);
        }
    }

    /** The file's text; a byte that is not UTF-8 is an error naming its offset. */
    private static BufferedReader utf8(Path file) throws IOException {
        return new BufferedReader(new InputStreamReader(new Utf8InputStream(Files.newInputStream(file),
                file.toString(), 0), StandardCharsets.UTF_8), 1 << 16);
    }

    /**
     * Reads a Bristol Fashion circuit from text; {@code name} is used in messages.
     *
     * @throws CircuitFormatException if the text is malformed
     */
    public static Circuit readFashion(String text, String name, BristolOptions options) {
        return fromText(text, name, false, options);
    }

    /**
     * Reads an old-format Bristol circuit from text; {@code name} is used in messages.
     *
     * @throws CircuitFormatException if the text is malformed
     */
    public static Circuit readOld(String text, String name, BristolOptions options) {
        return fromText(text, name, true, options);
    }

    private static Circuit fromText(String text, String name, boolean old, BristolOptions options) {
        try {
            return parse(new StringReader(text), name, old, options, utf8Length(text)).compile(true, LEVEL_SLACK);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e); // a StringReader does not fail
        }
    }

    /**
     * Parses into the intermediate representation without compiling (for tools and tests).
     * The text's length is not known here, so its header numbers are checked only against
     * each other: the caller bounds the input.
     *
     * @param old true for the old format, false for Bristol Fashion
     */
    public static Program parse(Reader reader, String name, boolean old, BristolOptions options)
            throws IOException {
        return parse(reader, name, old, options, Long.MAX_VALUE);
    }

    /**
     * Parses text of {@code bytes} bytes (UTF-8): its header numbers are checked against that
     * size before anything is allocated for them.
     */
    static Program parse(Reader reader, String name, boolean old, BristolOptions options, long bytes)
            throws IOException {
        return new Parser(new Lines(reader, name), old, options, bytes).parse();
    }

    private static long utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * True if the file is in the old format: its third non-blank line is already a gate
     * (Bristol Fashion has the output header there).
     */
    static boolean isOldFormat(Path file) throws IOException {
        return CircuitFormat.detect(file) == CircuitFormat.BRISTOL_OLD;
    }

    /** Non-blank lines split on runs of whitespace, with line numbers for messages. */
    static final class Lines {
        private final BufferedReader in;
        private final String name;
        private int lineNo;

        Lines(Reader reader, String name) {
            this.in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
            this.name = name;
        }

        /** The next non-blank line's tokens, or null at the end. */
        String[] next() throws IOException {
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                String s = line.strip();
                if (!s.isEmpty()) {
                    return s.split("\\s+");
                }
            }
            return null;
        }

        String where() {
            return name + ":" + lineNo;
        }

        CircuitFormatException error(String what) {
            return new CircuitFormatException(where() + ": " + what);
        }

        /** A non-negative decimal int in ASCII digits (Integer.parseInt takes '+' and any Unicode digit). */
        int number(String token, String what) {
            if (token.length() > 1 && token.charAt(0) == '-' && isDigits(token, 1)) {
                throw error(what + " must not be negative: " + token);
            }
            if (token.isEmpty() || !isDigits(token, 0) || token.length() > 10) {
                throw error(what + " is not a number: '" + token + "'");
            }
            long v = Long.parseLong(token);
            if (v > Integer.MAX_VALUE) {
                throw error(what + " is not a number: '" + token + "'");
            }
            return (int) v;
        }

        private static boolean isDigits(String s, int from) {
            for (int i = from; i < s.length(); i++) {
                if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class Parser {
        private final Lines lines;
        private final boolean old;
        private final BristolOptions options;
        private final long bytes;
        private final GateList g = new GateList();
        /** Bristol wire -> IR wire, -1 while unassigned. */
        private int[] map;
        private int wires;

        Parser(Lines lines, boolean old, BristolOptions options, long bytes) {
            this.lines = lines;
            this.old = old;
            this.options = options;
            this.bytes = bytes;
        }

        Program parse() throws IOException {
            String[] t = header("the header line 'gates wires'");
            String headerWhere = lines.where();
            if (t.length != 2) {
                throw lines.error("header must be 'gates wires', found " + t.length + " numbers");
            }
            int gates = lines.number(t[0], "gate count");
            wires = lines.number(t[1], "wire count");
            if (wires > MAX_WIRES) {
                throw lines.error("the circuit has " + wires + " wires, more than the " + MAX_WIRES + " supported");
            }
            int[] inWidths;
            int[] outWidths;
            if (old) {
                t = header("the line 'n1 n2 nout'");
                if (t.length != 3) {
                    throw lines.error("old Bristol format needs 'n1 n2 nout' (3 numbers), found " + t.length);
                }
                inWidths = new int[] {lines.number(t[0], "input width"), lines.number(t[1], "input width")};
                outWidths = new int[] {lines.number(t[2], "output width")};
            } else {
                inWidths = widths(header("the input line 'niv n1 n2 ...'"), "input");
                outWidths = widths(header("the output line 'nov m1 m2 ...'"), "output");
            }
            long totalIn = sum(inWidths);
            long totalOut = sum(outWidths);
            if (bytes != Long.MAX_VALUE && totalIn + totalOut > Limits.allowance(bytes)) {
                throw lines.error("the input and output values have " + totalIn + " + " + totalOut
                        + " bits, more than a file of " + bytes + " bytes may declare ("
                        + Limits.describeAllowance(bytes) + ")");
            }
            if (totalIn == 0 && totalOut > 0) {
                // Every wire would be a constant, and a constant is computed from an input.
                throw new CircuitFormatException(headerWhere + ": the circuit has no input bits, so its "
                        + totalOut + " output bits are constants; gcstream computes a constant from an input:"
                        + " give the circuit at least one input value");
            }
            if (totalIn > wires || totalOut > wires) {
                throw lines.error("the circuit has " + wires + " wires, fewer than its " + totalIn
                        + " input or " + totalOut + " output wires");
            }
            if (bytes != Long.MAX_VALUE && wires > totalIn + bytes / 2) {
                throw new CircuitFormatException(headerWhere + ": the header declares " + wires
                        + " wires but a file of " + bytes + " bytes defines at most " + (totalIn + bytes / 2)
                        + ": its " + totalIn + " input wires plus one gate output for every two bytes");
            }
            String where = lines.where();
            Party[] inParties = options.inputPartiesFor(inWidths.length, where);
            Party[] outParties = options.outputPartiesFor(outWidths.length, where);
            // Grown on demand, so a header announcing a huge count costs nothing until used.
            map = new int[Math.min(wires, 1 << 16)];
            Arrays.fill(map, -1);
            int creatorInputs = mapInputs(inWidths, inParties);

            int read = 0;
            while (read < gates) {
                t = lines.next();
                if (t == null) {
                    throw new CircuitFormatException(lines.where() + ": truncated: the header announces "
                            + gates + " gates but the file ends after " + read);
                }
                gate(t);
                read++;
            }
            if (lines.next() != null) {
                throw lines.error("more lines than the " + gates + " gates the header announces");
            }
            int[][] outs = outputs(outWidths, outParties, (int) totalOut);
            g.setOutputs(concat(outs[0], outs[1]));
            return new Program(List.of(), g, creatorInputs, outs[0].length);
        }

        private String[] header(String what) throws IOException {
            String[] t = lines.next();
            if (t == null) {
                throw new CircuitFormatException(lines.where() + ": truncated: missing " + what);
            }
            return t;
        }

        private int[] widths(String[] t, String kind) {
            int n = lines.number(t[0], "number of " + kind + " values");
            if (t.length != n + 1) {
                throw lines.error("the " + kind + " line announces " + n + " values but lists "
                        + (t.length - 1) + " widths");
            }
            int[] w = new int[n];
            for (int i = 0; i < n; i++) {
                w[i] = lines.number(t[i + 1], kind + " width");
            }
            return w;
        }

        /** Creates the IR inputs, creator's bits first; returns the creator's bit count. */
        private int mapInputs(int[] widths, Party[] parties) {
            int[][] partyBits = assign(widths, parties, 0);
            for (int[] bits : partyBits) {
                for (int bristolWire : bits) {
                    ensure(bristolWire);
                    map[bristolWire] = g.addInput();
                }
            }
            return partyBits[0].length;
        }

        /**
         * For values of the given widths starting at Bristol wire {@code first}: per party
         * (creator, evaluator), the Bristol wire of each of its bits, bit 0 first.
         */
        private int[][] assign(int[] widths, Party[] parties, int first) {
            int[] count = new int[2];
            for (int i = 0; i < widths.length; i++) {
                count[parties[i].ordinal()] += widths[i];
            }
            int[][] bits = {new int[count[0]], new int[count[1]]};
            int[] filled = new int[2];
            int wire = first;
            boolean msbFirst = options.bitOrder() == BristolOptions.BitOrder.MSB_FIRST;
            for (int i = 0; i < widths.length; i++) {
                int p = parties[i].ordinal();
                int n = widths[i];
                for (int j = 0; j < n; j++) {
                    bits[p][filled[p] + (msbFirst ? n - 1 - j : j)] = wire + j;
                }
                filled[p] += n;
                wire += n;
            }
            return bits;
        }

        private int[][] outputs(int[] widths, Party[] parties, int totalOut) {
            int[][] bits = assign(widths, parties, wires - totalOut);
            int[][] ir = new int[2][];
            for (int p = 0; p < 2; p++) {
                ir[p] = new int[bits[p].length];
                for (int i = 0; i < bits[p].length; i++) {
                    int w = bits[p][i];
                    if (w >= map.length || map[w] < 0) {
                        throw lines.error("output wire " + w + " is never assigned");
                    }
                    ir[p][i] = map[w];
                }
            }
            return ir;
        }

        private void gate(String[] t) {
            String type = t[t.length - 1];
            if (t.length < 3) {
                throw lines.error("a gate line needs 'nin nout inputs... outputs... TYPE'");
            }
            int nin = lines.number(t[0], "number of gate inputs");
            int nout = lines.number(t[1], "number of gate outputs");
            if (t.length != 3 + (long) nin + nout) {
                throw lines.error("gate announces " + nin + " inputs and " + nout + " outputs but the line has "
                        + (t.length - 3) + " wire numbers");
            }
            switch (type) {
                case "XOR":
                case "AND": {
                    arity(type, nin, nout, 2, 1);
                    int a = in(t[2]);
                    int b = in(t[3]);
                    define(t[4], g.gate(type.equals("XOR") ? TruthTable.XOR : TruthTable.AND, a, b));
                    break;
                }
                case "INV":
                case "NOT": {
                    arity(type, nin, nout, 1, 1);
                    int a = in(t[2]);
                    define(t[3], g.gate(TruthTable.NOT, a, a));
                    break;
                }
                case "EQ": {
                    arity(type, nin, nout, 1, 1);
                    int v = lines.number(t[2], "EQ constant");
                    if (v > 1) {
                        throw lines.error("EQ constant must be 0 or 1, found " + v);
                    }
                    define(t[3], v == 0 ? GateList.ZERO : GateList.ONE);
                    break;
                }
                case "EQW": {
                    arity(type, nin, nout, 1, 1);
                    define(t[3], in(t[2]));
                    break;
                }
                case "MAND": {
                    if (nin != 2 * nout || nout == 0) {
                        throw lines.error("MAND needs 2k inputs and k outputs, found " + nin + " and " + nout);
                    }
                    int[] r = new int[nout];
                    for (int i = 0; i < nout; i++) {
                        r[i] = g.gate(TruthTable.AND, in(t[2 + i]), in(t[2 + nout + i]));
                    }
                    for (int i = 0; i < nout; i++) {
                        define(t[2 + nin + i], r[i]);
                    }
                    break;
                }
                default:
                    throw lines.error("unknown gate type '" + type + "' (expected XOR, AND, INV, NOT, EQ, EQW or MAND)");
            }
        }

        private void arity(String type, int nin, int nout, int wantIn, int wantOut) {
            if (nin != wantIn || nout != wantOut) {
                throw lines.error(type + " takes " + wantIn + " input(s) and " + wantOut + " output(s), found "
                        + nin + " and " + nout);
            }
        }

        private int wire(String token) {
            int w = lines.number(token, "wire");
            if (w >= wires) {
                throw lines.error("wire " + w + " is out of range: the circuit has " + wires + " wires");
            }
            ensure(w);
            return w;
        }

        private void ensure(int w) {
            if (w >= map.length) {
                int old = map.length;
                map = Arrays.copyOf(map, (int) Math.min(wires, Math.max(2L * old, w + 1L)));
                Arrays.fill(map, old, map.length, -1);
            }
        }

        private int in(String token) {
            int w = wire(token);
            if (map[w] < 0) {
                throw lines.error("wire " + w + " is used before it is assigned");
            }
            return map[w];
        }

        private void define(String token, int irWire) {
            int w = wire(token);
            if (map[w] >= 0) {
                throw lines.error("wire " + w + " is assigned twice");
            }
            map[w] = irWire;
        }
    }

    private static long sum(int[] a) {
        long s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
