package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;
import com.beust.jcommander.ParametersDelegate;
import io.gcstream.circuits.Circuit;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code gc compile <source> -o <out>}: import or convert a circuit into .gct or .gcb. */
@Parameters(commandDescription = "Compile a Bristol, .gct or .gcb circuit into .gct or .gcb")
final class CompileCommand implements Gc.Command, Gc.HasHelp {
    @Parameter(description = "<source: a Bristol, .gct or .gcb file, or lib:NAME>")
    List<String> sources = new ArrayList<>();

    @Parameter(names = {"-o", "--output"}, description = "Output file (.gcb or .gct)", required = true)
    String output;

    @Parameter(names = "--to", description = "Output format gct or gcb (default: by extension)")
    String to;

    @ParametersDelegate
    SourceOptions source = new SourceOptions();

    @Parameter(names = {"-h", "--help"}, help = true, description = "Show usage")
    boolean help;

    @Override
    public boolean help() {
        return help;
    }

    @Override
    public int run(PrintStream out) throws Exception {
        Circuit c = CircuitSources.load(CircuitSources.single(sources, "compile"), source);
        Path target = Path.of(output);
        CircuitSources.write(c, target, to);
        out.println("wrote " + target + ": " + c.gateCount() + " gates (" + c.nonLinearCount()
                + " non-linear), S = " + c.numSlots() + ", hash " + c.hashHex());
        return 0;
    }
}
