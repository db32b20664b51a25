package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.internal.AbstractInstructionReader;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.BodySource;
import io.gcstream.circuits.internal.FrameChecker;
import io.gcstream.circuits.internal.Limits;
import io.gcstream.circuits.internal.SubCircuit;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the text circuit format {@code .gct}: the paper's Fig. 2 syntax extended with
 * sub-circuit definitions and calls (grammar in docs/formats.md).
 *
 * <p>Definitions and the header are parsed when the file is opened, and the main body is
 * checked in one streaming pass right away (which also yields the gate counts), so a malformed
 * file is rejected before anything runs. Afterwards each {@link Circuit#openBody()} reopens the
 * file at the first body line and streams it again, checking as it goes.
 *
 * <p>What the text's ranges {@code a-b} stand for is bounded by the file's size
 * ({@link Limits#allowance}, docs/formats.md "Limits"): the slots named by the header lists
 * and by the calls inside definitions (which are held in memory) together, and the label slots
 * of every frame chain. S is checked against that before a frame is allocated, and against
 * what the body fills at its end ({@link FrameChecker#checkNumSlots}).
 *
 * <p>Every error is a {@link CircuitFormatException} whose message starts with
 * {@code file:line:}.
 */
public final class GctReader {
    /** The six keywords of the main header, in the order the writer uses. */
    static final List<String> MAIN_KEYS = List.of("inputsCreator", "inputsEvaluator",
            "outputsCreator", "outputsEvaluator", "numberOfRegisters", "numberOfGates");
    /** The four keywords of a sub-circuit definition. */
    static final List<String> DEF_KEYS = List.of("inputs", "outputs", "numberOfRegisters",
            "numberOfGates");

    /**
     * The two text dialects: .gct, and ME-SFE's .mec (comma-separated slot lists, keywords in
     * any case, two-input gates only, no sub-circuits).
     */
    enum Dialect {
        GCT, MEC
    }

    /** Reopens the text at a byte offset. */
    private interface Source {
        InputStream open(long offset) throws IOException;
    }

    /**
     * What the file's ranges may still stand for: slots named by header lists and by calls
     * held in memory, charged as they are parsed, before anything is allocated for them.
     */
    private static final class Allowance {
        final long bytes;
        final long limit;
        long used;

        Allowance(long bytes) {
            this.bytes = bytes;
            this.limit = Limits.allowance(bytes);
        }

        void charge(long slots, String where) {
            used += slots;
            if (used > limit) {
                throw error(where, "the file's slot lists name " + used + " slots so far, more than a"
                        + " text circuit of " + bytes + " bytes may name (" + describe() + ")");
            }
        }

        /** A body's S, against the same limit (its frame alone needs S label slots). */
        void checkRegisters(int numSlots, String what, String where) {
            if (numSlots > limit) {
                throw error(where, what + ": numberOfRegisters " + numSlots + " is more than a text"
                        + " circuit of " + bytes + " bytes may declare (" + describe() + ")");
            }
        }

        /** The label slots a frame chain needs, against the same limit. */
        void checkLabelSlots(long labelSlots, String what, String where) {
            if (labelSlots > limit) {
                throw error(where, what + " needs " + labelSlots + " label slots, more than a text"
                        + " circuit of " + bytes + " bytes may declare (" + describe() + ")");
            }
        }

        String describe() {
            return Limits.describeAllowance(bytes);
        }
    }

    private GctReader() {
    }

    /** Opens a .gct file; the body is streamed from it on each pass. */
    public static Circuit open(Path file) throws IOException {
        return open(file, Dialect.GCT);
    }

    static Circuit open(Path file, Dialect dialect) throws IOException {
        return parse(file.toString(), dialect, Files.size(file), offset -> {
            InputStream in = Files.newInputStream(file);
            try {
                in.skipNBytes(offset);
            } catch (IOException e) {
                in.close();
                throw e;
            }
            return in;
        });
    }

    /** Same as {@link #open(Path)}. */
    public static Circuit read(Path file) throws IOException {
        return open(file);
    }

    /** Reads a whole text circuit from {@code reader}; {@code name} names it in errors. */
    public static Circuit read(Reader reader, String name) throws IOException {
        StringWriter w = new StringWriter();
        reader.transferTo(w);
        return parse(name, w.toString());
    }

    /** Parses text held in a string; {@code name} names it in errors. */
    public static Circuit parse(String name, String text) throws IOException {
        return parse(name, text, Dialect.GCT);
    }

    static Circuit parse(String name, String text, Dialect dialect) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return parse(name, dialect, bytes.length, offset -> new ByteArrayInputStream(bytes, (int) offset,
                bytes.length - (int) offset));
    }

    private static Circuit parse(String name, Dialect dialect, long size, Source source) throws IOException {
        Head head;
        long bodyOffset;
        int bodyLine;
        try (GctLines lines = new GctLines(name, source.open(0), 0, 0)) {
            head = new Head(name, lines, dialect, new Allowance(size));
            head.parse();
            bodyOffset = lines.offset();
            bodyLine = lines.lineNo();
        }
        // The header and definitions are held in memory; the main body is read from the file on
        // every pass, so its bytes are recorded by this first pass and every later pass must
        // read the same (RangeDigest): a file changed meanwhile fails, it never gives another circuit.
        RangeDigest.Pass recording = RangeDigest.record(name, bodyOffset);
        LineBody first = head.mainBody(new GctLines(name, recording.wrap(source.open(bodyOffset)), bodyOffset,
                bodyLine));
        try (first) {
            while (first.next()) {
                // one checking pass, for the counts and to reject bad input before any run
            }
        }
        RangeDigest recorded = recording.finish();
        // Checked at each call already; this restates the invariant the engine relies on.
        head.allowance.checkLabelSlots(head.numSlots + first.deepestCall, "main circuit", head.registersWhere);
        List<SubCircuit> subs = List.copyOf(head.subs);
        BodySource body = () -> head.mainBody(new GctLines(name, recorded.verify().wrap(source.open(bodyOffset)),
                bodyOffset, bodyLine));
        return new Circuit(head.creatorInputs, head.evaluatorInputs, head.creatorOutputs,
                head.evaluatorOutputs, head.numSlots, subs, head.numberOfGates, first.gates,
                first.nonLinear, head.numSlots + first.deepestCall, body, null);
    }

    /** A keyword line's value and where it was. */
    private record Value(String text, String where) {
    }

    /** Parses the definitions and the main header. */
    private static final class Head {
        final String file;
        final GctLines lines;
        final Dialect dialect;
        final Allowance allowance;
        final List<SubCircuit> subs = new ArrayList<>();
        final Map<String, Integer> names = new HashMap<>();
        int[] creatorInputs;
        int[] evaluatorInputs;
        int[] creatorOutputs;
        int[] evaluatorOutputs;
        int numSlots;
        long numberOfGates;
        String outputsWhere;
        String registersWhere;

        Head(String file, GctLines lines, Dialect dialect, Allowance allowance) {
            this.file = file;
            this.lines = lines;
            this.dialect = dialect;
            this.allowance = allowance;
        }

        void parse() throws IOException {
            Map<String, Value> keys = new LinkedHashMap<>();
            while (keys.size() < MAIN_KEYS.size()) {
                String raw = lines.next();
                if (raw == null) {
                    throw error(file + ":" + lines.lineNo(), "file ends before the header is complete: missing "
                            + missing(MAIN_KEYS, keys));
                }
                String s = strip(raw);
                if (s.isEmpty()) {
                    continue;
                }
                if (s.equals("circuit") || s.startsWith("circuit ") || s.startsWith("circuit\t")) {
                    if (dialect == Dialect.MEC) {
                        throw error(lines.where(), "sub-circuit definitions are not part of the .mec"
                                + " format (use .gct)");
                    }
                    if (!keys.isEmpty()) {
                        throw error(lines.where(), "sub-circuit definitions must come before the main header");
                    }
                    definition(s.substring("circuit".length()).trim());
                } else {
                    keyword(s, MAIN_KEYS, keys, "main header");
                }
            }
            numSlots = number(keys.get("numberOfRegisters"));
            registersWhere = keys.get("numberOfRegisters").where;
            allowance.checkRegisters(numSlots, "main circuit", registersWhere);
            numberOfGates = longNumber(keys.get("numberOfGates"));
            creatorInputs = list(keys.get("inputsCreator"));
            evaluatorInputs = list(keys.get("inputsEvaluator"));
            creatorOutputs = list(keys.get("outputsCreator"));
            evaluatorOutputs = list(keys.get("outputsEvaluator"));
            outputsWhere = keys.get("outputsEvaluator").where;
            mainChecker(keys.get("inputsEvaluator").where);
        }

        private int[] list(Value v) {
            return dialect == Dialect.MEC ? commaList(v.text, v.where) : slotList(v, numSlots, allowance);
        }

        FrameChecker mainChecker(String where) {
            try {
                return FrameChecker.ofMain(numSlots, creatorInputs, evaluatorInputs, subs);
            } catch (CircuitFormatException e) {
                throw error(where, e.getMessage());
            }
        }

        LineBody mainBody(GctLines in) {
            FrameChecker checker = mainChecker(file);
            return new LineBody(in, dialect, "main circuit", checker, subs, names, null, numberOfGates, null,
                    outputs -> {
                        checker.finish(creatorOutputs, "creator output", outputs);
                        checker.finish(evaluatorOutputs, "evaluator output", outputs);
                        checker.checkNumSlots(registersWhere);
                    }, outputsWhere, numSlots, allowance);
        }

        private void definition(String name) throws IOException {
            String where = lines.where();
            if (!SubCircuitNames.isValid(name)) {
                throw error(where, "bad sub-circuit name '" + name + "': expected " + SubCircuitNames.RULE);
            }
            if (names.containsKey(name)) {
                throw error(where, "sub-circuit '" + name + "' is defined twice");
            }
            String what = "sub-circuit " + name;
            Map<String, Value> keys = new LinkedHashMap<>();
            while (keys.size() < DEF_KEYS.size()) {
                String raw = lines.next();
                if (raw == null) {
                    throw error(file + ":" + lines.lineNo(), "file ends inside the header of " + what);
                }
                String s = strip(raw);
                if (!s.isEmpty()) {
                    keyword(s, DEF_KEYS, keys, what);
                }
            }
            int s = number(keys.get("numberOfRegisters"));
            String sWhere = keys.get("numberOfRegisters").where;
            allowance.checkRegisters(s, what, sWhere);
            long n = longNumber(keys.get("numberOfGates"));
            int[] inputs = slotList(keys.get("inputs"), s, allowance);
            int[] outputs = slotList(keys.get("outputs"), s, allowance);
            FrameChecker checker;
            try {
                checker = new FrameChecker(what, s, inputs, subs, true);
            } catch (CircuitFormatException e) {
                throw error(keys.get("inputs").where, e.getMessage());
            }
            Body.Builder body = new Body.Builder();
            LineBody r = new LineBody(lines, Dialect.GCT, what, checker, subs, names, name, n, body,
                    at -> {
                        checker.finish(outputs, "output", at);
                        checker.checkNumSlots(sWhere);
                    }, keys.get("outputs").where, s, allowance);
            while (r.next()) {
                // collected into body
            }
            Body b = body.build();
            int index = subs.size();
            subs.add(new SubCircuit(name, inputs, outputs, s, n, r.gates, r.nonLinear,
                    s + r.deepestCall, checker.depth(), () -> b));
            names.put(name, index);
        }

        private void keyword(String s, List<String> allowed, Map<String, Value> keys, String what) {
            int colon = s.indexOf(':');
            if (colon < 0) {
                throw error(lines.where(), "expected a " + what + " keyword (missing "
                        + missing(allowed, keys) + ") but found '" + s + "'");
            }
            String key = s.substring(0, colon).trim();
            if (dialect == Dialect.MEC) {
                for (String k : allowed) {
                    if (k.equalsIgnoreCase(key)) {
                        key = k; // ME-SFE reads its keywords in any case
                    }
                }
            }
            if (!allowed.contains(key)) {
                boolean other = MAIN_KEYS.contains(key) || DEF_KEYS.contains(key);
                throw error(lines.where(), (other ? "keyword '" + key + "' does not belong in the "
                        + what : "unknown keyword '" + key + "'") + " (expected one of " + allowed + ")");
            }
            if (keys.containsKey(key)) {
                throw error(lines.where(), "keyword '" + key + "' appears twice in the " + what);
            }
            keys.put(key, new Value(s.substring(colon + 1).trim(), lines.where()));
        }
    }

    private static String missing(List<String> allowed, Map<String, Value> keys) {
        List<String> m = new ArrayList<>();
        for (String k : allowed) {
            if (!keys.containsKey(k)) {
                m.add("'" + k + ":'");
            }
        }
        return String.join(", ", m);
    }

    /** The line without its comment and surrounding blanks. */
    static String strip(String raw) {
        int c = raw.indexOf("//");
        return (c >= 0 ? raw.substring(0, c) : raw).strip();
    }

    static CircuitFormatException error(String where, String message) {
        return new CircuitFormatException(where + ": " + message);
    }

    private static int number(Value v) {
        long n = longNumber(v);
        if (n > Integer.MAX_VALUE) {
            throw error(v.where, "number " + n + " is too large (at most " + Integer.MAX_VALUE + ")");
        }
        return (int) n;
    }

    private static long longNumber(Value v) {
        if (v.text.isEmpty() || v.text.contains(" ")) {
            throw error(v.where, "expected one number but found '" + v.text + "'");
        }
        return parseLong(v.text, v.where);
    }

    /** A non-negative decimal number. */
    static long parseLong(String tok, String where) {
        if (tok.isEmpty() || tok.length() > 18) {
            throw error(where, "bad number '" + tok + "'");
        }
        long n = 0;
        for (int i = 0; i < tok.length(); i++) {
            char ch = tok.charAt(i);
            if (ch < '0' || ch > '9') {
                throw error(where, "bad number '" + tok + "'");
            }
            n = n * 10 + (ch - '0');
        }
        return n;
    }

    static int parseInt(String tok, String where) {
        long n = parseLong(tok, where);
        if (n > Integer.MAX_VALUE) {
            throw error(where, "bad number '" + tok + "': too large");
        }
        return (int) n;
    }

    private static int[] slotList(Value v, int numSlots, Allowance allowance) {
        Ranges r = Ranges.parse(v.text, v.where, numSlots);
        allowance.charge(r.count, v.where);
        return r.slots();
    }

    /**
     * Whitespace-separated slots and inclusive ranges {@code a-b} ({@code a <= b}), parsed and
     * counted before they are expanded; a range must lie below {@code numSlots}.
     */
    private record Ranges(int[] first, int[] last, long count) {
        static Ranges parse(String text, String where, int numSlots) {
            if (text.isEmpty()) {
                return new Ranges(new int[0], new int[0], 0);
            }
            String[] toks = text.split("\\s+");
            int[] first = new int[toks.length];
            int[] last = new int[toks.length];
            long count = 0;
            for (int i = 0; i < toks.length; i++) {
                String t = toks[i];
                int dash = t.indexOf('-');
                int a;
                int b;
                if (dash < 0) {
                    a = parseInt(t, where);
                    b = a;
                } else {
                    a = parseInt(t.substring(0, dash), where);
                    b = parseInt(t.substring(dash + 1), where);
                    if (a > b) {
                        throw error(where, "bad range '" + t + "': the first slot must not exceed the last");
                    }
                    if (b >= numSlots) {
                        throw error(where, "range '" + t + "' is out of range: numberOfRegisters is " + numSlots);
                    }
                }
                first[i] = a;
                last[i] = b;
                count += (long) b - a + 1;
            }
            return new Ranges(first, last, count);
        }

        /** The slots, expanded; the caller has checked {@link #count} against what it expects. */
        int[] slots() {
            if (count > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("a slot list of " + count + " entries");
            }
            int[] out = new int[(int) count];
            int n = 0;
            for (int i = 0; i < first.length; i++) {
                for (int s = first[i]; ; s++) {
                    out[n++] = s;
                    if (s == last[i]) {
                        break;
                    }
                }
            }
            return out;
        }
    }

    /**
     * A .mec slot list: slots separated by commas (blanks around them allowed), no ranges; an
     * empty text is the empty list. Its length is bounded by the line's.
     */
    static int[] commaList(String text, String where) {
        if (text.isEmpty()) {
            return new int[0];
        }
        String[] toks = text.split(",", -1);
        int[] out = new int[toks.length];
        for (int i = 0; i < toks.length; i++) {
            String t = toks[i].strip();
            if (t.isEmpty()) {
                throw error(where, "empty entry in the slot list '" + shorten(text)
                        + "' (.mec separates slots by single commas)");
            }
            out[i] = parseInt(t, where);
        }
        return out;
    }

    private static String shorten(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }

    /** What to check once a body has been read completely. */
    private interface Finish {
        void run(java.util.function.Supplier<String> where);
    }

    /**
     * Reads one body line by line, checking each instruction. A sub-circuit body ends with
     * {@code end}; the main body ends at the end of the file.
     */
    private static final class LineBody extends AbstractInstructionReader
            implements java.util.function.Supplier<String> {
        private final GctLines lines;
        private final Dialect dialect;
        private final String what;
        private final FrameChecker checker;
        private final List<SubCircuit> subs;
        private final Map<String, Integer> names;
        private final String self;
        private final long count;
        private final Body.Builder collect;
        private final Finish finish;
        private final String outputsWhere;
        private final int numSlots;
        private final Allowance allowance;
        private long index;
        private boolean done;
        long gates;
        long nonLinear;
        long deepestCall;

        LineBody(GctLines lines, Dialect dialect, String what, FrameChecker checker, List<SubCircuit> subs,
                Map<String, Integer> names, String self, long count, Body.Builder collect,
                Finish finish, String outputsWhere, int numSlots, Allowance allowance) {
            this.lines = lines;
            this.allowance = allowance;
            this.dialect = dialect;
            this.numSlots = numSlots;
            this.what = what;
            this.checker = checker;
            this.subs = subs;
            this.names = names;
            this.self = self;
            this.count = count;
            this.collect = collect;
            this.finish = finish;
            this.outputsWhere = outputsWhere;
        }

        @Override
        public boolean next() throws IOException {
            if (done) {
                return false;
            }
            String s = nextLine();
            if (index == count) {
                end(s);
                return false;
            }
            if (s == null || (self != null && s.equals("end"))) {
                throw error(s == null ? lines.where() : lines.where(), what + ": numberOfGates is "
                        + count + " but the body has " + index + " instructions");
            }
            index++;
            if (s.startsWith("call ") || s.startsWith("call\t") || s.equals("call")) {
                if (dialect == Dialect.MEC) {
                    throw error(lines.where(), "sub-circuit calls are not part of the .mec format (use .gct)");
                }
                parseCall(s);
            } else {
                parseGate(s);
            }
            return true;
        }

        private String nextLine() throws IOException {
            while (true) {
                String raw = lines.next();
                if (raw == null) {
                    return null;
                }
                String s = strip(raw);
                if (!s.isEmpty()) {
                    return s;
                }
            }
        }

        private void end(String s) {
            done = true;
            if (self != null) {
                if (s == null) {
                    throw error(lines.where(), "file ends inside " + what + ": expected 'end'");
                }
                if (!s.equals("end")) {
                    throw error(lines.where(), what + ": expected 'end' after its " + count
                            + " instructions (numberOfGates) but found '" + s + "'");
                }
            } else if (s != null) {
                throw error(lines.where(), what + ": trailing content after the " + count
                        + " instructions declared by numberOfGates: '" + s + "'");
            }
            finish.run(() -> outputsWhere);
        }

        private void parseGate(String s) {
            String[] parts = s.split(";", -1);
            if (parts.length != 3) {
                throw error(lines.where(), (dialect == Dialect.MEC ? "expected a gate 'out;in1,in2;table'"
                        : "expected a gate 'out;in1,in2;table', a call 'call name ... -> ...'"
                        + (self != null ? " or 'end'" : "")) + " but found '" + s + "'");
            }
            String where = lines.where();
            int o = parseInt(parts[0].strip(), where);
            String[] ins = parts[1].split(",", -1);
            int t = parseInt(parts[2].strip(), where);
            int a;
            int b;
            if (ins.length == 1 && dialect == Dialect.MEC) {
                throw error(where, "a .mec gate has two inputs: expected 'out;in1,in2;table' but found '"
                        + s + "'");
            } else if (ins.length == 1) {
                a = parseInt(ins[0].strip(), where);
                b = a;
                if (t > 3) {
                    throw error(where, "bad truth table " + t + " for a one-input gate (expected 0..3:"
                            + " 1 = copy, 2 = not)");
                }
                // Two bits f(0) f(1) become four bits f(0,0) f(0,1) f(1,0) f(1,1) of f(a, a).
                t = ((t >> 1) * 12) | ((t & 1) * 3);
            } else if (ins.length == 2) {
                a = parseInt(ins[0].strip(), where);
                b = parseInt(ins[1].strip(), where);
                if (t > 15) {
                    throw error(where, "bad truth table " + t + " (expected 0..15)");
                }
            } else {
                throw error(where, "a gate has one or two inputs, not " + ins.length);
            }
            checker.gate(o, a, b, t, this);
            gate(t, o, a, b);
            gates++;
            nonLinear += Integer.bitCount(t) & 1;
            if (collect != null) {
                collect.gate(o, a, b, t);
            }
        }

        private void parseCall(String s) {
            String where = lines.where();
            String rest = s.substring(4).strip();
            int sp = rest.indexOf(' ');
            int tab = rest.indexOf('\t');
            int cut = sp < 0 ? tab : tab < 0 ? sp : Math.min(sp, tab);
            String name = cut < 0 ? rest : rest.substring(0, cut);
            String args = cut < 0 ? "" : rest.substring(cut).strip();
            if (name.isEmpty()) {
                throw error(where, "call without a sub-circuit name");
            }
            Integer idx = names.get(name);
            if (name.equals(self)) {
                throw error(where, what + " calls itself (recursive calls are not allowed)");
            }
            if (idx == null) {
                throw error(where, "call of undefined sub-circuit '" + name
                        + "' (a sub-circuit must be defined before the body that calls it)");
            }
            int arrow = args.indexOf("->");
            if (arrow < 0 || args.indexOf("->", arrow + 2) >= 0) {
                throw error(where, "a call needs exactly one '->' between input and output slots");
            }
            SubCircuit sub = subs.get(idx);
            Ranges inRanges = Ranges.parse(args.substring(0, arrow).strip(), where, numSlots);
            Ranges outRanges = Ranges.parse(args.substring(arrow + 2).strip(), where, numSlots);
            if (inRanges.count() != sub.inputCount()) {
                throw error(where, "call of " + name + " gives " + inRanges.count() + " input slots but "
                        + name + " takes " + sub.inputCount());
            }
            if (outRanges.count() != sub.outputCount()) {
                throw error(where, "call of " + name + " gives " + outRanges.count() + " output slots but "
                        + name + " returns " + sub.outputCount());
            }
            allowance.checkLabelSlots(numSlots + sub.frameDepth(), what + ": call of " + name, where);
            if (collect != null) {
                // A definition's body is held in memory: its calls' slots count against the file.
                allowance.charge(inRanges.count() + outRanges.count(), where);
            }
            int[] ins = inRanges.slots();
            int[] outs = outRanges.slots();
            int n = ins.length + outs.length;
            int[] slots = call(idx, n);
            System.arraycopy(ins, 0, slots, 0, ins.length);
            System.arraycopy(outs, 0, slots, ins.length, outs.length);
            checker.call(idx, slots, n, this);
            try {
                gates = Math.addExact(gates, sub.gateCount());
                nonLinear = Math.addExact(nonLinear, sub.nonLinearCount());
            } catch (ArithmeticException e) {
                throw error(where, "expanded gate count overflows 63 bits");
            }
            deepestCall = Math.max(deepestCall, sub.frameDepth());
            if (collect != null) {
                collect.call(idx, ins, outs);
            }
        }









        @Override
        public String position() {
            return lines.where();
        }

        @Override
        public String get() {
            return lines.where();
        }

        @Override
        public void close() throws IOException {
            if (self == null) {
                lines.close();
            }
        }
    }
}
