package io.gcstream.ot.internal;

import io.gcstream.ot.OtExtensionReceiver;
import io.gcstream.ot.OtExtensionSender;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.lang.invoke.MethodHandles;

/**
 * The OT extension's correlated OTs with the session's fixed Delta, which gcstream's garbling
 * session uses for its input labels: the sender's secret s is the free-XOR offset, chosen by
 * the caller so that resumed garbled values keep theirs. Not part of the API: a caller must keep
 * s secret and uniformly random. {@code OtExtensionSender} and {@code OtExtensionReceiver} hand
 * this class their package-private operations when they are initialised.
 */
public final class SessionDeltaOt {
    private static volatile Operations operations;

    private SessionDeltaOt() {
    }

    /** The extension's operations for this class; set once, by {@code OtExtensionSender}. */
    public interface Operations {
        OtExtensionSender setup(Channel ch, OtOptions o, long sLo, long sHi) throws IOException;

        void send(OtExtensionSender s, int n, long[] out, int outOff) throws IOException;

        long deltaLo(OtExtensionSender s);

        long deltaHi(OtExtensionSender s);

        void receive(OtExtensionReceiver r, long[] choices, boolean[] bools, int off, int n, long[] out, int outOff)
                throws IOException;
    }

    /** Called by {@code OtExtensionSender}'s initialiser only. */
    public static void register(Operations o) {
        if (operations != null) {
            throw new IllegalStateException("already registered");
        }
        operations = o;
    }

    private static Operations operations() {
        Operations o = operations;
        if (o == null) {
            try {
                MethodHandles.lookup().ensureInitialized(OtExtensionSender.class);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            o = operations;
        }
        return o;
    }

    /**
     * As {@link OtExtensionSender#setup(Channel, OtOptions)} with the secret s = (sLo, sHi)
     * chosen by the caller: the session Delta. A garbling session that resumes saved garbled
     * values passes the Delta they were made with, so old and new labels share one offset. s must
     * be secret and uniformly random (apart from its lowest bit, which must be 1); the base OTs
     * are fresh, so the peer learns nothing of s.
     *
     * @throws IllegalArgumentException if the lowest bit of {@code sLo} is 0
     */
    public static OtExtensionSender setup(Channel ch, OtOptions o, long sLo, long sHi) throws IOException {
        return operations().setup(ch, o, sLo, sHi);
    }

    /**
     * n correlated OTs whose correlation is the session's Delta s: {@code out} gets x_i (blocks
     * outOff..outOff+n-1), the receiver gets x_i ^ c_i s. No hashing, no message back (only the
     * receiver's matrix U is sent).
     */
    public static void correlated(OtExtensionSender s, int n, long[] out, int outOff) throws IOException {
        operations().send(s, n, out, outOff);
    }

    /** Low 64 bits of the session's Delta s; its lowest bit is always 1. Secret: never send or log it. */
    public static long deltaLo(OtExtensionSender s) {
        return operations().deltaLo(s);
    }

    /** High 64 bits of the session's Delta s. Secret. */
    public static long deltaHi(OtExtensionSender s) {
        return operations().deltaHi(s);
    }

    /**
     * Matches {@link #correlated(OtExtensionSender, int, long[], int)}: {@code out} gets
     * x_i ^ c_i s, c_i bit off+i of {@code choices}. Sends U only; receives nothing.
     */
    public static void correlated(OtExtensionReceiver r, long[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        operations().receive(r, choices, null, off, n, out, outOff);
    }

    /** As {@link #correlated(OtExtensionReceiver, long[], int, int, long[], int)} with choices[off..off+n). */
    public static void correlated(OtExtensionReceiver r, boolean[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        operations().receive(r, null, choices, off, n, out, outOff);
    }
}
