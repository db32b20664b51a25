package io.gcstream.compiler.bristol;

import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Party;
import java.util.Arrays;
import java.util.Objects;

/**
 * How the input and output values of a Bristol file map to the two parties' bits. Immutable;
 * each {@code with}-style method returns a new instance.
 *
 * <p><b>Parties.</b> {@link #inputParties(Party...)} gives one party per input value of the
 * file, in header order; {@link #outputParties(Party...)} one per output value. By default the
 * first ⌊n/2⌋ of n values belong to the creator and the rest to the evaluator (AES-128: key to
 * the creator, plaintext to the evaluator; one output value: the evaluator's; two output
 * values: the first the creator's, the second the evaluator's). A party with several values
 * gets them concatenated, the first value in its lowest bits.
 *
 * <p><b>Bit order</b> within a value of n wires: {@link BitOrder#LSB_FIRST} (default, the
 * Bristol Fashion convention): wire i of the value carries bit i of the value (bit 0 least
 * significant). {@link BitOrder#MSB_FIRST}: wire i carries bit n − 1 − i, i.e. the wires read
 * in file order spell the value most significant bit first (the old-format
 * {@code AES-non-expanded.txt}). The order applies to inputs and outputs alike.
 */
public final class BristolOptions {
    /** Order of a value's bits over its wires. */
    public enum BitOrder {
        /** Wire i of a value is bit i (least significant first). */
        LSB_FIRST,
        /** Wire i of an n-bit value is bit n − 1 − i (most significant first). */
        MSB_FIRST
    }

    private static final BristolOptions DEFAULTS = new BristolOptions(null, null, BitOrder.LSB_FIRST);

    private final Party[] inputParties;
    private final Party[] outputParties;
    private final BitOrder bitOrder;

    private BristolOptions(Party[] inputParties, Party[] outputParties, BitOrder bitOrder) {
        this.inputParties = inputParties;
        this.outputParties = outputParties;
        this.bitOrder = Objects.requireNonNull(bitOrder);
    }

    /** Default parties (first half creator), {@link BitOrder#LSB_FIRST}. */
    public static BristolOptions defaults() {
        return DEFAULTS;
    }

    /** The party of each input value, in the file's order. */
    public BristolOptions inputParties(Party... parties) {
        return new BristolOptions(checked(parties), outputParties, bitOrder);
    }

    /** The party of each output value, in the file's order. */
    public BristolOptions outputParties(Party... parties) {
        return new BristolOptions(inputParties, checked(parties), bitOrder);
    }

    public BristolOptions bitOrder(BitOrder order) {
        return new BristolOptions(inputParties, outputParties, order);
    }

    BitOrder bitOrder() {
        return bitOrder;
    }

    /** The parties of {@code n} input values: as set, or the default split. */
    Party[] inputPartiesFor(int n, String where) {
        return partiesFor(inputParties, n, "inputParties", "input", where);
    }

    Party[] outputPartiesFor(int n, String where) {
        return partiesFor(outputParties, n, "outputParties", "output", where);
    }

    private static Party[] partiesFor(Party[] set, int n, String option, String kind, String where) {
        if (set == null) {
            Party[] p = new Party[n];
            for (int i = 0; i < n; i++) {
                p[i] = i < n / 2 ? Party.CREATOR : Party.EVALUATOR;
            }
            return p;
        }
        if (set.length != n) {
            // About this file read with this option: a mistake of the user's, named by file and line.
            throw new CircuitFormatException(where + ": option " + option + " names " + set.length
                    + " parties but the circuit has " + n + " " + kind + " values");
        }
        return set.clone();
    }

    private static Party[] checked(Party[] parties) {
        for (Party p : parties) {
            Objects.requireNonNull(p, "party");
        }
        return parties.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BristolOptions b && Arrays.equals(b.inputParties, inputParties)
                && Arrays.equals(b.outputParties, outputParties) && b.bitOrder == bitOrder;
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(inputParties), Arrays.hashCode(outputParties), bitOrder);
    }

    @Override
    public String toString() {
        return "BristolOptions[inputParties=" + (inputParties == null ? "default" : Arrays.toString(inputParties))
                + ", outputParties=" + (outputParties == null ? "default" : Arrays.toString(outputParties))
                + ", bitOrder=" + bitOrder + "]";
    }
}
