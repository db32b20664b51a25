package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The header each party sends at the start of a run (see docs/protocol.md): run index, role,
 * circuit fingerprint, input/output widths, non-linear gates, and the run's {@link RunPlan}
 * (input segments with the numbers of kept values, kept output ranges). Both parties compare
 * the two headers; a difference is a {@link HandshakeMismatchException} naming it. Every count
 * read from the peer is bounded by what it describes before anything is allocated.
 */
final class RunHeader {
    /** "RUN2" as little-endian int. */
    static final int MAGIC = 0x324e5552;
    /** Most segments or kept ranges one party's part of a header may describe. */
    static final int MAX_ENTRIES = 1 << 16;
    /**
     * Flag of an evaluator's header: the next run is sent ahead, and this run's status comes
     * later, at its place among the messages of the runs ahead (docs/protocol.md, "Runs ahead").
     */
    static final int AHEAD = 1;

    final long runIndex;
    final int role;
    final byte[] fingerprint;
    final int[] widths;
    final long nonLinear;
    /** Per party: pairs (width, value id or -1 for fresh). */
    final long[][] segments;
    /** Triples (party, from, to). */
    final int[] kept;
    /** {@link #AHEAD} or 0: how the sender orders its next messages, not compared. */
    final int flags;

    private RunHeader(long runIndex, int role, byte[] fingerprint, int[] widths, long nonLinear,
            long[][] segments, int[] kept, int flags) {
        this.runIndex = runIndex;
        this.role = role;
        this.fingerprint = fingerprint;
        this.widths = widths;
        this.nonLinear = nonLinear;
        this.segments = segments;
        this.kept = kept;
        this.flags = flags;
    }

    static RunHeader of(long runIndex, Party role, RunPlan spec, byte[] fingerprint) {
        return of(runIndex, role, spec, fingerprint, 0);
    }

    static RunHeader of(long runIndex, Party role, RunPlan spec, byte[] fingerprint, int flags) {
        Circuit c = spec.circuit();
        long[][] segs = new long[2][];
        for (Party p : Party.values()) {
            List<RunPlan.Segment> list = spec.inputs(p);
            long[] s = new long[2 * list.size()];
            for (int i = 0; i < list.size(); i++) {
                RunPlan.Segment seg = list.get(i);
                s[2 * i] = seg.width();
                s[2 * i + 1] = seg.isFresh() ? -1 : seg.value().id();
            }
            segs[p.ordinal()] = s;
        }
        int[] kept = new int[3 * spec.kept().size()];
        for (int i = 0; i < spec.kept().size(); i++) {
            RunPlan.Kept k = spec.kept().get(i);
            kept[3 * i] = k.party().ordinal();
            kept[3 * i + 1] = k.from();
            kept[3 * i + 2] = k.to();
        }
        int[] widths = {c.creatorInputCount(), c.evaluatorInputCount(), c.creatorOutputCount(),
            c.evaluatorOutputCount()};
        return new RunHeader(runIndex, role.ordinal(), fingerprint, widths, c.nonLinearCount(), segs, kept, flags);
    }

    /** Bytes of a header of {@code spec} on the wire ({@link #write}). */
    static long bytes(RunPlan spec) {
        long n = 4 + 8 + 4 + 32 + 4 * 4 + 8;
        for (Party p : Party.values()) {
            n += 4 + 16L * spec.inputs(p).size();
        }
        return n + 4 + 12L * spec.kept().size() + 4;
    }

    /** Whether the sender announces the next run ahead ({@link #AHEAD}). */
    boolean ahead() {
        return (flags & AHEAD) != 0;
    }

    void write(Channel ch) throws IOException {
        ch.writeInt(MAGIC);
        ch.writeLong(runIndex);
        ch.writeInt(role);
        ch.write(fingerprint, 0, 32);
        for (int w : widths) {
            ch.writeInt(w);
        }
        ch.writeLong(nonLinear);
        for (long[] s : segments) {
            ch.writeInt(s.length / 2);
            ch.writeLongs(s, 0, s.length);
        }
        ch.writeInt(kept.length / 3);
        for (int k : kept) {
            ch.writeInt(k);
        }
        ch.writeInt(flags);
    }

    /**
     * Reads the peer's header.
     *
     * @throws HandshakeMismatchException if it is not a run header or describes more segments
     *     or ranges than any run can have (the protocol is then out of step)
     */
    static RunHeader read(Channel ch, String who) throws IOException {
        return read(ch, who, ch.readInt());
    }

