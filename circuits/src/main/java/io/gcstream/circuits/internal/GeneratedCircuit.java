package io.gcstream.circuits.internal;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormatException;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Makes a {@link Circuit} whose main body is produced on the fly by a generator, so a circuit
 * of billions of gates is never held: only its sub-circuit definitions and the generator's own
 * state are. The counts ({@link Circuit#gateCount()} etc.) are declared up front, as a
 * generator computes them from its parameters; every pass over the body then checks it as it
 * goes, with the one {@link FrameChecker} every reader uses, and checks at the end that the
 * body produced exactly the declared counts. A generator bug is thus a
 * {@link CircuitFormatException} naming the instruction, never a silently wrong circuit.
 *
 * <pre>{@code
 * Circuit c = GeneratedCircuit.builder()
 *         .creatorInputs(...).evaluatorInputs(...).evaluatorOutputs(...)
 *         .numSlots(s).subCircuits(defs)
 *         .counts(instructions, gates, nonLinear, deepestCall)
 *         .body(() -> new MyReader(...))     // a fresh reader per pass
 *         .build();
 * }</pre>
 *
 * <p>The checking costs one bit per main-frame slot and a few operations per slot a call
 * binds. The builder is not thread-safe; the circuit it builds is immutable and its body may
 * be opened by several passes at once if the generator's readers are independent.
 */
public final class GeneratedCircuit {
    private GeneratedCircuit() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the parts of a generated circuit. */
    public static final class Builder extends FrameBuilder<Builder> {
        private List<SubCircuit> subs = List.of();
        private long instructions = -1;
        private long gates;
        private long nonLinear;
        private long deepestCall;
        private BodySource body;
        private Schedule schedule;
        private String name = "generated circuit";

        @Override
        Builder self() {
            return this;
        }

        /** The definitions the body calls, by index; each may call only earlier ones. */
        public Builder subCircuits(List<SubCircuit> definitions) {
            subs = List.copyOf(definitions);
            return this;
        }

        /**
         * What the body will produce: instructions as written, gates and non-linear gates with
         * calls expanded, and the largest {@link SubCircuit#frameDepth()} of any sub-circuit it
         * calls (0 if none).
         */
        public Builder counts(long instructionCount, long gateCount, long nonLinearCount, long deepestCallDepth) {
            if (instructionCount < 0 || gateCount < 0 || nonLinearCount < 0 || nonLinearCount > gateCount
                    || deepestCallDepth < 0) {
                throw new IllegalArgumentException("counts out of range");
            }
            instructions = instructionCount;
            gates = gateCount;
            nonLinear = nonLinearCount;
            deepestCall = deepestCallDepth;
            return this;
        }

        /** Opens a fresh reader of the generated body for each pass. */
        public Builder body(BodySource source) {
            body = Objects.requireNonNull(source);
            return this;
        }

        /**
         * The body's {@link Schedule}, which {@link Circuits#schedule} then returns. Its pieces
         * are not checked as they are read: the generator's tests check them.
         */
        public Builder schedule(Schedule s) {
            schedule = Objects.requireNonNull(s);
            return this;
        }

        /** Names the circuit in error messages (default "generated circuit"). */
        public Builder name(String circuitName) {
            name = Objects.requireNonNull(circuitName);
            return this;
        }

        /**
         * The circuit. Checks now what can be checked without the body (slots in range, inputs
         * distinct); the body is checked on every pass.
         */
        public Circuit build() {
            if (numSlots < 0) {
                throw new IllegalArgumentException(name + ": numSlots is not set");
            }
            if (instructions < 0) {
                throw new IllegalArgumentException(name + ": counts are not set");
            }
            Objects.requireNonNull(body, "body");
            int[] allInputs = allInputs(creatorInputs, evaluatorInputs);
            new FrameChecker(name, numSlots, allInputs, subs); // throws for bad input slots
            for (int[] outs : new int[][] {creatorOutputs, evaluatorOutputs}) {
                for (int s : outs) {
                    if (s < 0 || s >= numSlots) {
                        throw new IllegalArgumentException(name + ": output slot " + s + " is out of range");
                    }
                }
            }
            // Inputs numbered 0..n-1 (a compiled body) are not kept a second time per circuit.
            Spec spec = new Spec(name, numSlots, firstSlots(allInputs) ? null : allInputs, allInputs.length,
                    creatorOutputs, evaluatorOutputs, subs, instructions, gates, nonLinear, numSlots + deepestCall);
            BodySource source = body;
            BodySource checked = () -> new CheckedReader(source.open(), spec);
            return Circuits.of(creatorInputs, evaluatorInputs, creatorOutputs, evaluatorOutputs, numSlots,
                    subs, instructions, gates, nonLinear, numSlots + deepestCall,
                    schedule == null ? checked : new ScheduledSource(checked, schedule), null);
        }

        private static boolean firstSlots(int[] inputs) {
            for (int i = 0; i < inputs.length; i++) {
                if (inputs[i] != i) {
                    return false;
                }
            }
            return true;
        }

        private static int[] allInputs(int[] a, int[] b) {
            int[] all = new int[a.length + b.length];
            System.arraycopy(a, 0, all, 0, a.length);
            System.arraycopy(b, 0, all, a.length, b.length);
            return all;
        }
    }

    /** A checked body that also offers its schedule. */
    private record ScheduledSource(BodySource body, Schedule schedule) implements BodySource, Schedule {
        @Override
        public InstructionReader open() throws IOException {
            return body.open();
        }

        @Override
        public int maxSegmentNonLinear() {
            return schedule.maxSegmentNonLinear();
        }

        @Override
        public Piece open(int pieces, int piece) throws IOException {
            return schedule.open(pieces, piece);
        }
    }

    /** What a pass must find: the frame and the declared counts. */
    private record Spec(String name, int numSlots, int[] inputs, int inputCount, int[] creatorOutputs,
            int[] evaluatorOutputs, List<SubCircuit> subs, long instructions, long gates,
            long nonLinear, long labelSlots) {
    }

    /** Passes the generator's instructions through, checking and counting each. */
    private static final class CheckedReader implements InstructionReader {
        private final InstructionReader in;
        private final Spec spec;
        private final FrameChecker checker;
        private final Supplier<String> position;
        private long instructions;
        private long gates;
        private long nonLinear;
        private long deepest;
        private boolean ended;

        CheckedReader(InstructionReader in, Spec spec) {
            this.in = in;
            this.spec = spec;
            this.checker = spec.inputs() == null
                    ? new FrameChecker(spec.name(), spec.numSlots(), spec.inputCount(), spec.subs())
                    : new FrameChecker(spec.name(), spec.numSlots(), spec.inputs(), spec.subs());
            this.position = () -> "instruction " + instructions + " (" + in.position() + ")";
        }

        @Override
        public boolean next() throws IOException {
            if (ended) {
                return false;
            }
            if (!in.next()) {
                end();
                return false;
            }
            instructions++;
            if (in.isCall()) {
                int callee = in.callee();
                checker.call(callee, in.callSlots(), in.callSlotCount(), position);
                SubCircuit sub = spec.subs().get(callee);
                gates += sub.gateCount();
                nonLinear += sub.nonLinearCount();
                deepest = Math.max(deepest, sub.frameDepth());
            } else {
                int table = in.table();
                checker.gate(in.out(), in.in1(), in.in2(), table, position);
                gates++;
                if (!TruthTable.isLinear(table)) {
                    nonLinear++;
                }
            }
            if (instructions > spec.instructions()) {
                throw new CircuitFormatException(position.get() + ": " + spec.name() + " declares "
                        + spec.instructions() + " instructions but its generator produces more");
            }
            return true;
        }

        private void end() {
            ended = true;
            String at = "end of " + spec.name();
            count(at, "instructions", spec.instructions(), instructions);
            count(at, "gates", spec.gates(), gates);
            count(at, "non-linear gates", spec.nonLinear(), nonLinear);
            count(at, "label slots", spec.labelSlots(), spec.numSlots() + deepest);
            checker.finish(spec.creatorOutputs(), "creator output", at);
            checker.finish(spec.evaluatorOutputs(), "evaluator output", at);
            checker.checkNumSlots(at);
        }

        private static void count(String at, String what, long declared, long produced) {
            if (declared != produced) {
                throw new CircuitFormatException(at + ": declares " + declared + " " + what
                        + " but its generator produced " + produced);
            }
        }

        @Override
        public boolean isCall() {
            return in.isCall();
        }

        @Override
        public int table() {
            return in.table();
        }

        @Override
        public int out() {
            return in.out();
        }

        @Override
        public int in1() {
            return in.in1();
        }

        @Override
        public int in2() {
            return in.in2();
        }

        @Override
        public int callee() {
            return in.callee();
        }

        @Override
        public int[] callSlots() {
            return in.callSlots();
        }

        @Override
        public int callSlotCount() {
            return in.callSlotCount();
        }

        @Override
        public String position() {
            return "instruction " + instructions + " (" + in.position() + ")";
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
