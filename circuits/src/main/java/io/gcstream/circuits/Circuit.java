package io.gcstream.circuits;

import io.gcstream.circuits.internal.BodySource;
import io.gcstream.circuits.internal.CircuitHash;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.SubCircuit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A slot-ID circuit: the input and output bits of both parties, the number of slots {@code S},
 * the sub-circuit definitions it calls and a body read as a stream of instructions.
 *
 * <p>A program gets circuits from {@link CircuitFiles}, the compiler or its library; it reads
 * their counts and {@link #hash()} and runs them (a session, {@link Simulator}). The body may be
 * held in memory, streamed from a file or produced on the fly by a generator, so a circuit of
 * any length is processed in memory bounded by {@code S}, the sub-circuit definitions and a
 * fixed buffer. Immutable and safe to share between threads.
 */
public final class Circuit {
    static {
        // The engine reads the slot lists once per run; lending them saves a copy of each.
        CircuitSlots.install(new CircuitSlots.Access() {
            @Override
            public int[] inputs(Circuit c, Party party) {
                return party == Party.CREATOR ? c.creatorInputs : c.evaluatorInputs;
            }

            @Override
            public int[] outputs(Circuit c, Party party) {
                return party == Party.CREATOR ? c.creatorOutputs : c.evaluatorOutputs;
            }
        });
        Circuits.install(new Circuits.Access() {
            @Override
            public Circuit create(int[] creatorInputs, int[] evaluatorInputs, int[] creatorOutputs,
                    int[] evaluatorOutputs, int numSlots, List<SubCircuit> subCircuits, long instructionCount,
                    long gateCount, long nonLinearCount, long labelSlots, BodySource body, byte[] hash) {
                return new Circuit(creatorInputs, evaluatorInputs, creatorOutputs, evaluatorOutputs, numSlots,
                        subCircuits, instructionCount, gateCount, nonLinearCount, labelSlots, body, hash);
            }

            @Override
            public List<SubCircuit> subCircuits(Circuit c) {
                return c.subCircuits;
            }

            @Override
            public InstructionReader openBody(Circuit c) throws IOException {
                return c.body.open();
            }

            @Override
            public BodySource body(Circuit c) {
                return c.body;
            }
        });
    }

    private final int[] creatorInputs;
    private final int[] evaluatorInputs;
    private final int[] creatorOutputs;
    private final int[] evaluatorOutputs;
    private final int numSlots;
    private final List<SubCircuit> subCircuits;
    private final long instructionCount;
    private final long gateCount;
    private final long nonLinearCount;
    private final long labelSlots;
    private final BodySource body;
    private volatile byte[] hash;
    private final Object hashLock = new Object();

    /** See {@link Circuits#of}: the body is checked as it is read, by the caller's reader. */
    private Circuit(int[] creatorInputs, int[] evaluatorInputs, int[] creatorOutputs,
            int[] evaluatorOutputs, int numSlots, List<SubCircuit> subCircuits,
            long instructionCount, long gateCount, long nonLinearCount, long labelSlots,
            BodySource body, byte[] hash) {
        this.creatorInputs = creatorInputs.clone();
        this.evaluatorInputs = evaluatorInputs.clone();
        this.creatorOutputs = creatorOutputs.clone();
        this.evaluatorOutputs = evaluatorOutputs.clone();
        this.numSlots = numSlots;
        this.subCircuits = List.copyOf(subCircuits);
        this.instructionCount = instructionCount;
        this.gateCount = gateCount;
        this.nonLinearCount = nonLinearCount;
        this.labelSlots = labelSlots;
        this.body = Objects.requireNonNull(body);
        this.hash = hash == null ? null : hash.clone();
    }

    /** The creator's input bits. */
    public int creatorInputCount() {
        return creatorInputs.length;
    }

    /** The evaluator's input bits. */
    public int evaluatorInputCount() {
        return evaluatorInputs.length;
    }

    /** The creator's output bits. */
    public int creatorOutputCount() {
        return creatorOutputs.length;
    }

    /** The evaluator's output bits. */
    public int evaluatorOutputCount() {
        return evaluatorOutputs.length;
    }

    /** S: the number of slots of the main body's frame. */
    public int numSlots() {
        return numSlots;
    }

    /** Labels an engine must hold: S plus the deepest chain of nested call frames. */
    public long labelSlots() {
        return labelSlots;
    }

    /** Instructions of the main body as written (gates plus calls). */
    public long instructionCount() {
        return instructionCount;
    }

    /** Gates executed, calls expanded. */
    public long gateCount() {
        return gateCount;
    }

    /** Non-linear gates executed, calls expanded: what garbling costs. */
    public long nonLinearCount() {
        return nonLinearCount;
    }

    /** The sub-circuit definitions the body calls, in the order of their index, as {@code gc info} lists them. */
    public List<SubCircuitInfo> subCircuitInfo() {
        List<SubCircuitInfo> l = new ArrayList<>(subCircuits.size());
        for (SubCircuit s : subCircuits) {
            l.add(new SubCircuitInfo(s));
        }
        return List.copyOf(l);
    }

    /**
     * SHA-256 of the canonical encoding: equal for equal circuits, whatever their format. Two
     * parties compare it before a run. Computed once (a pass over the body), from any thread.
     */
    public byte[] hash() {
        byte[] h = hash;
        if (h == null) {
            // Computed once even when threads ask at the same time: for a large file it is a
            // full pass over the file, which a caller may have started in the background.
            synchronized (hashLock) {
                h = hash;
                if (h == null) {
                    h = CircuitHash.compute(this);
                    hash = h;
                }
            }
        }
        return h.clone();
    }

    /** What one sub-circuit definition of a circuit is: its name, interface and counts per call. */
    public static final class SubCircuitInfo {
        private final SubCircuit sub;

        private SubCircuitInfo(SubCircuit sub) {
            this.sub = sub;
        }

        /** The name it was defined with. */
        public String name() {
            return sub.name();
        }

        /** Input bits of a call. */
        public int inputCount() {
            return sub.inputCount();
        }

        /** Output bits of a call. */
        public int outputCount() {
            return sub.outputCount();
        }

        /** S of its body (its own frame). */
        public int numSlots() {
            return sub.numSlots();
        }

        /** Instructions of its body as written (gates plus calls). */
        public long instructionCount() {
            return sub.instructionCount();
        }

        /** Gates one call executes, nested calls expanded. */
        public long gateCount() {
            return sub.gateCount();
        }

        /** Non-linear gates one call executes, nested calls expanded. */
        public long nonLinearCount() {
            return sub.nonLinearCount();
        }
    }
}
