package io.gcstream.compiler.bristol;

import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.Limits;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.internal.FrontEnd;
import io.gcstream.compiler.internal.IntMap;
import io.gcstream.compiler.internal.NodeSet;
import io.gcstream.compiler.internal.Spill;
import java.io.IOException;
import java.util.Arrays;

/**
 * Parses a Bristol file (either format) for {@link BristolImporter} in bounded memory, in three
 * streaming passes. Pass 1 ({@link #scan}) reads the text once, checking everything a message must name a
 * line for, and writes the gates in a compact binary form to a spill; {@link #replay} then
 * reads that spill backward to find each wire's last read (pass 2) and the result forward
 * to give the gates to a front end (pass 3), holding only the live wires.
 */
final class BristolParser implements AutoCloseable {
    // Opcodes of the spills.
    private static final int XOR = 0;
    private static final int AND = 1;
    private static final int INV = 2;
    private static final int EQ0 = 3;
    private static final int EQ1 = 4;
    private static final int EQW = 5;
    private static final int MAND = 6;

    final BristolImporter.Lines lines;
    private final boolean old;
    private final BristolOptions options;
    private final long bytes;
    private int wires;
    private int[] outWidths;
    private Party[] outParties;
    private int[][] inputBits;
    private Spill scanned;
    private final AssignedWires assigned = new AssignedWires();

    BristolParser(BristolImporter.Lines lines, boolean old, BristolOptions options, long bytes) {
        this.lines = lines;
        this.old = old;
        this.options = options;
        this.bytes = bytes;
    }

    /** The name of the text in messages. */
    String name() {
        return lines.name();
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
        if (wires > BristolImporter.MAX_WIRES) {
            throw lines.error("the circuit has " + wires + " wires, more than the " + BristolImporter.MAX_WIRES + " supported");
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
        scanned = new Spill(lines.name());
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
        int n = lines.count();
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
        Spill marked = new Spill(lines.name());
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
}
