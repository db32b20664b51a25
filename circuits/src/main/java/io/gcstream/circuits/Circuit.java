package io.gcstream.circuits;

import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.BodyReader;
import io.gcstream.circuits.internal.BodySource;
import io.gcstream.circuits.internal.CircuitHash;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.FrameChecker;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.SubCircuit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * A slot-ID circuit: input and output slots of both parties, the number of slots {@code S},
 * the sub-circuit definitions it uses and a body read as a stream of instructions.
 *
 * <p>The body may be held in memory ({@link Builder}), streamed from a file by a reader of the
 * formats package, or produced on the fly by a generator (the grid circuits of the library), so
 * a circuit of any length is processed in memory bounded by {@code S}, the sub-circuit
 * definitions and a fixed buffer. Instances are immutable.
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

    /**
     * A circuit whose body and counts are supplied by a reader. The caller guarantees that the
     * body is checked as it is read (every reader does, through {@link FrameChecker}).
     */
    public Circuit(int[] creatorInputs, int[] evaluatorInputs, int[] creatorOutputs,
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

    public static Builder builder() {
        return new Builder();
    }

    /** Slots holding the creator's input bits, bit 0 first. */
    public int[] creatorInputs() {
        return creatorInputs.clone();
    }

    /** Slots holding the evaluator's input bits, bit 0 first. */
    public int[] evaluatorInputs() {
        return evaluatorInputs.clone();
    }

    /** Slots read at the end as the creator's output bits, bit 0 first. */
    public int[] creatorOutputs() {
        return creatorOutputs.clone();
    }

    /** Slots read at the end as the evaluator's output bits, bit 0 first. */
    public int[] evaluatorOutputs() {
        return evaluatorOutputs.clone();
    }

    public int creatorInputCount() {
        return creatorInputs.length;
    }

    public int evaluatorInputCount() {
        return evaluatorInputs.length;
    }

    public int creatorOutputCount() {
        return creatorOutputs.length;
    }

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

    /** Sub-circuit definitions; a call names one by its index in this list. */
    public List<SubCircuit> subCircuits() {
        return subCircuits;
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

    /** Opens the main body for one pass. */
    public InstructionReader openBody() throws IOException {
        return body.open();
    }

    /** SHA-256 of the canonical encoding: equal for equal circuits, whatever their format. */
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

    /** {@link #hash()} in lower-case hex. */
    public String hashHex() {
        return HexFormat.of().formatHex(hash());
    }

    /** Builds an in-memory circuit; {@link #build()} checks it completely. */
    public static final class Builder {
        private int[] creatorInputs = new int[0];
        private int[] evaluatorInputs = new int[0];
        private int[] creatorOutputs = new int[0];
        private int[] evaluatorOutputs = new int[0];
        private int numSlots = -1;
        private final List<SubCircuit> subCircuits = new ArrayList<>();
        private Body body;

        private Builder() {
        }

        public Builder creatorInputs(int... slots) {
            creatorInputs = slots.clone();
            return this;
        }

        public Builder evaluatorInputs(int... slots) {
            evaluatorInputs = slots.clone();
            return this;
        }

        public Builder creatorOutputs(int... slots) {
            creatorOutputs = slots.clone();
            return this;
        }

        public Builder evaluatorOutputs(int... slots) {
            evaluatorOutputs = slots.clone();
            return this;
        }

        public Builder numSlots(int s) {
            numSlots = s;
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
            return new Circuit(creatorInputs, evaluatorInputs, creatorOutputs, evaluatorOutputs,
                    numSlots, subs, b.instructionCount(), counts.gates, counts.nonLinear,
                    numSlots + counts.deepestCall, () -> new BodyReader(b, subs), null);
        }
    }
}
