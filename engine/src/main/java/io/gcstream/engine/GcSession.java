package io.gcstream.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.session.CorrelatedOt;
import io.gcstream.engine.session.CreatorProtocol;
import io.gcstream.engine.session.EvaluatorProtocol;
import io.gcstream.engine.session.Handshake;
import io.gcstream.engine.session.OtExtensionCot;
import io.gcstream.engine.session.Protocol;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.PeerClosedException;
import io.gcstream.ot.channel.PeerTimeoutException;
import io.gcstream.ot.crypto.Prg;
import java.io.IOException;
import java.util.Locale;
import java.util.Objects;

/**
 * One party of a semi-honest two-party computation with streamed garbled circuits (Yao's
 * protocol with free-XOR and half-gates or GRR3), over one {@link Channel} to the peer.
 *
 * <pre>{@code
 * // creator (garbler)                                  // evaluator
 * GcSession s = GcSession.creator(ch, options);         GcSession s = GcSession.evaluator(ch, options);
 * boolean[] mine = s.run(circuit, creatorBits);         boolean[] mine = s.run(circuit, evaluatorBits);
 * RunStats st = s.lastStats();
 * }</pre>
 *
 * <p>Each party learns only its own outputs. The first {@link #run} also performs the session
 * handshake and the base OTs; later runs (of the same or other circuits) reuse them, so a
 * session can run many circuits over one connection. Both parties must call {@code run} with
 * the same circuits in the same order; any disagreement (roles, scheme, circuit, sizes) is a
 * {@link HandshakeMismatchException} on both sides.
 *
 * <p>{@code run} blocks until the run is complete; a peer that disconnects or stalls beyond
 * the channel's read timeout ends it with a {@link SessionException}. After any failure other
 * than a run mismatch the session closes its channel (so the peer fails promptly as well) and
 * refuses further runs. The caller owns the channel otherwise and closes it when done.
 * Thread-safe in the sense that runs are serialised; one session per channel.
 */
public final class GcSession {
    private final Channel channel;
    private final SessionOptions options;
    private final Protocol protocol;
    private final CorrelatedOt ot;
    private boolean setUp;
    private long runIndex;
    private RunStats last;
    private IOException failure;

    private GcSession(Party role, Channel channel, SessionOptions options, CorrelatedOt ot) {
        this.channel = Objects.requireNonNull(channel, "channel");
        this.options = Objects.requireNonNull(options, "options");
        this.ot = Objects.requireNonNull(ot, "ot");
        Prg prg = options.seed().isPresent()
                ? new Prg(options.seed().getAsLong(), role == Party.CREATOR ? 0x43L : 0x45L)
                : Prg.fromSecureRandom();
        this.protocol = role == Party.CREATOR
                ? new CreatorProtocol(channel, prg, options.scheme())
                : new EvaluatorProtocol(channel, prg, options.scheme());
        this.protocol.progress(options.progress());
    }

    /** The creator (garbler) side over {@code channel}. Does not communicate yet. */
    public static GcSession creator(Channel channel, SessionOptions options) {
        return new GcSession(Party.CREATOR, channel, options,
                OtExtensionCot.forSession(options.seed(), true));
    }

    /** The evaluator side over {@code channel}. Does not communicate yet. */
    public static GcSession evaluator(Channel channel, SessionOptions options) {
        return new GcSession(Party.EVALUATOR, channel, options,
                OtExtensionCot.forSession(options.seed(), false));
    }

    /** A session with another way of doing the evaluator's input OTs (tests). */
    static GcSession create(Party role, Channel channel, SessionOptions options, CorrelatedOt ot) {
        return new GcSession(role, channel, options, ot);
    }

    /** This side's role. */
    public Party role() {
        return protocol.role();
    }

    /** The options the session was made with. */
    public SessionOptions options() {
        return options;
    }

    /** Runs completed so far. */
    public synchronized long completedRuns() {
        return runIndex;
    }

    /** Statistics of the last successful run, or null before the first. */
    public synchronized RunStats lastStats() {
        return last;
    }

    /**
     * Runs {@code circuit} with this party's input bits (bit i to the i-th input slot of this
     * party) and returns this party's output bits.
     *
     * @throws IllegalArgumentException   if {@code inputBits} does not have the circuit's number
     *                                    of input bits for this party (nothing is sent)
     * @throws HandshakeMismatchException if the parties disagree on the session or the circuit
     * @throws SessionException           if the peer fails, stalls, disconnects or sends garbage
     * @throws IOException                if the circuit body cannot be read
     */
    public synchronized boolean[] run(Circuit circuit, boolean[] inputBits) throws IOException {
        Objects.requireNonNull(circuit, "circuit");
        Objects.requireNonNull(inputBits, "inputBits");
        if (failure != null) {
            throw new IllegalStateException("this " + name() + " session failed earlier and cannot"
                    + " run again: " + failure.getMessage(), failure);
        }
        int expected = role() == Party.CREATOR ? circuit.creatorInputCount()
                : circuit.evaluatorInputCount();
        if (inputBits.length != expected) {
            throw new IllegalArgumentException(name() + " input has " + inputBits.length
                    + " bits but the circuit takes " + expected);
        }
        long sent0 = channel.bytesSent();
        long recv0 = channel.bytesReceived();
        long t0 = System.nanoTime();
        long setupNanos = 0;
        try {
            // Inside the try: if the circuit cannot be read, the channel is closed and the
            // peer fails at once instead of waiting for its read timeout.
            byte[] fingerprint = circuit.hash();
            if (!setUp) {
                protocol.phase("session handshake");
                Handshake.hello(channel, role(), options.scheme());
                protocol.setup(ot);
                setUp = true;
                setupNanos = System.nanoTime() - t0;
            }
            long tRun = System.nanoTime();
            protocol.phase("run header");
            try {
                Handshake.run(channel, role(), runIndex, circuit, fingerprint);
            } catch (HandshakeMismatchException e) {
                runIndex++; // both sides exchanged a header: stay in step, stay usable
                throw e;
            }
            boolean[] out = protocol.run(circuit, inputBits);
            long end = System.nanoTime();
            runIndex++;
            long ot = protocol.inputsDoneNanos() - tRun;
            last = new RunStats(role(), options.scheme(), setupNanos, ot,
                    end - protocol.inputsDoneNanos(), end - t0, channel.bytesSent() - sent0,
                    channel.bytesReceived() - recv0, protocol.lastGates(),
                    protocol.lastNonLinear(), circuit.labelSlots());
            return out;
        } catch (HandshakeMismatchException e) {
            if (!setUp) {
                fail(e);
            }
            throw e;
        } catch (SessionException e) {
            throw fail(e);
        } catch (PeerClosedException e) {
            throw fail(new SessionException(name() + ": the peer " + channel.peer()
                    + " closed the connection during " + protocol.phase() + ": " + e.getMessage(), e));
        } catch (PeerTimeoutException e) {
            throw fail(new SessionException(name() + ": the peer " + channel.peer()
                    + " sent nothing within the read timeout during " + protocol.phase() + ": "
                    + e.getMessage(), e));
        } catch (IOException | RuntimeException e) {
            throw fail(new SessionException(name() + ": " + protocol.phase() + " failed: " + e, e));
        }
    }

    private SessionException fail(SessionException e) {
        failure = e;
        try {
            channel.close();
        } catch (IOException | RuntimeException ignored) {
            // The session has failed already; closing is only to release the peer.
        }
        return e;
    }

    private String name() {
        return role().name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return "GcSession{" + name() + ", peer=" + channel.peer() + ", " + options.scheme()
                + ", runs=" + runIndex + "}";
    }
}
