package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParametersDelegate;
import io.gcstream.circuits.Circuit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A command that reads one circuit: its positional argument and the options saying how to read it. */
abstract class CircuitCommand extends Gc.BaseCommand {
    /** What CIRCUIT is, in the usage of every command that reads one. */
    static final String CIRCUIT = " CIRCUIT is a file in any format gc reads (.gct, .gcb, .mec, .bmec, Bristol;"
            + " told by its content, never by its name) or lib:NAME, a circuit of the library (gc lib lists them).";

    @Parameter(description = "CIRCUIT")
    List<String> sources = new ArrayList<>();

    @ParametersDelegate
    SourceOptions source = new SourceOptions();

    @Override
    public List<String> operands() {
        return sources;
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