    /** {@link #read(Channel, String)} whose first int, {@code magic}, was read. */
    static RunHeader read(Channel ch, String who, int magic) throws IOException {
        if (magic != MAGIC) {
            throw new OutOfStepException(who + ": the peer at " + ch.peer() + " sent 0x"
                    + Integer.toHexString(magic) + " where a run header belongs (protocol out of step)");
        }
        long runIndex = ch.readLong();
        int role = ch.readInt();
        byte[] print = new byte[32];
        ch.readFully(print, 0, 32);
        int[] widths = new int[4];
        for (int i = 0; i < 4; i++) {
            widths[i] = ch.readInt();
        }
        long nonLinear = ch.readLong();
        long[][] segs = new long[2][];
        for (int p = 0; p < 2; p++) {
            int n = count(ch.readInt(), who, ch, "input segments");
            segs[p] = new long[2 * n];
            ch.readLongs(segs[p], 0, 2 * n);
        }
        int nk = count(ch.readInt(), who, ch, "kept output ranges");
        int[] kept = new int[3 * nk];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = ch.readInt();
        }
        int flags = ch.readInt();
        if ((flags & ~AHEAD) != 0) {
            throw new OutOfStepException(who + ": the peer at " + ch.peer() + " sent run header flags 0x"
                    + Integer.toHexString(flags) + " that this side does not know (protocol out of step)");
        }
        return new RunHeader(runIndex, role, print, widths, nonLinear, segs, kept, flags);
    }

    private static int count(int n, String who, Channel ch, String what) throws OutOfStepException {
        if (n < 0 || n > MAX_ENTRIES) {
            throw new OutOfStepException(who + ": the peer at " + ch.peer() + " announced " + n + " "
                    + what + " in a run header (at most " + MAX_ENTRIES + "): protocol out of step");
        }
        return n;
    }

    /** Fresh input bits of {@code party} that this header announces, or -1 if they do not add up. */
    long freshBits(Party party) {
        long n = 0;
        long[] s = segments[party.ordinal()];
        for (int i = 0; i < s.length; i += 2) {
            if (s[i] < 0 || s[i] > Integer.MAX_VALUE) {
                return -1;
            }
            if (s[i + 1] < 0) {
                n += s[i];
            }
        }
        return n > Integer.MAX_VALUE ? -1 : n;
    }

    /** What differs between this side's header ({@code this}) and the peer's, in words. */
    List<String> differences(RunHeader peer, Party role) {
        List<String> problems = new ArrayList<>();
        if (peer.runIndex != runIndex) {
            problems.add("peer is at run " + peer.runIndex + " of the session but this side at run " + runIndex);
        }
        if (peer.role != role.peer().ordinal()) {
            problems.add("peer runs as role #" + peer.role + ", expected " + Handshake.name(role.peer()));
        }
        if (!Arrays.equals(peer.fingerprint, fingerprint)) {
            problems.add("peer uses circuit " + Handshake.hex(peer.fingerprint, 8) + "… but this side has "
                    + Handshake.hex(fingerprint, 8) + "…");
        }
        String[] what = {"creator input", "evaluator input", "creator output", "evaluator output"};
        for (int i = 0; i < 4; i++) {
            if (widths[i] != peer.widths[i]) {
                problems.add("peer's circuit has " + peer.widths[i] + " " + what[i]
                        + " bits but this side's has " + widths[i]);
            }
        }
        if (peer.nonLinear != nonLinear) {
            problems.add("peer's circuit has " + peer.nonLinear + " non-linear gates but this side's has " + nonLinear);
        }
        for (Party p : Party.values()) {
            if (!Arrays.equals(segments[p.ordinal()], peer.segments[p.ordinal()])) {
                problems.add("peer takes the " + Handshake.name(p) + "'s inputs as "
                        + describe(peer.segments[p.ordinal()]) + " but this side as "
                        + describe(segments[p.ordinal()]));
            }
        }
        if (!Arrays.equals(kept, peer.kept)) {
            problems.add("peer keeps " + describeKept(peer.kept) + " garbled but this side keeps "
                    + describeKept(kept));
        }
        return problems;
    }

    private static String describe(long[] segs) {
        StringBuilder sb = new StringBuilder();
        int shown = Math.min(segs.length / 2, 8);
        for (int i = 0; i < shown; i++) {
            sb.append(i == 0 ? "" : " + ").append(segs[2 * i]).append(' ')
                    .append(segs[2 * i + 1] < 0 ? "fresh" : "from value #" + segs[2 * i + 1]);
        }
        if (segs.length / 2 > shown) {
            sb.append(" + … (").append(segs.length / 2).append(" segments)");
        }
        return sb.length() == 0 ? "nothing" : sb.toString();
    }

    private static String describeKept(int[] kept) {
        if (kept.length == 0) {
            return "no outputs";
        }
        StringBuilder sb = new StringBuilder();
        int shown = Math.min(kept.length / 3, 8);
        for (int i = 0; i < shown; i++) {
            int p = kept[3 * i];
            sb.append(i == 0 ? "" : ", ").append(p == 0 ? "creator" : p == 1 ? "evaluator" : "party #" + p)
                    .append(" outputs [").append(kept[3 * i + 1]).append(", ").append(kept[3 * i + 2]).append(')');
        }
        if (kept.length / 3 > shown) {
            sb.append(", … (").append(kept.length / 3).append(" ranges)");
        }
        return sb.toString();
    }
}
