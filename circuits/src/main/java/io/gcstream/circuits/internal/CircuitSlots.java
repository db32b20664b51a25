package io.gcstream.circuits.internal;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import java.util.Objects;

/**
 * A circuit's input and output slot lists without the copy {@link Circuit}'s public accessors
 * make: a circuit of 10^6 inputs would otherwise allocate megabytes per party and run. The
 * arrays returned are the circuit's own and must not be written. {@link Circuit} installs the
 * access when it is initialised, which happens before any instance exists.
 */
public final class CircuitSlots {
    /** What {@link Circuit} lends: its own arrays. */
    public interface Access {
        int[] inputs(Circuit c, Party party);

        int[] outputs(Circuit c, Party party);
    }

    private static volatile Access access;

    private CircuitSlots() {
    }

    /** Called once, by {@link Circuit}'s static initialiser. */
    public static void install(Access a) {
        synchronized (CircuitSlots.class) {
            if (access != null) {
                throw new IllegalStateException("circuit slot access already installed");
            }
            access = Objects.requireNonNull(a);
        }
    }

    /** {@code party}'s input slots of {@code c}, bit 0 first; read only. */
    public static int[] inputs(Circuit c, Party party) {
        return access.inputs(Objects.requireNonNull(c), party);
    }

    /** {@code party}'s output slots of {@code c}, bit 0 first; read only. */
    public static int[] outputs(Circuit c, Party party) {
        return access.outputs(Objects.requireNonNull(c), party);
    }
}
