package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormat;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * {@code gc compile <source> -o <out>}: import or convert a circuit (any format gc reads) into
 * .gct, .gcb (also named .bin), .mec or .bmec.
 */
final class CompileCommand extends CircuitCommand {
    static final String DESCRIPTION = "Compile or convert a circuit (Bristol, .gct, .gcb, .mec, .bmec) into"
            + " .gct, .gcb, .mec or .bmec";

    @Parameter(names = {"-o", "--output"}, required = true, description = "Output file: .gcb or .bin (binary),"
            + " .gct (text), .mec or .bmec (ME-SFE)")
    String output;

    @Parameter(names = "--to", description = "Output format gct, gcb, mec or bmec (default: by the output file's"
            + " extension)")
    String to;

    @Override
    public int run(PrintStream out) throws Exception {
        Path target = Path.of(output);
        CircuitFormat format = CircuitSources.outputFormat(target, to);
        Circuit c = circuit("compile");
        CircuitSources.write(c, target, format);
        out.println("wrote " + target + ": " + c.gateCount() + " gates (" + c.nonLinearCount()
                + " non-linear), S = " + c.numSlots() + ", hash " + HexFormat.of().formatHex(c.hash()));
        if ((format == CircuitFormat.MEC || format == CircuitFormat.BMEC) && !c.subCircuitInfo().isEmpty()) {
            out.println("note: " + format.id() + " has no sub-circuits, so the calls were expanded into "
                    + c.labelSlots() + " registers, with copy gates (table 3) for their arguments and"
                    + " results; the file's hash differs from the one above");
        }
        return 0;
    }
}
