package io.gcstream.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.engine.internal.state.StateCipher;
import io.gcstream.engine.testutil.HostileChannel;
import io.gcstream.engine.testutil.PhaseMap.Span;
import io.gcstream.engine.testutil.PhaseMap;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Test fixture of the hostile-peer tests: one seeded session scenario (under each garbling
 * scheme), the phases of its honest run (learned once with {@link PhaseMap.Recorder}s), and a
 * runner that replays the scenario with one {@link HostileChannel} fault.
 *
 * <p>The scenario: the creator holds x, the evaluator y (8 bits each); circuit {@link #CIRCUIT}
 * gives the evaluator x + y and the creator x·y (mod 256). {@link Script#FULL}: a plain run, a
 * run that keeps the evaluator's outputs garbled, and saving them ({@code saveState}, into a
 * directory of the case's own);
 * {@link Script#ONE_RUN}: the plain run alone; {@link Script#RESUMED}: a later session that
 * resumes the saved state and adds a fresh x to it.
 */
final class HostileSessions {
    /** Read timeout and phase budget of every party: short, as the tests wait for it often. */
    static final Duration TIMEOUT = Duration.ofSeconds(2);
    static final Circuit CIRCUIT = sumAndProduct();
    static final boolean[] X1 = bits(0xb7);
    static final boolean[] Y1 = bits(0x5d);
    static final boolean[] X2 = bits(0x3c);
    static final boolean[] Y2 = bits(0xe1);
    static final boolean[] X3 = bits(0x91);
    /**
     * How the engine's messages name its phases: the phase names themselves, and the words of
     * the handshake messages ("... where the hello belongs", "... in its hello", "run 3 with
     * PEER failed: ...", "saving the state with PEER failed: ...").
     */
    static final java.util.regex.Pattern PHASES = java.util.regex.Pattern.compile("session handshake|base OTs"
            + "|run header|input labels|garbled circuit|output decoding|saving state|hello|run \\d+ with"
            + "|saving the state with");

    /** What a party does in its session. */
    enum Script {
        ONE_RUN, FULL, RESUMED
    }

    /** What a party's script gave: its decoded outputs per run, and the state it saved (or null). */
    record Result(List<boolean[]> outputs, SessionState state) {
    }

    /**
     * The scenario under one garbling scheme: its seeded options, and the phase maps and saved
     * states of its honest runs, recorded once per JVM.
     */
    static final class Scenario {
        final Scheme scheme;
        final SessionOptions options;
        private final Map<Script, PhaseMap[]> maps = new EnumMap<>(Script.class);
        private SessionState[] states;

        private Scenario(Scheme scheme) {
            this.scheme = scheme;
            // Planned as a single run, so that the first run takes its inputs by direct base OTs
            // and the second sets the OT extension up: every message kind of the protocol.
            this.options = SessionOptions.builder().scheme(scheme).insecureTestSeed(20240).timeout(TIMEOUT).plannedRuns(1).build();
        }

        /** The honest run's phase map of {@code party} in {@code script}. */
        PhaseMap map(Script script, Party party) {
            return maps.get(script)[party.ordinal()];
        }

        /** The states the honest {@link Script#FULL} run saved: [creator, evaluator]. */
        SessionState[] honestStates() {
            return states.clone();
        }

        @Override
        public String toString() {
            return scheme.toString();
        }
    }

    private static final Map<Scheme, Scenario> SCENARIOS = new EnumMap<>(Scheme.class);

    /** The scenario under {@code scheme}, its honest runs recorded on first use. */
    static synchronized Scenario scenario(Scheme scheme) {
        Scenario sc = SCENARIOS.get(scheme);
        if (sc == null) {
            sc = new Scenario(scheme);
            try {
                List<Duel.Side<Result>> full = record(sc, Script.FULL, null);
                sc.states = new SessionState[] {full.get(0).value().state(), full.get(1).value().state()};
                record(sc, Script.RESUMED, sc.states);
            } catch (Exception e) {
                throw new IllegalStateException("recording the honest runs under " + scheme + " failed", e);
            }
            sc.maps.put(Script.ONE_RUN, sc.maps.get(Script.FULL));
            SCENARIOS.put(scheme, sc);
        }
        return sc;
    }

    /** The scenario under the default scheme (half-gates). */
    static Scenario standard() {
        return scenario(Scheme.HALF_GATES);
    }

    private HostileSessions() {
    }

    /**
     * Runs {@code script} honestly, records both parties' phases into {@code sc} and returns how
     * they ended. With a long timeout: this first run of the JVM may be slow (cold code), and
     * timeouts change no byte on the wire.
     */
    private static List<Duel.Side<Result>> record(Scenario sc, Script script, SessionState[] states) throws Exception {
        SessionOptions patient = sc.options.toBuilder().timeout(Duration.ofSeconds(60)).build();
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(patient.timeout()).build());
        PhaseMap.Recorder c = new PhaseMap.Recorder(ch[0]);
        PhaseMap.Recorder e = new PhaseMap.Recorder(ch[1]);
        Path dir = newDirectory();
        List<Duel.Side<Result>> r = Duel.run("honest-" + sc + "-" + script, Duration.ofSeconds(60),
                session(patient, Party.CREATOR, c, script, states), c, s -> play(s, script, dir),
                session(patient, Party.EVALUATOR, e, script, states), e, s -> play(s, script, dir));
        for (Duel.Side<Result> side : r) {
            if (!side.ok()) {
                throw new AssertionError("the honest " + script + " run failed: " + side.error(), side.error());
            }
        }
        String wrong = wrongOutputs(script, r.get(0).value(), Party.CREATOR);
        wrong = wrong != null ? wrong : wrongOutputs(script, r.get(1).value(), Party.EVALUATOR);
        if (wrong != null) {
            throw new AssertionError("the honest " + script + " run: " + wrong);
        }
        sc.maps.put(script, new PhaseMap[] {c.map(), e.map()});
        return r;
    }

    // ---------------------------------------------------------------- where faults go

    /**
     * A protocol message, as bytes of its sender's stream in the honest run. Spans come from
     * the sender's recorded phases; a phase that carries two messages is split by the sizes in
     * docs/protocol.md (end marker 16 bytes, status 4 bytes when it is 0, state digest 32 bytes).
     */
    enum Where {
        HELLO_TO_EVALUATOR(Party.CREATOR, Script.FULL, m -> m.sent("session handshake", 0)),
        HELLO_TO_CREATOR(Party.EVALUATOR, Script.FULL, m -> m.sent("session handshake", 0)),
        /** The creator's key of the first run's direct base OTs, after the hellos. */
        DIRECT_KEY(Party.CREATOR, Script.FULL, m -> m.sent("base OTs", 0)),
        RUN_HEADER_TO_EVALUATOR(Party.CREATOR, Script.FULL, m -> m.sent("run header", 0)),
        RUN_HEADER_TO_CREATOR(Party.EVALUATOR, Script.FULL, m -> m.sent("run header", 0)),
        /** The first run's direct base OTs: the evaluator's points for its fresh input bits. */
        DIRECT_CHOICES(Party.EVALUATOR, Script.FULL, m -> m.sent("input labels", 0)),
        /** The creator's answer: the base OTs' ciphertexts and the corrections to Δ. */
        DIRECT_CIPHERTEXTS(Party.CREATOR, Script.FULL, m -> m.sent("input labels", 0).dropTail(8 * 16)),
        /** The creator's active labels of its fresh input bits. */
        INPUT_LABELS(Party.CREATOR, Script.FULL, m -> m.sent("input labels", 0).tail(8 * 16)),
        GARBLED_TABLES(Party.CREATOR, Script.FULL, m -> m.sent("garbled circuit", 0).dropTail(16)),
        END_MARKER(Party.CREATOR, Script.FULL, m -> m.sent("garbled circuit", 0).tail(16)),
        OUTPUT_HASHES(Party.CREATOR, Script.FULL, m -> m.sent("output decoding", 0).dropTail(4)),
        RETURNED_LABELS(Party.EVALUATOR, Script.FULL, m -> m.sent("output decoding", 0).dropTail(4)),
        EVALUATOR_STATUS(Party.EVALUATOR, Script.FULL, m -> m.sent("output decoding", 0).tail(4)),
        CREATOR_STATUS(Party.CREATOR, Script.FULL, m -> m.sent("output decoding", 0).tail(4)),
        /** The second run sets the OT extension up: its base OTs, the creator the receiver. */
        BASE_OTS_TO_EVALUATOR(Party.CREATOR, Script.FULL, m -> m.sent("base OTs", 1)),
        BASE_OTS_TO_CREATOR(Party.EVALUATOR, Script.FULL, m -> m.sent("base OTs", 0)),
        /** The second run's correlated-OT messages (the extension's) for the evaluator's fresh bits. */
        OT_MESSAGES(Party.EVALUATOR, Script.FULL, m -> m.sent("input labels", 1)),
        SAVE_TO_EVALUATOR(Party.CREATOR, Script.FULL, m -> m.sent("saving state", 0).dropTail(32 + 4)),
        SAVE_TO_CREATOR(Party.EVALUATOR, Script.FULL, m -> m.sent("saving state", 0).dropTail(32 + 4)),
        SAVE_DIGEST_TO_EVALUATOR(Party.CREATOR, Script.FULL, m -> m.sent("saving state", 0).tail(32 + 4).dropTail(4)),
        SAVE_DIGEST_TO_CREATOR(Party.EVALUATOR, Script.FULL, m -> m.sent("saving state", 0).tail(32 + 4).dropTail(4)),
        /** Each side's confirmation that its new half is written (13). */
        SAVE_CONFIRM_TO_EVALUATOR(Party.CREATOR, Script.FULL, m -> m.sent("saving state", 0).tail(4)),
        SAVE_CONFIRM_TO_CREATOR(Party.EVALUATOR, Script.FULL, m -> m.sent("saving state", 0).tail(4)),
        RESUMED_HELLO_TO_EVALUATOR(Party.CREATOR, Script.RESUMED, m -> m.sent("session handshake", 0)),
        RESUMED_HELLO_TO_CREATOR(Party.EVALUATOR, Script.RESUMED, m -> m.sent("session handshake", 0));

        final Party sender;
        final Script script;
        private final Function<PhaseMap, Span> span;

        Where(Party sender, Script script, Function<PhaseMap, Span> span) {
            this.sender = sender;
            this.script = script;
            this.span = span;
        }

        /** The bytes of this message in its sender's stream, in the standard scenario. */
        Span span() {
            return span(standard());
        }

        /** The bytes of this message in its sender's stream, in {@code sc}. */
        Span span(Scenario sc) {
            return span.apply(sc.map(script, sender));
        }

        /**
         * True for the sender's last flight of a script: once the sender has sent it (and read
         * what it waits for), it is done and cannot learn whether its flight arrived intact, so
         * a fault here may leave the sender with its (correct) result and only the receiver
         * failing. In {@link Script#FULL} the flights of the state exchange are last: the two
         * parties send each at the same time and each finishes on reading the other's.
         */
        boolean lastOf(Script s) {
            if (s == Script.ONE_RUN) {
                return this == CREATOR_STATUS;
            }
            return s == Script.FULL && saving();
        }

        /** A message of the state-saving exchange. */
        boolean saving() {
            return this == SAVE_TO_EVALUATOR || this == SAVE_TO_CREATOR || this == SAVE_DIGEST_TO_EVALUATOR
                    || this == SAVE_DIGEST_TO_CREATOR || this == SAVE_CONFIRM_TO_EVALUATOR || this == SAVE_CONFIRM_TO_CREATOR;
        }

        /** A message of the second run, which sets the OT extension up. */
        boolean secondRun() {
            return this == BASE_OTS_TO_EVALUATOR || this == BASE_OTS_TO_CREATOR || this == OT_MESSAGES;
        }

        /** Whether this message is part of {@code s}. */
        boolean in(Script s) {
            if (s == Script.RESUMED || script == Script.RESUMED) {
                return s == script;
            }
            return s == Script.FULL || !(saving() || secondRun());
        }

        /** The message of {@code script} that byte {@code pos} of {@code sender}'s stream belongs to, or null. */
        static Where at(Scenario sc, Script script, Party sender, long pos) {
            for (Where w : values()) {
                if (w.sender == sender && w.in(script)) {
                    Span s = w.span(sc);
                    if (pos >= s.from() && pos < s.to()) {
                        return w;
                    }
                }
            }
            return null;
        }

        String arrow() {
            return sender == Party.CREATOR ? "creator -> evaluator" : "evaluator -> creator";
        }
    }

    // ---------------------------------------------------------------- running a case

    /**
     * One case's outcome: both parties' ends, whether the fault happened at all, and the name
     * each party's channel gives its peer ([creator's, evaluator's]).
     */
    record Outcome(String name, Scenario scenario, Script script, Where where, HostileChannel.Fault fault,
            List<Duel.Side<Result>> sides, boolean tripped, List<String> peers) {
        Duel.Side<Result> side(Party p) {
            return sides.get(p.ordinal());
        }

        boolean bothOk() {
            return side(Party.CREATOR).ok() && side(Party.EVALUATOR).ok();
        }

        boolean bothFailed() {
            return !side(Party.CREATOR).ok() && !side(Party.EVALUATOR).ok();
        }

        String describe() {
            StringBuilder sb = new StringBuilder(name + " (" + scenario + ", " + fault + " of " + where.arrow()
                    + ", message " + where.span(scenario) + "):");
            for (Party p : Party.values()) {
                Duel.Side<Result> s = side(p);
                sb.append("\n  ").append(p).append(s.ok() ? " ok" : " failed").append(" after ")
                        .append(s.hung() ? "(hung)" : s.elapsed().toMillis() + " ms");
                if (!s.ok()) {
                    sb.append(": ").append(s.error());
                }
            }
            return sb.toString();
        }
    }

    /** Runs {@code script} of {@code sc} with {@code fault} on the bytes {@code where}'s sender sends. */
    static Outcome run(String name, Scenario sc, Script script, Where where, HostileChannel.Fault fault)
            throws Exception {
        return run(name, sc, script, where, fault, sc.honestStates(), Transport.MEMORY);
    }

    /**
     * As {@link #run(String, Scenario, Script, Where, HostileChannel.Fault)}, resuming
     * {@code states} in {@link Script#RESUMED}, over {@code transport}.
     */
    static Outcome run(String name, Scenario sc, Script script, Where where, HostileChannel.Fault fault,
            SessionState[] states, Transport transport) throws Exception {
        Channel[] ch = transport.pair(sc.options);
        HostileChannel hostile = new HostileChannel(ch[where.sender.ordinal()], fault);
        Channel c = where.sender == Party.CREATOR ? hostile : ch[0];
        Channel e = where.sender == Party.EVALUATOR ? hostile : ch[1];
        Path dir = newDirectory();
        List<Duel.Side<Result>> sides = Duel.run(name, limit(fault),
                session(sc.options, Party.CREATOR, c, script, states), c, s -> play(s, script, dir),
                session(sc.options, Party.EVALUATOR, e, script, states), e, s -> play(s, script, dir));
        return new Outcome(name, sc, script, where, fault, sides, hostile.tripped(), List.of(c.peer(), e.peer()));
    }

    /** How the two parties are connected. */
    enum Transport {
        MEMORY, TCP;

        /** A connected pair: [creator's end, evaluator's end]. */
        Channel[] pair(SessionOptions o) throws Exception {
            if (this == MEMORY) {
                return MemoryChannel.pair(ChannelOptions.builder().readTimeout(o.timeout()).build());
            }
            return GcSessionTest.channels(LocalPair.Connection.TCP, o);
        }
    }

    /** When a party counts as hung: far beyond any legitimate end (see {@link #bound}). */
    static Duration limit(HostileChannel.Fault fault) {
        return bound(fault).plusSeconds(20);
    }

    /**
     * The longest a party may legitimately take: a wait for its phase deadline (one timeout),
     * after the peer's (another), after a delay the network adds, plus a generous margin for
     * this loaded machine and the concurrent cases.
     */
    static Duration bound(HostileChannel.Fault fault) {
        return TIMEOUT.multipliedBy(2).plus(fault.delay()).plusSeconds(6);
    }

    static GcSession session(SessionOptions o, Party p, Channel ch, Script script, SessionState[] states) {
        if (script == Script.RESUMED) {
            // Every case resumes the one saved pair again: a reuse both parties allow, or the
            // first case to decode would leave the state used for the others.
            return GcSession.resume(ch, o.toBuilder().reuseState(true).build(), states[p.ordinal()]);
        }
        return p == Party.CREATOR ? GcSession.creator(ch, o) : GcSession.evaluator(ch, o);
    }

    /** The creator's password of the scenario's state files. */
    static final char[] PASSWORD = "hostile".toCharArray();
    private static Path root;

    static {
        StateCipher.iterationsForTests(1000);
    }

    /** A new directory for one case's state files, under one directory per JVM. */
    static synchronized Path newDirectory() {
        try {
            if (root == null) {
                root = Files.createTempDirectory("gc-hostile");
                Path r = root;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(r)));
            }
            return Files.createTempDirectory(root, "case");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void delete(Path dir) {
        try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException e) {
            // temporary files of a test run
        }
    }

    /** One party's part of {@code script}; a state it saves goes into {@code dir}. */
    static Result play(GcSession s, Script script, Path dir) throws Exception {
        boolean creator = s.role() == Party.CREATOR;
        List<boolean[]> outputs = new ArrayList<>();
        if (script == Script.RESUMED) {
            RunSpec spec = RunSpec.builder(CIRCUIT).input(Party.EVALUATOR, s.resumedValues().get(0)).build();
            outputs.add(s.run(spec, creator ? X3 : new boolean[0]).outputs());
            return new Result(outputs, null);
        }
        outputs.add(s.run(CIRCUIT, creator ? X1 : Y1));
        if (script == Script.ONE_RUN) {
            return new Result(outputs, null);
        }
        RunResult kept = s.run(RunSpec.builder(CIRCUIT).keep(Party.EVALUATOR).build(), creator ? X2 : Y2);
        outputs.add(kept.outputs());
        Path file = dir.resolve(creator ? "creator.state" : "evaluator.state");
        char[] password = creator ? PASSWORD : null;
        s.saveState(kept.kept(), file, password);
        return new Result(outputs, SessionState.read(file, password));
    }

    /** The outputs {@code party} must get in {@code script}, per run, from the simulator. */
    static List<boolean[]> expected(Script script, Party party) {
        try {
            return simulate(script, party);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<boolean[]> simulate(Script script, Party party) throws java.io.IOException {
        boolean creator = party == Party.CREATOR;
        if (script == Script.RESUMED) {
            Simulator.Result sum = Simulator.run(CIRCUIT, X2, Y2);
            Simulator.Result r = Simulator.run(CIRCUIT, X3, sum.evaluatorOutputs());
            return List.of(creator ? r.creatorOutputs() : r.evaluatorOutputs());
        }
        Simulator.Result r1 = Simulator.run(CIRCUIT, X1, Y1);
        List<boolean[]> out = new ArrayList<>();
        out.add(creator ? r1.creatorOutputs() : r1.evaluatorOutputs());
        if (script == Script.FULL) {
            out.add(creator ? Simulator.run(CIRCUIT, X2, Y2).creatorOutputs() : new boolean[0]);
        }
        return out;
    }

    /** Null if {@code r} holds exactly the outputs {@code party} must get, else what differs. */
    static String wrongOutputs(Script script, Result r, Party party) {
        List<boolean[]> want = expected(script, party);
        if (r.outputs().size() != want.size()) {
            return party + " returned " + r.outputs().size() + " runs' outputs, expected " + want.size();
        }
        for (int i = 0; i < want.size(); i++) {
            if (!Arrays.equals(want.get(i), r.outputs().get(i))) {
                return party + " run " + i + " gave " + Arrays.toString(r.outputs().get(i)) + " but the simulator "
                        + Arrays.toString(want.get(i)) + ": A WRONG RESULT";
            }
        }
        return null;
    }

    /** The peer's name as {@code p}'s channel reports it. */
    static String peerOf(Outcome o, Party p) {
        return o.peers().get(p.ordinal());
    }

    // ---------------------------------------------------------------- the circuit

    /** x (creator, 8 bits) and y (evaluator, 8 bits); evaluator gets x + y, creator x·y, mod 256. */
    static Circuit sumAndProduct() {
        Wires w = new Wires(16);
        int[] x = new int[8];
        int[] y = new int[8];
        for (int i = 0; i < 8; i++) {
            x[i] = i;
            y[i] = 8 + i;
        }
        int[] sum = w.add(x, y);
        // Shift-and-add: acc += (x AND y_i) << i, keeping the low 8 bits.
        int[] acc = new int[8];
        for (int j = 0; j < 8; j++) {
            acc[j] = w.and(x[j], y[0]);
        }
        for (int i = 1; i < 8; i++) {
            int[] pp = new int[8 - i];
            for (int j = 0; j < 8 - i; j++) {
                pp[j] = w.and(x[j], y[i]);
            }
            int[] high = w.add(Arrays.copyOfRange(acc, i, 8), pp);
            System.arraycopy(high, 0, acc, i, 8 - i);
        }
        return Circuits.builder().creatorInputs(x).evaluatorInputs(y).creatorOutputs(acc).evaluatorOutputs(sum)
                .numSlots(w.next).body(w.body.build()).build();
    }

    /** A gate list with a fresh slot per wire (the circuit is small). */
    private static final class Wires {
        final Body.Builder body = new Body.Builder();
        int next;

        Wires(int inputs) {
            next = inputs;
        }

        int gate(int a, int b, int table) {
            body.gate(next, a, b, table);
            return next++;
        }

        int and(int a, int b) {
            return gate(a, b, TruthTable.AND);
        }

        int xor(int a, int b) {
            return gate(a, b, TruthTable.XOR);
        }

        /** a + b mod 2^n (n = a.length = b.length), ripple carry, one AND per carry. */
        int[] add(int[] a, int[] b) {
            int[] s = new int[a.length];
            int carry = -1;
            for (int i = 0; i < a.length; i++) {
                if (carry < 0) {
                    s[i] = xor(a[i], b[i]);
                    if (i + 1 < a.length) {
                        carry = and(a[i], b[i]);
                    }
                } else {
                    int ac = xor(a[i], carry);
                    int bc = xor(b[i], carry);
                    s[i] = xor(ac, b[i]);
                    if (i + 1 < a.length) {
                        carry = xor(and(ac, bc), carry);
                    }
                }
            }
            return s;
        }
    }

    static boolean[] bits(int v) {
        boolean[] b = new boolean[8];
        for (int i = 0; i < 8; i++) {
            b[i] = ((v >>> i) & 1) == 1;
        }
        return b;
    }

    static int value(boolean[] b) {
        int v = 0;
        for (int i = 0; i < b.length; i++) {
            v |= (b[i] ? 1 : 0) << i;
        }
        return v;
    }
}
