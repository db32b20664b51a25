package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;
import io.gcstream.circuits.Party;

/** {@code --creator-input} and {@code --evaluator-input}: both parties' values, for sim and run --local. */
@Parameters(separators = "=")
final class PartyInputs {
    @Parameter(names = "--creator-input", description = "Creator's input value: 0x…, 0b…, decimal or @file")
    String creator;

    @Parameter(names = "--evaluator-input", description = "Evaluator's input value: 0x…, 0b…, decimal or @file")
    String evaluator;

    boolean given() {
        return creator != null || evaluator != null;
    }

    /** The creator's circuit input bits (its value, encoded as the circuit wants it). */
    boolean[] creatorBits(CircuitSources.Loaded c) {
        return c.inputBits(Party.CREATOR, creator, "--creator-input");
    }

    /** The evaluator's circuit input bits. */
    boolean[] evaluatorBits(CircuitSources.Loaded c) {
        return c.inputBits(Party.EVALUATOR, evaluator, "--evaluator-input");
    }
}
