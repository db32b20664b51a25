package io.gcstream.spark.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A driver's record of one worker-pairs job: its id, kind and k, the secrets its executors
 * fetch, and, round by round, where the creator's slice tasks listen, what the slices
 * reported, which slices are done and what the two drivers decided. A slice is done when both
 * parties hold a result of it from the same round (for the aggregate, halves of the same
 * state); that one result is kept, every other is dropped. All methods synchronized; waits are
 * on this object. Internal.
 */
public final class Job {
    /** The kinds of job; both drivers must run the same. */
    public static final int PRF = 1;
    public static final int AGGREGATE = 2;

    /** Where a creator slice task listens, and its rows. */
    public record Address(String host, int port, long rows) {
    }

    /** A slice's outcome as its task reported it: ok with an id and payload, or a failure. */
    public record Result(boolean ok, boolean fatal, String text, byte[] payload) {
    }

    /** What the drivers decided after a round: another round, done, or failed. */
    public record Decision(int kind, BitSet done, int combinePort, String failure) {
        public static final int NEXT = 1;
        public static final int DONE = 2;
        public static final int FAIL = 3;
    }

    private final String id;
    private final int seq;
    private final int kind;
    private final int slices;
    private final Map<String, byte[]> secrets = new HashMap<>();
    private int round = 1;
    private boolean roundEnded;
    private final Map<Integer, Address> listening = new HashMap<>();
    private final Map<Integer, Result> reported = new HashMap<>();
    private final List<String> failures = new ArrayList<>();
    private String fatal;
    private final Map<Integer, Result> done = new TreeMap<>();
    /** Creator: the evaluator's report of a round, by round (it may come before this side's round began). */
    private record PeerReport(Map<Integer, String> held, boolean fatal, String failure) {
    }

    private final Map<Integer, PeerReport> peerReports = new HashMap<>();
    private Decision decision;
    private final Map<Integer, Decision> decisions = new HashMap<>();
    private final java.util.Set<Integer> fetched = new java.util.HashSet<>();

    public Job(byte[] id, int seq, int kind, int slices) {
        this.id = HexFormat.of().formatHex(id);
        this.seq = seq;
        this.kind = kind;
        this.slices = slices;
    }

    public String id() {
        return id;
    }

    public int seq() {
        return seq;
    }

    public int kind() {
        return kind;
    }

    public int slices() {
        return slices;
    }

    public synchronized int round() {
        return round;
    }

    /**
     * Tests only: told each secret a job stores, so that a test can search logs and closures for
     * it. Null (the default) in every program.
     */
    static volatile java.util.function.BiConsumer<String, byte[]> secretsForTests;
    /** Tests only: told (round, slice) when a creator task of this party listens. Null in every program. */
    static volatile java.util.function.BiConsumer<Integer, Integer> listeningForTests;

    /** Stores a secret its executors may fetch (a copy); wiped by {@link #wipe()}. */
    public synchronized void secret(String name, byte[] value) {
        secrets.put(name, value.clone());
        java.util.function.BiConsumer<String, byte[]> t = secretsForTests;
        if (t != null) {
            t.accept(name, value.clone());
        }
    }

    public synchronized Map<String, byte[]> secrets() {
        Map<String, byte[]> m = new TreeMap<>();
        secrets.forEach((k, v) -> m.put(k, v.clone()));
        return m;
    }

    /** Overwrites the secrets and the held results (the evaluator's hold its labels). */
    public synchronized void wipe() {
        secrets.values().forEach(v -> Arrays.fill(v, (byte) 0));
        secrets.clear();
        for (Result r : done.values()) {
            if (r.payload() != null) {
                Arrays.fill(r.payload(), (byte) 0);
            }
        }
    }

    /** The slices done so far. */
    public synchronized BitSet done() {
        BitSet b = new BitSet(slices);
        done.keySet().forEach(b::set);
        return b;
    }

    /** The result kept for each slice, in slice order (all done). */
    public synchronized List<Result> results() {
        return new ArrayList<>(done.values());
    }

    public synchronized void listening(int round, int slice, Address a) {
        if (round == this.round && !roundEnded) {
            listening.put(slice, a);
            notifyAll();
            java.util.function.BiConsumer<Integer, Integer> t = listeningForTests;
            if (t != null) {
                t.accept(round, slice);
            }
        }
    }

    /** Where the creator's task of {@code slice} listens in {@code round}; null while it does not. */
    public synchronized Address where(int round, int slice) {
        return round == this.round ? listening.get(slice) : null;
    }

    /** Whether {@code round} has ended on this party's side (a later round has not begun). */
    public synchronized boolean ended(int round) {
        return round < this.round || (round == this.round && roundEnded);
    }

    /** Whether {@code round} has ended on the peer's side (creator: its report came). */
    public synchronized boolean peerEnded(int round) {
        return round < this.round || peerReports.containsKey(round);
    }

