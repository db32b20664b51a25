package io.gcstream.circuits.internal;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What gcstream's readers, compiler and engine do with a {@link Circuit} that its API does not
 * offer: make one from a body and its counts, and read its sub-circuit definitions and body.
 * {@link Circuit} installs the access when it is initialised; this class makes sure it has been
 * before the first call.
 */
public final class Circuits {
    /** What {@link Circuit} gives this package. */
    public interface Access {
        Circuit create(int[] creatorInputs, int[] evaluatorInputs, int[] creatorOutputs, int[] evaluatorOutputs,
                int numSlots, List<SubCircuit> subCircuits, long instructionCount, long gateCount,
                long nonLinearCount, long labelSlots, BodySource body, byte[] hash);

        List<SubCircuit> subCircuits(Circuit c);

        InstructionReader openBody(Circuit c) throws IOException;

        BodySource body(Circuit c);
    }

    private static volatile Access access;

    private Circuits() {
    }

    /** Called once, by {@link Circuit}'s static initialiser. */
    public static void install(Access a) {
        synchronized (Circuits.class) {
            if (access != null) {
                throw new IllegalStateException("circuit access already installed");
            }
            access = Objects.requireNonNull(a);
        }
    }

    private static Access access() {
        Access a = access;
        if (a == null) {
            try {
                // Initialising Circuit installs the access.
                Class.forName(Circuit.class.getName(), true, Circuit.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            a = access;
        }
        return a;
    }

    /**
     * A circuit whose body and counts are supplied by a reader. The caller guarantees that the
     * body is checked as it is read (every reader does, through {@link FrameChecker}), and that
     * the counts are the body's; {@code hash} is the circuit's hash if known, else null.
     */
    public static Circuit of(int[] creatorInputs, int[] evaluatorInputs, int[] creatorOutputs,
            int[] evaluatorOutputs, int numSlots, List<SubCircuit> subCircuits,
            long instructionCount, long gateCount, long nonLinearCount, long labelSlots,
            BodySource body, byte[] hash) {
        return access().create(creatorInputs, evaluatorInputs, creatorOutputs, evaluatorOutputs, numSlots,
                subCircuits, instructionCount, gateCount, nonLinearCount, labelSlots, body, hash);
    }

    /** {@code c}'s sub-circuit definitions; a call names one by its index in this list. */
    public static List<SubCircuit> subCircuits(Circuit c) {
        return access().subCircuits(Objects.requireNonNull(c));
    }

    /** Opens {@code c}'s main body for one pass. */
    public static InstructionReader openBody(Circuit c) throws IOException {
        return access().openBody(Objects.requireNonNull(c));
    }

    /** {@code c}'s parallel schedule, if its body offers one ({@link Schedule}); else null. */
    public static Schedule schedule(Circuit c) {
        return access().body(Objects.requireNonNull(c)) instanceof Schedule s ? s : null;
    }

    /** A builder of an in-memory circuit. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds an in-memory circuit; {@link #build()} checks it completely. */
    public static final class Builder extends FrameBuilder<Builder> {
        private final List<SubCircuit> subCircuits = new ArrayList<>();
        private Body body;

        private Builder() {
        }

        @Override
        Builder self() {
            return this;
        }

        /** Adds a definition; returns its index, the number calls use. */
        public int addSubCircuit(SubCircuit sub) {
            subCircuits.add(Objects.requireNonNull(sub));
            return subCircuits.size() - 1;
        }

        /** The definitions added so far, for {@link SubCircuit#of}. */
        public List<SubCircuit> subCircuits() {
            return List.copyOf(subCircuits);
        }

        public Builder body(Body b) {
            body = Objects.requireNonNull(b);
            return this;
        }

        public Circuit build() {
            if (numSlots < 0) {
                throw new CircuitFormatException("main circuit: numberOfRegisters is not set");
            }
            if (body == null) {
                throw new CircuitFormatException("main circuit: no body");
            }
            FrameChecker checker = FrameChecker.ofMain(numSlots, creatorInputs, evaluatorInputs, subCircuits);
            SubCircuit.Counts counts = SubCircuit.Counts.of(body, subCircuits, checker);
            checker.finish(creatorOutputs, "creator output", "");
            checker.finish(evaluatorOutputs, "evaluator output", "");
            checker.checkNumSlots("");
            Body b = body;
            List<SubCircuit> subs = List.copyOf(subCircuits);
            return of(creatorInputs, evaluatorInputs, creatorOutputs, evaluatorOutputs,
                    numSlots, subs, b.instructionCount(), counts.gates, counts.nonLinear,
                    numSlots + counts.deepestCall, () -> new BodyReader(b, subs), null);
        }
    }
}
