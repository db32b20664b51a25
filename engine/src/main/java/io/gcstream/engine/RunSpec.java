package io.gcstream.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.internal.session.RunPlan;
import java.util.Objects;

/**
 * What one run of a {@link GcSession} computes and where its inputs come from and its outputs
 * go: the circuit; for each party, its input bits as a sequence of segments, each either fresh
 * bits that party supplies now or a {@link GarbledValue} kept from an earlier run; and which
 * ranges of each party's outputs stay garbled instead of being decoded.
 *
 * <p>Both parties build the same spec, each with its own handles of the kept values; the run
 * header carries a description of it (circuit, segment widths and value numbers, kept ranges)
 * and any difference is a {@link HandshakeMismatchException} on both sides before anything
 * secret is sent. {@link #of(Circuit)} is the plain case: all inputs fresh, all outputs decoded.
 *
 * <pre>{@code
 * RunSpec spec = RunSpec.builder(chunkCircuit)
 *         .input(Party.CREATOR, runningMinimum)   // first creator input bits: a kept value
 *         .keep(Party.CREATOR)                    // the creator's outputs stay garbled
 *         .build();                               // all other inputs: fresh bits
 * RunResult r = session.run(spec, myFreshBits);
 * runningMinimum = r.kept().get(0);
 * }</pre>
 *
 * Immutable. Building checks widths against the circuit; values are checked when the run
 * starts (that they belong to the session and are still available).
 */
public final class RunSpec {
    private final RunPlan plan;

    private RunSpec(RunPlan plan) {
        this.plan = plan;
    }

    /** All inputs fresh, all outputs decoded. */
    public static RunSpec of(Circuit circuit) {
        return builder(circuit).build();
    }

    /** A builder for a run of {@code circuit}. */
    public static Builder builder(Circuit circuit) {
        return new Builder(circuit);
    }

    /** The circuit of the run. */
    Circuit circuit() {
        return plan.circuit();
    }

    /** How many fresh input bits {@code party} supplies: the length of its bits for the run. */
    int freshBits(Party party) {
        return plan.freshBits(Objects.requireNonNull(party, "party"));
    }

    /** What the protocol reads of the spec. */
    RunPlan plan() {
        return plan;
    }

    @Override
    public String toString() {
        return plan.toString();
    }

    /** Builds a {@link RunSpec}; segments are appended in order, the rest of each party's inputs is fresh. */
    public static final class Builder {
        private final RunPlan.Builder b;

        private Builder(Circuit circuit) {
            this.b = RunPlan.builder(circuit);
        }

        /**
         * The next {@code value.width()} input bits of {@code party} come from a kept value.
         *
         * @throws IllegalStateException    if the value is gone
         * @throws IllegalArgumentException if it is already an input of this run, or the party's
         *                                  inputs would be more than the circuit takes
         */
        public Builder input(Party party, GarbledValue value) {
            b.input(party, value);
            return this;
        }

        /** The next {@code bits} input bits of {@code party} are fresh bits that party supplies. */
        public Builder fresh(Party party, int bits) {
            b.fresh(party, bits);
            return this;
        }

        /** All of {@code party}'s outputs stay garbled, as one value. */
        public Builder keep(Party party) {
            b.keep(party);
            return this;
        }

        /**
         * {@code party}'s output bits {@code [from, to)} stay garbled, as one value.
         *
         * @throws IllegalArgumentException if the range is empty, outside the party's outputs or
         *                                  overlaps a range kept before
         */
        public Builder keep(Party party, int from, int to) {
            b.keep(party, from, to);
            return this;
        }

        /** The spec; any input bits not yet covered are fresh. */
        public RunSpec build() {
            return new RunSpec(b.build());
        }
    }
}
