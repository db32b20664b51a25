package io.gcstream.engine.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitWalker;
import io.gcstream.circuits.GateSink;
import io.gcstream.circuits.Party;
import io.gcstream.engine.ProgressListener;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionException;
import io.gcstream.engine.garble.GarblingScheme;
import io.gcstream.engine.garble.TweakableHash;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.crypto.Prg;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One party's side of the per-run protocol (after the run header), shared state of a session:
 * channel, randomness, hash, and the gate counter that continues across runs so that no hash
 * tweak repeats within a session. Subclasses: {@link CreatorProtocol}, {@link EvaluatorProtocol}.
 * Internal; used by {@code GcSession}.
 */
public abstract class Protocol {
    /** Input labels move in chunks of this many blocks, so memory does not grow with inputs. */
    static final int CHUNK = 4096;
    /** "END1" + "GATE": written after the garbled tables, with the gate counter. */
    static final long END_MAGIC = 0x4554414731444e45L;

    final Channel ch;
    final Prg prg;
    final GarblingScheme scheme;
    final TweakableHash hash = new TweakableHash();
    final long[] chunk = new long[2 * CHUNK];
    /** Session-wide counter of non-linear gates (the hash tweak). */
    long gateCounter;
    /** What the party is doing, for error messages. */
    volatile String phase = "session handshake";
    /** Set by {@link #run} when the input-label phase ends. */
    long inputsDoneNanos;
    long lastGates;
    long lastNonLinear;

    Protocol(Channel ch, Prg prg, Scheme scheme) {
        this.ch = ch;
        this.prg = prg;
        this.scheme = GarblingScheme.of(scheme);
    }

    /** The role this side plays. */
    public abstract Party role();

    /** Once per session, after the hello: base OTs. */
    public abstract void setup(CorrelatedOt ot) throws IOException;

    /**
     * One run after the headers matched: input labels, the garbled stream, output decoding.
     *
     * @return this party's output bits
     */
    public abstract boolean[] run(Circuit c, boolean[] inputs) throws IOException;

    /** The current phase, for messages ("garbled circuit", "output decoding", ...). */
    public String phase() {
        return phase;
    }

    /** Names what the party is doing now (the session sets the handshake phases). */
    public void phase(String p) {
        this.phase = p;
    }

    /** When the input-label phase of the last run ended (System.nanoTime). */
    public long inputsDoneNanos() {
        return inputsDoneNanos;
    }

    /** Gates streamed by the last run. */
    public long lastGates() {
        return lastGates;
    }

    /** Non-linear gates streamed by the last run. */
    public long lastNonLinear() {
        return lastNonLinear;
    }

    /** Where stream progress goes, or null. */
    ProgressListener progress;

    /** Sets the progress listener (null: none). */
    public void progress(ProgressListener p) {
        this.progress = p;
    }

    /**
     * Runs the walker, turning the sink's wrapped channel errors back into IOExceptions and
     * reporting progress once per {@link ProgressListener#INTERVAL} gates (per batch, not per
     * gate, so it costs nothing measurable).
     */
    void walk(Circuit c, GateSink sink) throws IOException {
        GateSink s = sink;
        ProgressListener p = progress;
        if (p != null) {
            Party role = role();
            long total = c.gateCount();
            long[] done = {0, ProgressListener.INTERVAL};
            s = (ops, count) -> {
                sink.gates(ops, count);
                done[0] += count;
                if (done[0] >= done[1]) {
                    done[1] += ProgressListener.INTERVAL;
                    p.progress(role, done[0], total);
                }
            };
        }
        try {
            new CircuitWalker(c).walk(s);
            if (p != null) {
                p.progress(role(), c.gateCount(), c.gateCount());
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    SessionException fault(String message) {
        return new SessionException(Handshake.name(role()) + ": " + message + " (peer "
                + ch.peer() + ", " + phase + ")");
    }
}
