package io.gcstream.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.engine.internal.state.StateCipher;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Test fixture of the state-file tests: a running counter kept garbled between sessions.
 * {@link #counter()}: total' = total + a + b, the evaluator giving the 16-bit total then its
 * 8-bit b, the creator its 8-bit a; the new total goes to the evaluator. A session either starts
 * the total at 0 or resumes it from two state files, then keeps the new total and saves it, or
 * decodes it.
 */
final class CounterSessions {
    static final int W = 16;
    /** The creator's password. */
    static final char[] PASSWORD = "correct horse".toCharArray();
    static final SessionOptions O = SessionOptions.builder().timeout(Duration.ofSeconds(10)).plannedRuns(1).build();

    static {
        // Cheap keys: these tests write and read hundreds of creator files.
        StateCipher.iterationsForTests(1000);
    }

    private CounterSessions() {
    }

    /** What one party of a session does: load from, save to (null: decode instead), its options and save hook. */
    record Side(Path load, Path save, SessionOptions options, SaveHook hook) {
        Side(Path load, Path save) {
            this(load, save, O, null);
        }
    }

    /** How one party's session ended: the evaluator's decoded total (or -1), or its error. */
    record End(long total, Throwable error) {
        boolean ok() {
            return error == null;
        }
    }

    /**
     * Both parties of one session over an in-memory pair: the creator adds {@code a}, the
     * evaluator {@code b}; returns [creator, evaluator]. A state that cannot be read is resumed as
     * {@linkplain SessionState#unusable unusable}, as the CLI does.
     */
    static End[] session(Side creator, Side evaluator, long a, long b) throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(O.timeout()).build());
        return session(creator, ch[0], evaluator, ch[1], a, b);
    }

    /** As {@link #session(Side, Side, long, long)} over the given ends. */
    static End[] session(Side creator, Channel cch, Side evaluator, Channel ech, long a, long b) throws Exception {
        GcSession cs = open(Party.CREATOR, creator, cch);
        GcSession es = open(Party.EVALUATOR, evaluator, ech);
        List<Pairs.Result<Long>> r = Pairs.both(cs, s -> play(s, creator, a), es, s -> play(s, evaluator, b));
        return new End[] {end(r.get(0)), end(r.get(1))};
    }

    static GcSession open(Party role, Side side, Channel ch) {
        GcSession s;
        if (side.load() == null) {
            s = role == Party.CREATOR ? GcSession.creator(ch, side.options()) : GcSession.evaluator(ch, side.options());
        } else {
            SessionState state;
            try {
                state = SessionState.read(side.load(), role == Party.CREATOR ? PASSWORD : null);
            } catch (java.io.IOException e) {
                state = SessionState.unusable(role, e.getMessage());
            }
            s = GcSession.resume(ch, side.options(), state);
        }
        if (side.hook() != null) {
            s.saveHook(side.hook());
        }
        return s;
    }

    /** One party's part: its fresh bits, the run, and the save or the decoded total. */
    static long play(GcSession s, Side side, long mine) throws Exception {
        boolean creator = s.role() == Party.CREATOR;
        RunSpec.Builder spec = RunSpec.builder(counter());
        boolean resumed = side.load() != null;
        if (resumed) {
            spec.input(Party.EVALUATOR, s.resumedValues().get(0));
        }
        if (side.save() != null) {
            spec.keep(Party.EVALUATOR);
        }
        boolean[] fresh = creator ? bits(mine, 8) : resumed ? bits(mine, 8) : concat(bits(0, W), bits(mine, 8));
        RunResult r = s.run(spec.build(), fresh);
        if (side.save() != null) {
            s.saveState(r.kept(), side.save(), creator ? PASSWORD : null);
            return -1;
        }
        return creator ? -1 : value(r.outputs());
    }

    private static End end(Pairs.Result<Long> r) {
        return r.error() == null ? new End(r.value(), null) : new End(-1, r.error());
    }

    /** total' = total + a + b; two ripple-carry adders. */
    static Circuit counter() {
        Body.Builder b = new Body.Builder();
        int[] total = range(0, W);
        int[] bIn = range(W, 8);
        int[] aIn = range(W + 8, 8);
        int next = W + 16;
        int[] sum1 = new int[W];
        next = add(b, total, aIn, sum1, next);
        int[] sum2 = new int[W];
        next = add(b, sum1, bIn, sum2, next);
        return Circuits.builder().creatorInputs(aIn).evaluatorInputs(concat(total, bIn)).evaluatorOutputs(sum2)
                .numSlots(next).body(b.build()).build();
    }

    /** Ripple-carry x + y (y zero-extended) into {@code out}; fresh slots from {@code next}. */
    static int add(Body.Builder b, int[] x, int[] y, int[] out, int next) {
        int carry = -1;
        for (int i = 0; i < x.length; i++) {
            int yi = i < y.length ? y[i] : -1;
            int s = next++;
            if (yi < 0 && carry < 0) {
                b.gate(s, x[i], x[i], TruthTable.COPY);
            } else if (carry < 0) {
                b.gate(s, x[i], yi, TruthTable.XOR);
                carry = next++;
                b.gate(carry, x[i], yi, TruthTable.AND);
            } else if (yi < 0) {
                b.gate(s, x[i], carry, TruthTable.XOR);
                int c = next++;
                b.gate(c, x[i], carry, TruthTable.AND);
                carry = c;
            } else {
                int xc = next++;
                int yc = next++;
                b.gate(xc, x[i], carry, TruthTable.XOR).gate(yc, yi, carry, TruthTable.XOR)
                        .gate(s, xc, yi, TruthTable.XOR);
                int m = next++;
                b.gate(m, xc, yc, TruthTable.AND);
                int c = next++;
                b.gate(c, m, carry, TruthTable.XOR);
                carry = c;
            }
            out[i] = s;
        }
        return next;
    }

    static int[] range(int from, int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = from + i;
        }
        return r;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    static boolean[] bits(long v, int n) {
        boolean[] r = new boolean[n];
        for (int i = 0; i < n; i++) {
            r[i] = ((v >>> i) & 1) == 1;
        }
        return r;
    }

    static long value(boolean[] bits) {
        long v = 0;
        for (int i = 0; i < bits.length; i++) {
            v |= (bits[i] ? 1L : 0) << i;
        }
        return v;
    }

    static boolean[] concat(boolean[] a, boolean[] b) {
        boolean[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
