package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import io.gcstream.circuits.Circuit;

/** {@code --creator-input} and {@code --evaluator-input}: both parties' values, for sim and run --local. */
final class PartyInputs {
    @Parameter(names = "--creator-input", description = "Creator's input value: 0x…, 0b…, decimal or @file")
    String creator;

    @Parameter(names = "--evaluator-input", description = "Evaluator's input value: 0x…, 0b…, decimal or @file")
    String evaluator;

    boolean given() {
        return creator != null || evaluator != null;
    }

    boolean[] creatorBits(Circuit c) {
        return Outputs.input(creator, c.creatorInputCount(), "--creator-input");
    }

    boolean[] evaluatorBits(Circuit c) {
        return Outputs.input(evaluator, c.evaluatorInputCount(), "--evaluator-input");
    }
}
