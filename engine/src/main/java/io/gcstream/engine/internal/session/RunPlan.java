package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.GarbledValue;
import io.gcstream.engine.HandshakeMismatchException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * What {@code io.gcstream.engine.RunPlan} says of a run, as the protocol reads it: the circuit;
 * for each party, its input bits as a sequence of {@linkplain Segment segments}, each either
 * fresh bits that party supplies now or a {@link GarbledValue} kept from an earlier run; and
 * which ranges of each party's outputs stay garbled instead of being decoded. The run header
 * carries a description of it, and any difference between the parties' plans is a
 * {@link HandshakeMismatchException} on both sides before anything secret is sent.
 *
 * <p>Immutable. Building checks widths against the circuit; values are checked when the run
 * starts (that they belong to the session and are still available).
 */
public final class RunPlan {
    /** A run of one party's input bits: {@code width} fresh bits, or a kept value. */
    public record Segment(int width, GarbledValue value) {
        /** Fresh bits of the party, given to the run. */
        public boolean isFresh() {
            return value == null;
        }
    }

    /** A range {@code [from, to)} of a party's output bits that stays garbled. */
    public record Kept(Party party, int from, int to) {
        public int width() {
            return to - from;
        }
    }

    private final Circuit circuit;
    private final List<Segment> creatorInputs;
    private final List<Segment> evaluatorInputs;
    private final List<Kept> kept;

    private RunPlan(Circuit circuit, List<Segment> creator, List<Segment> evaluator, List<Kept> kept) {
        this.circuit = circuit;
        this.creatorInputs = List.copyOf(creator);
        this.evaluatorInputs = List.copyOf(evaluator);
        this.kept = List.copyOf(kept);
    }

    /** All inputs fresh, all outputs decoded. */
    public static RunPlan of(Circuit circuit) {
        return builder(circuit).build();
    }

    public static Builder builder(Circuit circuit) {
        return new Builder(circuit);
    }

    public Circuit circuit() {
        return circuit;
    }

    /** The segments of {@code party}'s input bits, in order; together they cover all of them. */
    public List<Segment> inputs(Party party) {
        return party == Party.CREATOR ? creatorInputs : evaluatorInputs;
    }

    /** The kept output ranges, in the order of the values the run keeps. */
    public List<Kept> kept() {
        return kept;
    }

    /** How many fresh input bits {@code party} supplies. */
    public int freshBits(Party party) {
        int n = 0;
        for (Segment s : inputs(party)) {
            if (s.isFresh()) {
                n += s.width();
            }
        }
        return n;
    }

    /** How many of {@code party}'s output bits are decoded (not kept). */
    public int decodedBits(Party party) {
        int n = party == Party.CREATOR ? circuit.creatorOutputCount() : circuit.evaluatorOutputCount();
        for (Kept k : kept) {
            if (k.party() == party) {
                n -= k.width();
            }
        }
        return n;
    }

    /** Whether output bit {@code i} of {@code party} is kept. */
    public boolean isKept(Party party, int i) {
        for (Kept k : kept) {
            if (k.party() == party && i >= k.from() && i < k.to()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "RunSpec{creator " + creatorInputs + ", evaluator " + evaluatorInputs + ", kept " + kept + "}";
    }

    /** Builds a {@link RunPlan}; segments are appended in order, the rest of each party's inputs is fresh. */
    public static final class Builder {
        private final Circuit circuit;
        private final List<Segment> creator = new ArrayList<>();
        private final List<Segment> evaluator = new ArrayList<>();
        private final List<Kept> kept = new ArrayList<>();
        private int creatorWidth;
        private int evaluatorWidth;

        private Builder(Circuit circuit) {
            this.circuit = Objects.requireNonNull(circuit, "circuit");
        }

        /** The next {@code value.width()} input bits of {@code party} come from a kept value. */
        public Builder input(Party party, GarbledValue value) {
            Objects.requireNonNull(value, "value");
            if (!value.isAvailable()) {
                throw new IllegalStateException(value + " cannot be an input: it is gone");
            }
            for (Segment s : creator) {
                sameValueTwice(s, value);
            }
            for (Segment s : evaluator) {
                sameValueTwice(s, value);
            }
            return append(party, new Segment(value.width(), value));
        }

        /** The next {@code bits} input bits of {@code party} are fresh bits that party supplies. */
        public Builder fresh(Party party, int bits) {
            if (bits < 0) {
                throw new IllegalArgumentException("negative width " + bits);
            }
            return bits == 0 ? this : append(party, new Segment(bits, null));
        }

        /** All of {@code party}'s outputs stay garbled, as one value. */
        public Builder keep(Party party) {
            return keep(party, 0, outputs(party));
        }

        /** {@code party}'s output bits {@code [from, to)} stay garbled, as one value. */
        public Builder keep(Party party, int from, int to) {
            Objects.requireNonNull(party, "party");
            if (from < 0 || to > outputs(party) || from >= to) {
                throw new IllegalArgumentException("kept range [" + from + ", " + to + ") of the "
                        + name(party) + "'s outputs is not within its " + outputs(party) + " output bits");
            }
            for (Kept k : kept) {
                if (k.party() == party && from < k.to() && k.from() < to) {
                    throw new IllegalArgumentException("kept ranges [" + k.from() + ", " + k.to()
                            + ") and [" + from + ", " + to + ") of the " + name(party) + "'s outputs overlap");
                }
            }
            kept.add(new Kept(party, from, to));
            return this;
        }

        /** The spec; any input bits not yet covered are fresh. */
        public RunPlan build() {
            List<Segment> c = new ArrayList<>(creator);
            List<Segment> e = new ArrayList<>(evaluator);
            if (creatorWidth < circuit.creatorInputCount()) {
                c.add(new Segment(circuit.creatorInputCount() - creatorWidth, null));
            }
            if (evaluatorWidth < circuit.evaluatorInputCount()) {
                e.add(new Segment(circuit.evaluatorInputCount() - evaluatorWidth, null));
            }
            return new RunPlan(circuit, merge(c), merge(e), kept);
        }

        private Builder append(Party party, Segment s) {
            Objects.requireNonNull(party, "party");
            int have = party == Party.CREATOR ? creatorWidth : evaluatorWidth;
            int max = party == Party.CREATOR ? circuit.creatorInputCount() : circuit.evaluatorInputCount();
            if ((long) have + s.width() > max) {
                throw new IllegalArgumentException("the " + name(party) + "'s inputs would have "
                        + ((long) have + s.width()) + " bits but the circuit takes " + max);
            }
            if (party == Party.CREATOR) {
                creator.add(s);
                creatorWidth += s.width();
            } else {
                evaluator.add(s);
                evaluatorWidth += s.width();
            }
            return this;
        }

        private int outputs(Party party) {
            return party == Party.CREATOR ? circuit.creatorOutputCount() : circuit.evaluatorOutputCount();
        }

        private static void sameValueTwice(Segment s, GarbledValue v) {
            if (s.value() == v) {
                throw new IllegalArgumentException(v + " is used twice as an input of one run");
            }
        }

        /** Adjacent fresh segments as one, so equal specs have one form. */
        private static List<Segment> merge(List<Segment> in) {
            List<Segment> out = new ArrayList<>();
            for (Segment s : in) {
                int last = out.size() - 1;
                if (s.isFresh() && last >= 0 && out.get(last).isFresh()) {
                    out.set(last, new Segment(out.get(last).width() + s.width(), null));
                } else {
                    out.add(s);
                }
            }
            return Collections.unmodifiableList(out);
        }
    }

    public static String name(Party p) {
        return p == Party.CREATOR ? "creator" : "evaluator";
    }
}
