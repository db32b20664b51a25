package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;
import io.gcstream.circuits.Circuit;
import java.io.PrintStream;
import java.nio.file.Path;

/** {@code gc compile <source> -o <out>}: import or convert a circuit into .gct or .gcb. */
@Parameters(commandDescription = "Compile a Bristol, .gct or .gcb circuit into .gct or .gcb")
final class CompileCommand extends CircuitCommand {

    @Parameter(names = {"-o", "--output"}, description = "Output file (.gcb or .gct)", required = true)
    String output;

    @Parameter(names = "--to", description = "Output format gct or gcb (default: by extension)")
    String to;

    @Override
    public int run(PrintStream out) throws Exception {
        Circuit c = circuit("compile");
        Path target = Path.of(output);
        CircuitSources.write(c, target, to);
        out.println("wrote " + target + ": " + c.gateCount() + " gates (" + c.nonLinearCount()
                + " non-linear), S = " + c.numSlots() + ", hash " + c.hashHex());
        return 0;
    }
}
