package io.gcstream.cli;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Type;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.engine.GarbledValue;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.RunResult;
import io.gcstream.engine.RunSpec;
import io.gcstream.engine.SessionException;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.Channel;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * One party's side of the minimum of N values held by the two parties (the paper's §4.2.4), by
 * one of its three strategies:
 * <ul>
 *   <li>(a) one circuit over all values: all inputs at once;</li>
 *   <li>(b) one value per run, compared with the running minimum, which stays garbled between
 *       runs;</li>
 *   <li>(c) a chunk of k values per run against the running minimum kept garbled.</li>
 * </ul>
 * The creator's values come first, then the evaluator's. A run takes values of one party only
 * (its chunk circuit: the running minimum and k values of that party in, the new minimum out,
 * kept); the first run takes the running minimum fresh, as the first value. A last run with no
 * gates reveals the minimum to both. Memory of (b) and (c) does not grow with N: values are read
 * from the file chunk by chunk and only the running minimum's labels are kept. The chunk circuits
 * are built once per size and reused.
 */
final class MinimumRunner {
    /** The three strategies. */
    enum Strategy {
        A, B, C;

        static Strategy parse(String s) {
            switch (s.toLowerCase(Locale.ROOT)) {
                case "a":
                    return A;
                case "b":
                    return B;
                case "c":
                    return C;
                default:
                    throw new UserError("--strategy must be a, b or c, not '" + s + "'");
            }
        }
    }

    /** What one party got and what it cost; {@code maxLabelSlots}: the most labels any run held. */
    record Result(Party role, long minimum, long runs, long nanos, long bytesSent, long bytesReceived,
            long nonLinearGates, long maxLabelSlots) {
    }

    /** "MIN1": the first bytes each party sends, with its count and settings. */
    private static final int MAGIC = 0x314e494d;

    private final int bits;
    private final Strategy strategy;
    private final int chunk;
    private final Map<String, Circuit> circuits = new HashMap<>();

    MinimumRunner(int bits, Strategy strategy, int chunk) {
        if (bits < 1 || bits > 62) {
            throw new UserError("--bits must be 1..62, not " + bits);
        }
        if (chunk < 1) {
            throw new UserError("--chunk must be at least 1, not " + chunk);
        }
        this.bits = bits;
        this.strategy = strategy;
        this.chunk = strategy == Strategy.B ? 1 : chunk;
    }

