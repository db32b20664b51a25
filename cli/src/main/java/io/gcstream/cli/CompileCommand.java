package io.gcstream.cli;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFormat;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code gc compile <source> -o <out>}: import or convert a circuit (any format gc reads) into
 * .gct, .gcb (also named .bin), .mec or .bmec.
 */
final class CompileCommand extends CircuitCommand {
    static final String DESCRIPTION = "Compile or convert a circuit (Bristol, .gct, .gcb, .mec, .bmec) into"
            + " .gct, .gcb, .mec or .bmec";

    String output;
    String to;

    @Override
    public void declare(CommandLine c) {
        super.declare(c);
        c.value(this, "-o,--output", "FILE", "Output file: .gcb or .bin (binary), .gct (text), .mec or .bmec"
                + " (ME-SFE)", null).required();
        c.value(this, "--to", "FORMAT", "Output format gct, gcb, mec or bmec (default: by the output file's"
                + " extension)", null);
    }

    @Override
    public void set(String option, String v) {
        switch (option) {
            case "--output" -> output = v;
            case "--to" -> to = v;
            default -> super.set(option, v);
        }
    }

    @Override
    public int run(PrintStream out) throws Exception {
        Path target = Path.of(output);
        CircuitFormat format = CircuitSources.outputFormat(target, to);
        Circuit c = circuit("compile");
        CircuitSources.write(c, target, format);
        out.println("wrote " + target + ": " + c.gateCount() + " gates (" + c.nonLinearCount()
                + " non-linear), S = " + c.numSlots() + ", hash " + c.hashHex());
        if ((format == CircuitFormat.MEC || format == CircuitFormat.BMEC) && !c.subCircuits().isEmpty()) {
            out.println("note: " + format.id() + " has no sub-circuits, so the calls were expanded into "
                    + c.labelSlots() + " registers, with copy gates (table 3) for their arguments and"
                    + " results; the file's hash differs from the one above");
        }
        return 0;
    }
}
