package io.gcstream.compiler.bristol;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.Limits;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.circuits.internal.format.GctLines;
import io.gcstream.compiler.internal.FrontEnd;
import io.gcstream.compiler.internal.GateList;
import io.gcstream.compiler.internal.IntMap;
import io.gcstream.compiler.internal.NodeSet;
import io.gcstream.compiler.internal.Program;
import io.gcstream.compiler.internal.Spill;
import io.gcstream.compiler.internal.StreamCompiler;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Reader;
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
 *
 * <p><b>A file of any size in bounded memory.</b> The text is read once, checked, and its gates
 * spilled in a compact binary form (pass 1); the spill is read backward with the set of wires
 * read later, which marks each wire's last read and drops gates nobody reads (pass 2); the
 * result is read in the file's order into the compiler's front end, each wire's value held
 * from its assignment to its last read (pass 3); the compiler's own two passes follow
 * ({@link StreamCompiler}). Memory: the live wires, the inputs and outputs, and one bit per
 * wire number used (to reject a wire assigned twice or read before it is assigned), never the
 * gates: a 10^7-gate file (270 MB) imports with {@code -Xmx64m}.
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
        try (InputStream in = Files.newInputStream(file)) {
            return compile(new Parser(new Lines(in, file.toString()), false, options, Files.size(file)));
        }
    }

    /** Reads an old-format Bristol file. */
    public static Circuit readOld(Path file, BristolOptions options) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return compile(new Parser(new Lines(in, file.toString()), true, options, Files.size(file)));
        }
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
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        try {
            return compile(new Parser(new Lines(new ByteArrayInputStream(bytes), name), old, options, bytes.length));
        } catch (IOException e) {
            // Bytes in memory do not fail; the spill file in the temporary directory can.
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /**
     * The three passes over a file (see the class comment), then the compiler's own: the
     * gates go through the front end into a {@link StreamCompiler}, whose body is ordered by AND
     * depth within its windows when that costs at most {@link #LEVEL_SLACK} slots.
     */
    private static Circuit compile(Parser p) throws IOException {
        StreamCompiler sc = new StreamCompiler(p.lines.name);
        try {
            p.scan();
            Parser.Wiring w = p.replay(sc.front());
            return sc.compile(List.of(), w.inputNodes(), w.creatorInputs(), w.outputNodes(sc.front()),
                    w.creatorOutputs(), new StreamCompiler.Options(true, LEVEL_SLACK));
        } catch (RuntimeException | Error e) {
            sc.discard();
            throw e;
        } finally {
            p.close();
        }
    }

    /**
     * Parses into the intermediate representation without compiling (for tools and tests): the
     * gates after the front end's rewrites, in memory. The text's length is not known here, so
     * its header numbers are checked only against each other: the caller bounds the input.
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
        Parser p = new Parser(new Lines(utf8(reader), name), old, options, bytes);
        try {
            p.scan();
            GateList g = new GateList();
            FrontEnd f = new FrontEnd(FrontEnd.into(g), name);
            Parser.Wiring w = p.replay(f);
            int[] outs = w.outputNodes(f);
            for (int i = 0; i < outs.length; i++) {
                outs[i]++;
            }
            g.setOutputs(outs);
            return new Program(List.of(), g, w.creatorInputs(), w.creatorOutputs());
        } finally {
            p.close();
        }
    }

    /**
     * {@code reader}'s characters as UTF-8 bytes, so that text from a reader goes through the
     * same line reader, and the same line bound, as a file. Allocates per chunk, not per line.
     */
    private static InputStream utf8(Reader reader) {
        return new InputStream() {
            private final char[] chars = new char[8192];
            /** 1 when chars[0] holds a high surrogate whose pair is still to be read. */
            private int held;
            private byte[] bytes = new byte[0];
            private int pos;

            @Override
            public int read() throws IOException {
                return fill() ? bytes[pos++] & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                if (!fill()) {
                    return -1;
                }
                int n = Math.min(len, bytes.length - pos);
                System.arraycopy(bytes, pos, b, off, n);
                pos += n;
                return n;
            }

            private boolean fill() throws IOException {
                while (pos == bytes.length) {
                    int n = reader.read(chars, held, chars.length - held);
                    if (n < 0 && held == 0) {
                        return false;
                    }
                    int end = held + Math.max(n, 0);
                    // A pair split between two reads is encoded whole, with the next chunk.
                    held = n > 0 && Character.isHighSurrogate(chars[end - 1]) ? 1 : 0;
                    bytes = new String(chars, 0, end - held).getBytes(StandardCharsets.UTF_8);
                    pos = 0;
                    if (held == 1) {
                        chars[0] = chars[end - 1];
                    }
                }
                return true;
            }

            @Override
            public void close() throws IOException {
                reader.close();
            }
        };
    }

    /**
     * True if the file is in the old format: its third non-blank line is already a gate
     * (Bristol Fashion has the output header there).
     */
    static boolean isOldFormat(Path file) throws IOException {
        return CircuitFormat.detect(file) == CircuitFormat.BRISTOL_OLD;
    }

    /**
     * Non-blank lines split on runs of whitespace, with line numbers for messages. A line's
     * tokens are found in place (start and end offsets), so a gate line costs no string per
     * number; {@link #next()} gives a header line as strings.
     */
    static final class Lines {
        private final GctLines in;
        private final String name;
        private int lineNo;
        private String line;
        private int[] start = new int[8];
        private int[] end = new int[8];
        private int count;

        /** Lines of the UTF-8 text {@code bytes}, each at most {@link GctLines#MAX_LINE} bytes as in every text format. */
        Lines(InputStream bytes, String name) {
            this(bytes, name, GctLines.MAX_LINE);
        }

        Lines(InputStream bytes, String name, int maxLine) {
            this.in = new GctLines(name, bytes, maxLine);
            this.name = name;
        }

        /** Reads the next non-blank line and splits it; returns its number of tokens, 0 at the end. */
        int tokenize() throws IOException {
            String l;
            while ((l = in.next()) != null) {
                lineNo++;
                count = 0;
                int n = l.length();
                int i = 0;
                while (true) {
                    while (i < n && Character.isWhitespace(l.charAt(i))) {
                        i++;
                    }
                    if (i == n) {
                        break;
                    }
                    if (count == start.length) {
                        start = Arrays.copyOf(start, 2 * count);
                        end = Arrays.copyOf(end, 2 * count);
                    }
                    start[count] = i;
                    while (i < n && !Character.isWhitespace(l.charAt(i))) {
                        i++;
                    }
                    end[count++] = i;
                }
                if (count > 0) {
                    line = l;
                    return count;
                }
            }
            line = null;
            count = 0;
            return 0;
        }

        /** The next non-blank line's tokens, or null at the end. */
        String[] next() throws IOException {
            int n = tokenize();
            if (n == 0) {
                return null;
            }
            String[] t = new String[n];
            for (int i = 0; i < n; i++) {
                t[i] = token(i);
            }
            return t;
        }

        String token(int i) {
            return line.substring(start[i], end[i]);
        }

        /** True if token {@code i} is {@code word}. */
        boolean is(int i, String word) {
            return end[i] - start[i] == word.length() && line.startsWith(word, start[i]);
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

        /** Token {@code i} as a non-negative int, parsed in place. */
        int number(int i, String what) {
            int v = 0;
            int s = start[i];
            int e = end[i];
            if (e - s > 9) { // nine digits cannot overflow; longer ones get parseInt's checks
                return number(token(i), what);
            }
            for (int k = s; k < e; k++) {
                int d = line.charAt(k) - '0';
                if (d < 0 || d > 9) {
                    return number(token(i), what);
                }
                v = v * 10 + d;
            }
            return v;
        }
    }

    /**
     * Pass 1 ({@link #scan}) reads the text once, checking everything a message must name a
     * line for, and writes the gates in a compact binary form to a spill; {@link #replay} then
     * reads that spill backward to find each wire's last read (pass 2) and the result forward
     * to give the gates to a front end (pass 3), holding only the live wires.
     */
    private static final class Parser implements AutoCloseable {
        // Opcodes of the spills.
        private static final int XOR = 0;
        private static final int AND = 1;
        private static final int INV = 2;
        private static final int EQ0 = 3;
        private static final int EQ1 = 4;
        private static final int EQW = 5;
        private static final int MAND = 6;

        final Lines lines;
        private final boolean old;
        private final BristolOptions options;
        private final long bytes;
        private int wires;
        private int[] outWidths;
        private Party[] outParties;
        private int[][] inputBits;
        private Spill scanned;
        private final AssignedWires assigned = new AssignedWires();

        Parser(Lines lines, boolean old, BristolOptions options, long bytes) {
            this.lines = lines;
            this.old = old;
            this.options = options;
            this.bytes = bytes;
        }

        @Override
        public void close() {
            if (scanned != null) {
                scanned.close();
            }
        }

        /** Pass 1: the header and every gate line checked; the gates spilled. */
        void scan() throws IOException {
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
            outParties = options.outputPartiesFor(outWidths.length, where);
            inputBits = assign(inWidths, inParties, 0);
            for (int[] bits : inputBits) {
                for (int w : bits) {
                    assigned.set(w);
                }
            }
            scanned = new Spill(lines.name);
            int read = 0;
            while (read < gates) {
                if (lines.tokenize() == 0) {
                    throw new CircuitFormatException(lines.where() + ": truncated: the header announces "
                            + gates + " gates but the file ends after " + read);
                }
                gate();
                read++;
            }
            if (lines.next() != null) {
                throw lines.error("more lines than the " + gates + " gates the header announces");
            }
            for (int w = wires - (int) totalOut; w < wires; w++) {
                if (!assigned.get(w)) {
                    throw lines.error("output wire " + w + " is never assigned");
                }
            }
            scanned.finish();
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

        /**
         * Checks the gate line just tokenized and spills it. A gate is its wires then its
         * opcode, the opcode last so that the spill can be read backward: XOR/AND {@code c,
         * zz(c−a), zz(c−b)}; INV and EQW {@code c, zz(c−a)}; EQ {@code c}; MAND of k ANDs
         * {@code a1..ak, b1..bk, c1..ck, k}.
         */
        private void gate() {
            int n = lines.count;
            if (n < 3) {
                throw lines.error("a gate line needs 'nin nout inputs... outputs... TYPE'");
            }
            int nin = lines.number(0, "number of gate inputs");
            int nout = lines.number(1, "number of gate outputs");
            if (n != 3 + (long) nin + nout) {
                throw lines.error("gate announces " + nin + " inputs and " + nout + " outputs but the line has "
                        + (n - 3) + " wire numbers");
            }
            int type = n - 1;
            if (lines.is(type, "XOR") || lines.is(type, "AND")) {
                boolean xor = lines.is(type, "XOR");
                arity(xor ? "XOR" : "AND", nin, nout, 2, 1);
                int a = in(2);
                int b = in(3);
                int c = define(4);
                binary(c, a, b, xor ? XOR : AND);
            } else if (lines.is(type, "INV") || lines.is(type, "NOT")) {
                arity(lines.token(type), nin, nout, 1, 1);
                int a = in(2);
                unary(define(3), a, INV);
            } else if (lines.is(type, "EQ")) {
                arity("EQ", nin, nout, 1, 1);
                int v = lines.number(2, "EQ constant");
                if (v > 1) {
                    throw lines.error("EQ constant must be 0 or 1, found " + v);
                }
                scanned.write(define(3));
                scanned.write(v == 0 ? EQ0 : EQ1);
            } else if (lines.is(type, "EQW")) {
                arity("EQW", nin, nout, 1, 1);
                int a = in(2);
                unary(define(3), a, EQW);
            } else if (lines.is(type, "MAND")) {
                if (nin != 2 * nout || nout == 0) {
                    throw lines.error("MAND needs 2k inputs and k outputs, found " + nin + " and " + nout);
                }
                for (int i = 0; i < nin; i++) {
                    scanned.write(in(2 + i));
                }
                for (int i = 0; i < nout; i++) {
                    scanned.write(define(2 + nin + i));
                }
                scanned.write(nout);
                scanned.write(MAND);
            } else {
                throw lines.error("unknown gate type '" + lines.token(type)
                        + "' (expected XOR, AND, INV, NOT, EQ, EQW or MAND)");
            }
        }

        private void binary(int c, int a, int b, int op) {
            scanned.write(c);
            scanned.write(zigzag(c - a));
            scanned.write(zigzag(c - b));
            scanned.write(op);
        }

        private void unary(int c, int a, int op) {
            scanned.write(c);
            scanned.write(zigzag(c - a));
            scanned.write(op);
        }

        private void arity(String type, int nin, int nout, int wantIn, int wantOut) {
            if (nin != wantIn || nout != wantOut) {
                throw lines.error(type + " takes " + wantIn + " input(s) and " + wantOut + " output(s), found "
                        + nin + " and " + nout);
            }
        }

        private int wire(int token) {
            int w = lines.number(token, "wire");
            if (w >= wires) {
                throw lines.error("wire " + w + " is out of range: the circuit has " + wires + " wires");
            }
            return w;
        }

        private int in(int token) {
            int w = wire(token);
            if (!assigned.get(w)) {
                throw lines.error("wire " + w + " is used before it is assigned");
            }
            return w;
        }

        private int define(int token) {
            int w = wire(token);
            if (assigned.get(w)) {
                throw lines.error("wire " + w + " is assigned twice");
            }
            assigned.set(w);
            return w;
        }

        /** The inputs' and outputs' nodes, after {@link #replay}. */
        record Wiring(int[] inputNodes, int creatorInputs, int[] outputLiterals, int creatorOutputs) {
            /** The outputs as nodes, made where needed (constants, negations). */
            int[] outputNodes(FrontEnd f) {
                return f.nodes(outputLiterals, inputNodes.length > 0 ? inputNodes[0] : 0);
            }
        }

        /**
         * Passes 2 and 3: last reads found backward, then the gates given to {@code f} in the
         * file's order with each wire's value held from its assignment to its last read. Gates
         * none of whose results is read or an output are left out.
         */
        Wiring replay(FrontEnd f) {
            int totalOut = (int) sum(outWidths);
            int[][] outBits = assign(outWidths, outParties, wires - totalOut);
            Spill marked = new Spill(lines.name);
            try {
                lastReads(outBits, marked);
                scanned.close();
                scanned = null;
                marked.finish();
                return forward(f, marked, outBits);
            } finally {
                marked.close();
            }
        }

        /**
         * Pass 2: reads the scanned gates backward with the set of wires read later, and writes
         * them (last first) with a mark on each read that is the wire's last: a gate is
         * {@code c, (zz(c−a) << 1 | last)...} then its opcode, MAND split into its ANDs.
         */
        private void lastReads(int[][] outBits, Spill out) {
            NodeSet live = new NodeSet();
            for (int[] bits : outBits) {
                for (int w : bits) {
                    live.add(w);
                }
            }
            Spill.Backward in = scanned.backward();
            int[] m = new int[48];
            while (in.hasMore()) {
                int op = in.read();
                switch (op) {
                    case XOR, AND -> {
                        int db = unzigzag(in.read());
                        int da = unzigzag(in.read());
                        int c = in.read();
                        if (live.remove(c)) {
                            markBinary(out, live, op, c, c - da, c - db);
                        }
                    }
                    case INV, EQW -> {
                        int da = unzigzag(in.read());
                        int c = in.read();
                        if (live.remove(c)) {
                            int a = c - da;
                            out.write(c);
                            out.write(((long) zigzag(da) << 1) | (live.add(a) ? 1 : 0));
                            out.write(op);
                        }
                    }
                    case EQ0, EQ1 -> {
                        int c = in.read();
                        if (live.remove(c)) {
                            out.write(c);
                            out.write(op);
                        }
                    }
                    default -> { // MAND
                        int k = in.read();
                        if (m.length < 3 * k) {
                            m = new int[3 * k];
                        }
                        for (int i = 3 * k - 1; i >= 0; i--) {
                            m[i] = in.read();
                        }
                        for (int i = k - 1; i >= 0; i--) {
                            int c = m[2 * k + i];
                            if (live.remove(c)) {
                                markBinary(out, live, AND, c, m[i], m[k + i]);
                            }
                        }
                    }
                }
            }
        }

        private static void markBinary(Spill out, NodeSet live, int op, int c, int a, int b) {
            out.write(c);
            out.write(((long) zigzag(c - a) << 1) | (live.add(a) ? 1 : 0));
            out.write(((long) zigzag(c - b) << 1) | (live.add(b) ? 1 : 0));
            out.write(op);
        }

        /** Pass 3: the marked gates in the file's order into the front end. */
        private Wiring forward(FrontEnd f, Spill marked, int[][] outBits) {
            IntMap value = new IntMap();
            int creatorInputs = inputBits[0].length;
            int[] inputNodes = new int[inputBits[0].length + inputBits[1].length];
            int k = 0;
            for (int[] bits : inputBits) {
                for (int w : bits) {
                    int lit = f.input();
                    inputNodes[k++] = lit >>> 1;
                    value.put(w, lit);
                }
            }
            inputBits = null;
            Spill.Backward in = marked.backward();
            while (in.hasMore()) {
                int op = in.read();
                switch (op) {
                    case XOR, AND -> {
                        long xb = in.readLong();
                        long xa = in.readLong();
                        int c = in.read();
                        int a = c - unzigzag((int) (xa >>> 1));
                        int b = c - unzigzag((int) (xb >>> 1));
                        int la = value.get(a, -1);
                        int lb = value.get(b, -1);
                        forget(value, a, xa);
                        forget(value, b, xb);
                        value.put(c, f.gate(op == XOR ? TruthTable.XOR : TruthTable.AND, la, lb));
                    }
                    case INV, EQW -> {
                        long xa = in.readLong();
                        int c = in.read();
                        int a = c - unzigzag((int) (xa >>> 1));
                        int la = value.get(a, -1);
                        forget(value, a, xa);
                        value.put(c, op == INV ? la ^ 1 : la);
                    }
                    default -> value.put(in.read(), op == EQ1 ? 1 : 0); // EQ0, EQ1
                }
            }
            int[] outs = new int[outBits[0].length + outBits[1].length];
            k = 0;
            for (int[] bits : outBits) {
                for (int w : bits) {
                    outs[k++] = value.get(w, -1);
                }
            }
            return new Wiring(inputNodes, creatorInputs, outs, outBits[0].length);
        }

        /** Drops wire {@code a}'s value if the marked read {@code x} is its last. */
        private static void forget(IntMap value, int a, long x) {
            if ((x & 1) != 0) {
                value.remove(a, -1);
            }
        }
    }

    /**
     * One bit per Bristol wire: assigned yet? In pages of 2^16 wires made when first touched,
     * so memory follows the wire numbers used (an eighth of a byte each), not the header.
     */
    private static final class AssignedWires {
        private long[][] pages = new long[1][];

        boolean get(int w) {
            int p = w >>> 16;
            return p < pages.length && pages[p] != null && (pages[p][(w >>> 6) & 1023] & (1L << w)) != 0;
        }

        void set(int w) {
            int p = w >>> 16;
            if (p >= pages.length) {
                pages = Arrays.copyOf(pages, Math.max(p + 1, 2 * pages.length));
            }
            if (pages[p] == null) {
                pages[p] = new long[1024];
            }
            pages[p][(w >>> 6) & 1023] |= 1L << w;
        }
    }

    private static int zigzag(int n) {
        return (n << 1) ^ (n >> 31);
    }

    private static int unzigzag(int n) {
        return (n >>> 1) ^ -(n & 1);
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