    /** Counts the values of {@code file}, checking each (one decimal number per line, blank lines skipped). */
    long count(Path file) {
        long n = 0;
        try (Values v = new Values(file, bits)) {
            while (v.hasNext()) {
                v.next();
                n++;
            }
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + e.getMessage());
        }
        return n;
    }

    /**
     * Runs this party's side over {@code ch}: exchanges counts and settings, then the runs.
     *
     * @param values this party's values file, counted already ({@code mine} values)
     */
    Result run(Party role, Channel ch, SessionOptions options, Path values, long mine) throws IOException {
        return run(role, ch, options, values, mine, agree(role, ch, mine, options));
    }

    /**
     * Runs this party's side over {@code ch} after {@link #agree} gave the peer's count {@code theirs}.
     */
    Result run(Party role, Channel ch, SessionOptions options, Path values, long mine, long theirs)
            throws IOException {
        long t0 = System.nanoTime();
        long sent0 = ch.bytesSent();
        long recv0 = ch.bytesReceived();
        long creatorCount = role == Party.CREATOR ? mine : theirs;
        long evaluatorCount = role == Party.CREATOR ? theirs : mine;
        if (creatorCount + evaluatorCount == 0) {
            throw new UserError("neither party has a value: the minimum of nothing is undefined");
        }
        GcSession s = role == Party.CREATOR ? GcSession.creator(ch, options) : GcSession.evaluator(ch, options);
        long[] counters = new long[3];
        long minimum;
        try (Values v = new Values(values, bits)) {
            minimum = strategy == Strategy.A
                    ? oneCircuit(s, role, v, creatorCount, evaluatorCount, counters)
                    : chunked(s, role, v, creatorCount, evaluatorCount, counters);
        }
        return new Result(role, minimum, counters[0], System.nanoTime() - t0, ch.bytesSent() - sent0,
                ch.bytesReceived() - recv0, counters[1], counters[2]);
    }

    /**
     * Both parties send their settings and value count, then check the peer's; returns the
     * peer's count. This is the first exchange, so a listener uses it to tell its peer from a
     * probe: first bytes that are not this greeting are {@link HandshakeMismatchException#isNotAPeer()}.
     */
    long agree(Party role, Channel ch, long mine, SessionOptions options) throws IOException {
        java.time.Duration budget = options.timeout().compareTo(java.time.Duration.ofSeconds(10)) < 0
                ? options.timeout() : java.time.Duration.ofSeconds(10);
        ch.deadline(System.nanoTime() + budget.toNanos(), "gc minimum hello");
        try {
            return exchange(role, ch, mine);
        } finally {
            ch.clearDeadline();
        }
    }

    private long exchange(Party role, Channel ch, long mine) throws IOException {
        ch.writeInt(MAGIC);
        ch.writeInt(role.ordinal());
        ch.writeLong(mine);
        ch.writeInt(bits);
        ch.writeInt(strategy.ordinal());
        ch.writeInt(chunk);
        ch.flush();
        int magic = ch.readInt();
        if (magic != MAGIC) {
            throw new HandshakeMismatchException(name(role) + ": the peer at " + ch.peer()
                    + " is not running gc minimum (it sent 0x" + Integer.toHexString(magic) + ")", true);
        }
        int peerRole = ch.readInt();
        long theirs = ch.readLong();
        int peerBits = ch.readInt();
        int peerStrategy = ch.readInt();
        int peerChunk = ch.readInt();
        StringBuilder problems = new StringBuilder();
        if (peerRole == role.ordinal()) {
            problems.append("; both parties are ").append(name(role)).append('s');
        }
        if (peerBits != bits) {
            problems.append("; peer uses --bits ").append(peerBits).append(" but this side ").append(bits);
        }
        if (peerStrategy != strategy.ordinal() || peerChunk != chunk) {
            problems.append("; peer uses strategy ").append(peerStrategy >= 0 && peerStrategy < 3
                    ? Strategy.values()[peerStrategy].name().toLowerCase(Locale.ROOT) : "#" + peerStrategy)
                    .append(" with chunks of ").append(peerChunk).append(" but this side strategy ")
                    .append(strategy.name().toLowerCase(Locale.ROOT)).append(" with chunks of ").append(chunk);
        }
        if (theirs < 0) {
            problems.append("; peer announced ").append(theirs).append(" values");
        }
        if (problems.length() > 0) {
            throw new SessionException(name(role) + ": gc minimum with " + ch.peer() + " failed"
                    + problems.substring(1));
        }
        return theirs;
    }

    /**
     * Heap that strategy (a) needs per input bit, garbage included: the circuit's builder, the
     * label slot every input bit has, its encoding and labels: an upper estimate from the
     * evaluator's peak heap at the largest size tried (docs/results). Below
     * {@link #ALWAYS_TRIED_INPUT_BITS} input bits the run is always tried.
     */
    static final long HEAP_PER_INPUT_BIT = 400;

    /** Input bits up to which strategy (a) is tried whatever the heap: the library's bound on {@code minimum<N>x<b>}. */
    static final long ALWAYS_TRIED_INPUT_BITS = 1L << 22;

    /** Strategy (a): one circuit over all values. */
    private long oneCircuit(GcSession s, Party role, Values v, long nc, long ne, long[] counters) throws IOException {
        long inputBits = (nc + ne) * bits;
        long heap = Runtime.getRuntime().maxMemory();
        if (inputBits > Math.max(ALWAYS_TRIED_INPUT_BITS, heap / HEAP_PER_INPUT_BIT)) {
            throw new UserError("strategy a holds every input in one circuit: " + (nc + ne) + " values of " + bits
                    + " bits need about " + (inputBits * HEAP_PER_INPUT_BIT >> 20) + " MiB of heap, this JVM has "
                    + (heap >> 20) + " MiB; give Java more with -Xmx, or use strategy b or c");
        }
        Circuit c = all((int) nc, (int) ne);
        long mine = role == Party.CREATOR ? nc : ne;
        boolean[] in = new boolean[(int) (mine * bits)];
        for (int i = 0; i < mine; i++) {
            System.arraycopy(BitCodec.ofLong(v.next(), bits), 0, in, i * bits, bits);
        }
        boolean[] out = s.run(c, in);
        counters[0] = 1;
        counters[1] = c.nonLinearCount();
        counters[2] = c.labelSlots();
        return BitCodec.toLong(out);
    }

    /** Strategies (b) and (c): chunks against the running minimum kept garbled; then the reveal. */
    private long chunked(GcSession s, Party role, Values v, long nc, long ne, long[] counters) throws IOException {
        GarbledValue running = null;
        Party holder = null;
        for (Party p : Party.values()) {
            long left = p == Party.CREATOR ? nc : ne;
            while (left > 0) {
                // The very first run takes the running minimum fresh: one value more.
                int k = (int) Math.min(left, running == null ? chunk + 1L : chunk);
                boolean fresh = running == null;
                Circuit c = chunkCircuit(p, fresh ? k - 1 : k);
                RunSpec.Builder spec = RunSpec.builder(c);
                if (!fresh) {
                    spec.input(p, running);
                }
                spec.keep(p);
                boolean[] in = new boolean[0];
                if (p == role) {
                    in = new boolean[k * bits];
                    for (int i = 0; i < k; i++) {
                        System.arraycopy(BitCodec.ofLong(v.next(), bits), 0, in, i * bits, bits);
                    }
                }
                RunResult r = s.run(spec.build(), in);
                running = r.kept().get(0);
                holder = p;
                left -= k;
                counters[0]++;
                counters[1] += c.nonLinearCount();
                counters[2] = Math.max(counters[2], c.labelSlots());
            }
        }
        RunSpec reveal = RunSpec.builder(revealCircuit(holder)).input(holder, running).build();
        boolean[] out = s.run(reveal, new boolean[0]).outputs();
        counters[0]++;
        return BitCodec.toLong(out);
    }

    /** Inputs of {@code p}: the running minimum then {@code k} values; output of {@code p}: the new minimum. */
    private Circuit chunkCircuit(Party p, int k) {
        return circuits.computeIfAbsent(p + "/" + k, key -> {
            Computation c = new Computation();
            UInt[] in = c.side(p).uints(k + 1, bits);
            c.side(p).output(minimum(c, in));
            return c.build();
        });
    }

    /** The kept minimum as an input of {@code p}, output to both: no gates. */
    private Circuit revealCircuit(Party p) {
        return circuits.computeIfAbsent("reveal/" + p, key -> {
            Computation c = new Computation();
            UInt in = c.side(p).uint(bits);
            c.creator().output(in);
            c.evaluator().output(in);
            return c.build();
        });
    }

    /** Strategy (a)'s circuit: the creator's values, then the evaluator's, minimum to both. */
    private Circuit all(int nc, int ne) {
        Computation c = new Computation();
        UInt[] x = c.creator().uints(nc, bits);
        UInt[] y = c.evaluator().uints(ne, bits);
        UInt[] values = new UInt[nc + ne];
        System.arraycopy(x, 0, values, 0, nc);
        System.arraycopy(y, 0, values, nc, ne);
        UInt min = minimum(c, values);
        c.creator().output(min);
        c.evaluator().output(min);
        return c.build();
    }

    /** The minimum of {@code values} (at least one): a chain of calls of {@code min<bits>}, 2·bits ANDs each. */
    private UInt minimum(Computation c, UInt[] values) {
        BiFunction<UInt, UInt, UInt> min = c.define("min" + bits, Type.uint(bits), Type.uint(bits), UInt::min);
        UInt m = values[0];
        for (int i = 1; i < values.length; i++) {
            m = min.apply(m, values[i]);
        }
        return m;
    }

    private static String name(Party p) {
        return p == Party.CREATOR ? "creator" : "evaluator";
    }

    /**
     * A values file read one line at a time: each line one unsigned decimal number of at most b
     * bits in ASCII digits, blanks around it and blank lines allowed. A line may hold at most
     * {@link #MAX_LINE} bytes, so that a file without line breaks (or /dev/zero) is refused
     * after that many bytes instead of filling the heap.
     */
    static final class Values implements AutoCloseable {
        /** Longest line: a 62-bit number has 19 digits; the rest is room for blanks. */
        static final int MAX_LINE = 1024;
        private final Path file;
        private final InputStream in;
        private final int bits;
        private final byte[] buf = new byte[MAX_LINE];
        private long line;
        private long pending;
        private boolean hasPending;

        Values(Path file, int bits) throws IOException {
            this.file = file;
            this.bits = bits;
            if (!Files.isRegularFile(file)) {
                throw new UserError(file + (Files.exists(file) ? " is not a file" : " does not exist"));
            }
            this.in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        }

        boolean hasNext() throws IOException {
            while (!hasPending) {
                int n = 0;
                int b;
                boolean any = false;
                while ((b = in.read()) >= 0 && b != '\n') {
                    any = true;
                    if (n == MAX_LINE) {
                        throw new UserError(file + ":" + (line + 1) + ": line is longer than " + MAX_LINE
                                + " bytes (one decimal number per line)");
                    }
                    buf[n++] = (byte) b;
                }
                if (b < 0 && !any) {
                    return false;
                }
                line++;
                int a = 0;
                while (a < n && isBlank(buf[a])) {
                    a++;
                }
                while (n > a && isBlank(buf[n - 1])) {
                    n--;
                }
                if (a < n) {
                    pending = number(a, n);
                    hasPending = true;
                }
            }
            return true;
        }

        /** The line's bytes {@code a .. n} as a number of at most {@code bits} bits, ASCII digits only. */
        private long number(int a, int n) {
            long v = 0;
            for (int i = a; i < n; i++) {
                int d = buf[i] - '0';
                if (d < 0 || d > 9) {
                    throw new UserError(file + ":" + line + ": '" + shown(a, n) + "' is not a decimal number");
                }
                if (v > (Long.MAX_VALUE - d) / 10) {
                    throw new UserError(file + ":" + line + ": " + shown(a, n) + " does not fit in " + bits
                            + " unsigned bits");
                }
                v = v * 10 + d;
            }
            if ((v >>> bits) != 0) {
                throw new UserError(file + ":" + line + ": " + v + " does not fit in " + bits + " unsigned bits");
            }
            return v;
        }

        /** The bytes for a message: printable ASCII kept, anything else '?', at most 30 characters. */
        private String shown(int a, int n) {
            StringBuilder sb = new StringBuilder();
            for (int i = a; i < n && sb.length() < 30; i++) {
                sb.append(buf[i] >= 0x20 && buf[i] < 0x7F ? (char) buf[i] : '?');
            }
            return n - a > 30 ? sb.append("...").toString() : sb.toString();
        }

        private static boolean isBlank(byte b) {
            return b == ' ' || b == '\t' || b == '\r';
        }

        long next() throws IOException {
            if (!hasNext()) {
                throw new IOException(file + " has fewer values than it had when counted");
            }
            hasPending = false;
            return pending;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
