package io.gcstream.engine.internal.state;

import io.gcstream.engine.SessionState;
import java.lang.invoke.MethodHandles;

/**
 * A settled half's bytes encrypted under a random key rather than a password: without the
 * password's slow key derivation, which a random key does not need, for carrying halves between
 * one party's own processes (gcstream-spark's tasks and driver). {@code SessionState} hands this
 * class its package-private operations when it is initialised.
 */
public final class StateBytes {
    private static volatile Operations operations;

    private StateBytes() {
    }

    /** {@code SessionState}'s operations for this class; set once, by {@code SessionState}. */
    public interface Operations {
        byte[] toBytes(SessionState s, byte[] key);

        SessionState fromBytes(byte[] bytes, byte[] key) throws SessionState.StateFileException;
    }

    /** Called by {@code SessionState}'s initialiser only. */
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
                MethodHandles.lookup().ensureInitialized(SessionState.class);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            o = operations;
        }
        return o;
    }

    /**
     * As {@link SessionState#toBytes(char[])}, encrypted under {@code key} (16 to 64 random
     * bytes, e.g. from {@link java.security.SecureRandom}). Read back with
     * {@link #fromBytes(byte[], byte[])} and the same key.
     *
     * @throws IllegalArgumentException if {@code key} is not 16 to 64 bytes
     */
    public static byte[] toBytes(SessionState s, byte[] key) {
        return operations().toBytes(s, key);
    }

    /**
     * The state in {@code bytes}, written by {@link #toBytes(SessionState, byte[])} under {@code key}.
     *
     * @throws SessionState.StateFileException in one line: not a state, damaged, a wrong key, altered
     */
    public static SessionState fromBytes(byte[] bytes, byte[] key) throws SessionState.StateFileException {
        return operations().fromBytes(bytes, key);
    }
}
