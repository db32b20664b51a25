package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import java.util.Objects;

/**
 * A circuit of the standard {@link Library} with its parameters fixed: the circuit itself and,
 * for each party, how the value that party gives becomes its input bits. For most circuits the
 * value's bits are the input bits. Some take a value derived from it instead, computed on the
 * party's own machine where it costs no garbled gates: {@code aes128-expanded}'s creator gives
 * its 128-bit key and inputs the 11 round keys. String circuits also take their value as text
 * ({@link #encode(Party, CharSequence)}). Both parties of a run encode their own value; the
 * circuit is the same on both sides. Immutable and thread-safe.
 *
 * <pre>{@code
 * LibraryCircuit aes = Library.get("aes128-expanded");
 * boolean[] bits = aes.encode(Party.CREATOR, BitCodec.ofBigEndianBytes(key));  // 128 bits in, 1,408 out
 * session.run(aes.circuit(), bits);
 * }</pre>
 */
public final class LibraryCircuit {
    private final String name;
    private final Circuit circuit;
    private final InputEncoder creator;
    private final InputEncoder evaluator;

    private LibraryCircuit(String name, Circuit circuit, InputEncoder creator, InputEncoder evaluator) {
        this.name = Objects.requireNonNull(name, "name");
        this.circuit = Objects.requireNonNull(circuit, "circuit");
        this.creator = check(creator, circuit.creatorInputCount(), "creator");
        this.evaluator = check(evaluator, circuit.evaluatorInputCount(), "evaluator");
    }

    /**
     * {@code circuit} under {@code name}, taking both parties' values as they are (for code
     * that handles library circuits and others alike).
     */
    public static LibraryCircuit of(String name, Circuit circuit) {
        return new LibraryCircuit(name, circuit, InputEncoder.identity(circuit.creatorInputCount()),
                InputEncoder.identity(circuit.evaluatorInputCount()));
    }

    /** The same circuit with {@code e} encoding the creator's value. */
    LibraryCircuit withCreatorEncoder(InputEncoder e) {
        return new LibraryCircuit(name, circuit, e, evaluator);
    }

    /** The same circuit with {@code e} encoding the evaluator's value. */
    LibraryCircuit withEvaluatorEncoder(InputEncoder e) {
        return new LibraryCircuit(name, circuit, creator, e);
    }

    /** The name it was built from, normalised (e.g. {@code hamming900}). */
    public String name() {
        return name;
    }

    /** The circuit both parties run. */
    public Circuit circuit() {
        return circuit;
    }

    InputEncoder encoder(Party party) {
        return Objects.requireNonNull(party, "party") == Party.CREATOR ? creator : evaluator;
    }

    /** Bits of the value {@code party} gives (its circuit input bits, unless {@link #encodesLocally}). */
    public int valueWidth(Party party) {
        return encoder(party).valueWidth();
    }

    /**
     * True if {@code party}'s input bits are computed from its value (a key schedule, score
     * rows), false if they are the value's bits unchanged.
     */
    public boolean encodesLocally(Party party) {
        return !encoder(party).isIdentity();
    }

    /**
     * {@code party}'s circuit input bits for its value (bit 0 first, as everywhere).
     *
     * @throws IllegalArgumentException if {@code value} does not have {@link #valueWidth} bits
     */
    public boolean[] encode(Party party, boolean[] value) {
        return encoder(party).encode(value);
    }

    /** True if {@code party} may give its value as text ({@link #encode(Party, CharSequence)}). */
    public boolean takesText(Party party) {
        return encoder(party).readsText();
    }

    /**
     * {@code party}'s circuit input bits for its value given as text, for a string circuit: a
     * DNA sequence ({@code ACGT}, case-insensitive, white space and FASTA header lines skipped),
     * a protein (the 20 amino-acid letters, likewise) or bytes (each character below 256).
     *
     * @throws IllegalArgumentException naming the character and its line and column if the text
     *     is not over the alphabet, or if it has the wrong length or this party takes no text
     */
    public boolean[] encode(Party party, CharSequence text) {
        return encoder(party).encodeText(text);
    }

    private static InputEncoder check(InputEncoder e, int inputs, String party) {
        Objects.requireNonNull(e, party + " encoder");
        if (e.inputWidth() != inputs) {
            throw new IllegalArgumentException(party + " encoder makes " + e.inputWidth()
                    + " bits but the circuit takes " + inputs);
        }
        return e;
    }

    @Override
    public String toString() {
        return "LibraryCircuit{" + name + ", " + circuit.nonLinearCount() + " non-linear gates}";
    }
}
