package io.gcstream.cli;

import io.gcstream.circuits.Circuit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A command that reads one circuit: its positional argument and the options saying how to read it. */
abstract class CircuitCommand implements Gc.Command, CommandLine.Target {
    List<String> sources = new ArrayList<>();
    SourceOptions source = new SourceOptions();

    /** The circuit operand and the source options; subclasses add theirs. */
    @Override
    public void declare(CommandLine c) {
        c.operands(this, "CIRCUIT", "a file in any format gc reads (.gct, .gcb, .mec, .bmec, Bristol; told by"
                + " its content, never by its name) or lib:NAME, a circuit of the library (gc lib lists them)");
        source.declare(c);
    }

    /** The circuit operand; subclasses take their own options and hand the operand here. */
    @Override
    public void set(String option, String v) {
        if (!option.equals(CommandLine.OPERAND)) {
            throw CommandLine.undeclared(option);
        }
        sources.add(v);
    }

    /** Reads the circuit named on the command line of {@code command}, with its input encoders. */
    CircuitSources.Loaded loaded(String command) throws IOException {
        return CircuitSources.load(CircuitSources.single(sources, command), source);
    }

    /** Reads the circuit named on the command line of {@code command}. */
    Circuit circuit(String command) throws IOException {
        return loaded(command).circuit();
    }
}
