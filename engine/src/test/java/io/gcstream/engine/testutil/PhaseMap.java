package io.gcstream.engine.testutil;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.channel.ForwardingChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Where each protocol phase of one party lies in the bytes it sent and received, learned from
 * an honest run: the session names its phase whenever it sets a channel deadline (on entering
 * a phase and for each chunk of a long one) and clears the deadline between phases, so a
 * {@link Recorder} between the session and its channel sees each phase start together with
 * the byte counts at that moment. A seeded session sends the same bytes every time, so the
 * offsets found here place faults of a {@link HostileChannel} in a later run of the same
 * session. Spans are named as the party's own phases ("session handshake", "base OTs",
 * "run header", "input labels", "garbled circuit", "output decoding", "saving state", "idle").
 */
public final class PhaseMap {
    /** Bytes [from, to) of one direction, sent or received while the party was in {@code phase}. */
    public record Span(String phase, long from, long to) {
        public long length() {
            return to - from;
        }

        /** The last {@code n} bytes of this span. */
        public Span tail(int n) {
            return new Span(phase, Math.max(from, to - n), to);
        }

        /** This span without its last {@code n} bytes. */
        public Span dropTail(int n) {
            return new Span(phase, from, Math.max(from, to - n));
        }

        @Override
        public String toString() {
            return phase + " [" + from + ", " + to + ")";
        }
    }

    /** Records the phase changes of the session above it; pass-through otherwise. */
    public static final class Recorder extends ForwardingChannel {
        private final List<String> phases = new ArrayList<>();
        private final List<long[]> counts = new ArrayList<>();

        public Recorder(Channel delegate) {
            super(delegate);
        }

        @Override
        public void deadline(long nanoTime, String phase) {
            mark(phase);
            super.deadline(nanoTime, phase);
        }

        @Override
        public void clearDeadline() {
            mark("idle");
            super.clearDeadline();
        }

        private synchronized void mark(String phase) {
            phases.add(phase);
            counts.add(new long[] {delegate.bytesSent(), delegate.bytesReceived()});
        }

        /** The map of everything recorded so far. */
        public synchronized PhaseMap map() {
            return new PhaseMap(spans(0, delegate.bytesSent()), spans(1, delegate.bytesReceived()));
        }

        private List<Span> spans(int which, long total) {
            List<Span> out = new ArrayList<>();
            for (int i = 0; i < phases.size(); i++) {
                long from = counts.get(i)[which];
                long to = i + 1 < phases.size() ? counts.get(i + 1)[which] : total;
                if (to == from) {
                    continue;
                }
                Span last = out.isEmpty() ? null : out.get(out.size() - 1);
                if (last != null && last.phase().equals(phases.get(i)) && last.to() == from) {
                    out.set(out.size() - 1, new Span(last.phase(), last.from(), to));
                } else {
                    out.add(new Span(phases.get(i), from, to));
                }
            }
            return out;
        }
    }

    private final List<Span> sent;
    private final List<Span> received;

    private PhaseMap(List<Span> sent, List<Span> received) {
        this.sent = List.copyOf(sent);
        this.received = List.copyOf(received);
    }

    /** The spans of the bytes this party sent, in order. */
    public List<Span> sent() {
        return sent;
    }

    /** The spans of the bytes this party received, in order. */
    public List<Span> received() {
        return received;
    }

    /** Total bytes sent in the recorded run. */
    public long sentTotal() {
        return sent.isEmpty() ? 0 : sent.get(sent.size() - 1).to();
    }

    /**
     * The {@code occurrence}-th (from 0) span of sent bytes in {@code phase}.
     *
     * @throws IllegalArgumentException if there is none
     */
    public Span sent(String phase, int occurrence) {
        int k = 0;
        for (Span s : sent) {
            if (s.phase().equals(phase) && k++ == occurrence) {
                return s;
            }
        }
        throw new IllegalArgumentException("no " + occurrence + ". span of '" + phase
                + "' among the sent bytes: " + sent);
    }

    @Override
    public String toString() {
        return "sent " + sent + ", received " + received;
    }
}
