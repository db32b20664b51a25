package io.gcstream.cli;

import io.gcstream.circuits.Party;

/** {@code --creator-input} and {@code --evaluator-input}: both parties' values, for sim and run --local. */
final class PartyInputs implements CommandLine.Target {
    String creator;
    String evaluator;

    void declare(CommandLine c) {
        c.value(this, "--creator-input", "VALUE", "Creator's input value: 0x…, 0b…, decimal or @file", null);
        c.value(this, "--evaluator-input", "VALUE", "Evaluator's input value: 0x…, 0b…, decimal or @file", null);
    }

    @Override
    public void set(String option, String v) {
        switch (option) {
            case "--creator-input" -> creator = v;
            case "--evaluator-input" -> evaluator = v;
            default -> throw CommandLine.undeclared(option);
        }
    }

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
