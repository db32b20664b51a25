package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import java.util.Objects;

/**
 * A circuit of the standard {@link Library} with its parameters fixed: the circuit itself and,
 * for each party, the {@link InputEncoder} that turns the value the user gives into the
 * circuit's input bits. Both parties of a run apply their own encoder locally; the circuit is
 * the same on both sides. Immutable.
 *
 * <pre>{@code
 * LibraryCircuit aes = Library.get("aes128-expanded");
 * boolean[] bits = aes.encodeCreatorInput(keyBits);    // 128 bits in, 1408 round-key bits out
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

    /** A circuit that takes both parties' values as they are. */
    public static LibraryCircuit of(String name, Circuit circuit) {
        return new LibraryCircuit(name, circuit, InputEncoder.identity(circuit.creatorInputCount()),
                InputEncoder.identity(circuit.evaluatorInputCount()));
    }

    /** The same circuit with {@code e} encoding the creator's value. */
    public LibraryCircuit withCreatorEncoder(InputEncoder e) {
        return new LibraryCircuit(name, circuit, e, evaluator);
    }

    /** The same circuit with {@code e} encoding the evaluator's value. */
    public LibraryCircuit withEvaluatorEncoder(InputEncoder e) {
        return new LibraryCircuit(name, circuit, creator, e);
    }

    /** The name it was built from, normalised (e.g. {@code hamming900}). */
    public String name() {
        return name;
    }

    public Circuit circuit() {
        return circuit;
    }

    public InputEncoder creatorEncoder() {
        return creator;
    }

    public InputEncoder evaluatorEncoder() {
        return evaluator;
    }

    /** The creator's circuit input bits for its value. */
    public boolean[] encodeCreatorInput(boolean[] value) {
        return creator.encode(value);
    }

    /** The evaluator's circuit input bits for its value. */
    public boolean[] encodeEvaluatorInput(boolean[] value) {
        return evaluator.encode(value);
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