    /** A slice task's report; false if it is of another round (stale: dropped). */
    public synchronized boolean report(int round, int slice, Result r) {
        if (round != this.round || roundEnded || slice < 0 || slice >= slices) {
            return false;
        }
        if (r.ok()) {
            reported.put(slice, r);
        } else {
            failures.add("slice " + slice + ": " + r.text());
            if (r.fatal() && fatal == null) {
                fatal = "slice " + slice + ": " + r.text();
            }
        }
        return true;
    }

    /** This party's Spark job of the round ended (its failure, or null). */
    public synchronized void endRound(String jobFailure) {
        if (jobFailure != null) {
            failures.add(jobFailure);
        }
        roundEnded = true;
        notifyAll();
    }

    /** The first fatal failure reported this round, or null. */
    public synchronized String fatal() {
        return fatal;
    }

    /** What this party holds of the round: slice to id (the aggregate's state id, or "ok"). */
    public synchronized Map<Integer, String> held() {
        Map<Integer, String> m = new TreeMap<>();
        reported.forEach((s, r) -> m.put(s, r.text()));
        return m;
    }

    /** Creator: the evaluator's report of {@code round}; false if stale. */
    public synchronized boolean peerReport(int round, Map<Integer, String> held, boolean fatal, String failure) {
        if (round < this.round || peerReports.containsKey(round)) {
            return false;
        }
        peerReports.put(round, new PeerReport(Map.copyOf(held), fatal, failure));
        notifyAll();
        return true;
    }

    /** Creator: whether the evaluator reported a fatal failure of {@code round} (then this side's stage is cancelled). */
    public synchronized boolean peerFatal(int round) {
        PeerReport p = peerReports.get(round);
        return p != null && p.fatal();
    }

    /**
     * Creator, once both parties ended the round: keeps each slice that both hold a result of
     * (the same state, for the aggregate), then decides: done, another round, or failed.
     */
    public synchronized Decision decide(int maxRounds, int combinePort) {
        PeerReport peer = peerReports.getOrDefault(round, new PeerReport(Map.of(), false, null));
        Map<Integer, String> peerReport = peer.held();
        boolean peerFatal = peer.fatal();
        String peerFailure = peer.failure();
        for (Map.Entry<Integer, Result> e : reported.entrySet()) {
            String theirs = peerReport.get(e.getKey());
            if (theirs != null && (kind == PRF || theirs.equals(e.getValue().text()))) {
                done.put(e.getKey(), e.getValue());
            }
        }
        if (kind == PRF) {
            for (Integer s : peerReport.keySet()) {
                done.putIfAbsent(s, new Result(true, false, "ok", null));
            }
        }
        String why = fatal != null ? fatal : peerFatal ? peerFailure : null;
        Decision d;
        if (done.size() == slices) {
            d = new Decision(Decision.DONE, done(), combinePort, null);
        } else if (why != null) {
            d = new Decision(Decision.FAIL, done(), 0, why);
        } else if (round >= maxRounds) {
            String last = !failures.isEmpty() ? failures.get(failures.size() - 1)
                    : peerFailure != null ? peerFailure : "no slice failed, yet some did not complete";
            d = new Decision(Decision.FAIL, done(), 0, "gave up after " + round + " rounds; the last failure: " + last);
        } else {
            d = new Decision(Decision.NEXT, done(), 0, null);
        }
        decided(round, d);
        return d;
    }

    /** Records {@code d} as the decision of {@code round} (the evaluator, as the creator told it). */
    public synchronized void decided(int round, Decision d) {
        decisions.put(round, d);
        decision = d;
        notifyAll();
    }

    /** The decision of {@code round}, or null while there is none. */
    public synchronized Decision decision(int round) {
        return decisions.get(round);
    }

    /** Creator: the evaluator fetched the decision of {@code round}. */
    synchronized void fetched(int round) {
        fetched.add(round);
        notifyAll();
    }

    /**
     * Creator: waits until the evaluator fetched the decision of {@code round}, at most
     * {@code millis}, so that a job ending here does not close the endpoint before the evaluator
     * learns how it ended.
     */
    public synchronized boolean awaitFetched(int round, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!fetched.contains(round)) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /**
     * Evaluator: keeps the results of the slices the creator decided done in this round, and
     * every result kept earlier.
     */
    public synchronized void keep(BitSet decidedDone) {
        for (Map.Entry<Integer, Result> e : reported.entrySet()) {
            if (decidedDone.get(e.getKey()) && !done.containsKey(e.getKey())) {
                done.put(e.getKey(), e.getValue());
            }
        }
    }

    /** Starts the next round: forgets where tasks listened and what they reported. */
    public synchronized void nextRound() {
        round++;
        roundEnded = false;
        listening.clear();
        reported.clear();
        failures.clear();
        fatal = null;
        peerReports.keySet().removeIf(r -> r < round);
        notifyAll();
    }

    /** Failures this round, for the log. */
    public synchronized List<String> failures() {
        return List.copyOf(failures);
    }

    /** The last decision, or null. */
    public synchronized Decision lastDecision() {
        return decision;
    }
}
