package io.gcstream.compiler.bristol;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.internal.Limits;
import io.gcstream.circuits.internal.format.GctLines;
import io.gcstream.compiler.internal.FrontEnd;
import io.gcstream.compiler.internal.GateList;
import io.gcstream.compiler.internal.Program;
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
        if (f != CircuitFormat.BRISTOL_FASHION && f != CircuitFormat.BRISTOL_OLD) {
            throw new CircuitFormatException(file + ": is a " + f.description()
                    + ", not Bristol: read it with io.gcstream.circuits.CircuitFiles");
        }
        return f == CircuitFormat.BRISTOL_OLD ? readOld(file, options) : readFashion(file, options);
    }

    /** Reads a Bristol Fashion file. */
    public static Circuit readFashion(Path file, BristolOptions options) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return compile(new BristolParser(new Lines(in, file.toString()), false, options, Files.size(file)));
        }
    }

    /** Reads an old-format Bristol file. */
    public static Circuit readOld(Path file, BristolOptions options) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return compile(new BristolParser(new Lines(in, file.toString()), true, options, Files.size(file)));
        }
    }

    /**
     * Reads a Bristol Fashion circuit from text; {@code name} is used in messages.
     *
     * @throws CircuitFormatException if the text is malformed
     */
    static Circuit readFashion(String text, String name, BristolOptions options) {
        return fromText(text, name, false, options);
    }

    /**
     * Reads an old-format Bristol circuit from text; {@code name} is used in messages.
     *
     * @throws CircuitFormatException if the text is malformed
     */
    static Circuit readOld(String text, String name, BristolOptions options) {
        return fromText(text, name, true, options);
    }

    private static Circuit fromText(String text, String name, boolean old, BristolOptions options) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        try {
            return compile(new BristolParser(new Lines(new ByteArrayInputStream(bytes), name), old, options, bytes.length));
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
    private static Circuit compile(BristolParser p) throws IOException {
        StreamCompiler sc = new StreamCompiler(p.name());
        try {
            p.scan();
            BristolParser.Wiring w = p.replay(sc.front());
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
     * Parses into the intermediate representation without compiling (for tests): the gates
     * after the front end's rewrites, in memory. The text's length is not known here, so its
     * header numbers are checked only against each other: the caller bounds the input.
     *
     * @param old true for the old format, false for Bristol Fashion
     */
    static Program parse(Reader reader, String name, boolean old, BristolOptions options)
            throws IOException {
        return parse(reader, name, old, options, Long.MAX_VALUE);
    }

    /**
     * Parses text of {@code bytes} bytes (UTF-8): its header numbers are checked against that
     * size before anything is allocated for them.
     */
    static Program parse(Reader reader, String name, boolean old, BristolOptions options, long bytes)
            throws IOException {
        BristolParser p = new BristolParser(new Lines(utf8(reader), name), old, options, bytes);
        try {
            p.scan();
            GateList g = new GateList();
            FrontEnd f = new FrontEnd(FrontEnd.into(g), name);
            BristolParser.Wiring w = p.replay(f);
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

        /** Tokens of the line just read. */
        int count() {
            return count;
        }

        /** The text's name in messages. */
        String name() {
            return name;
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
}
