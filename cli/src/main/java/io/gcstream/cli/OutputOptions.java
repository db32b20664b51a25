package io.gcstream.cli;

import com.beust.jcommander.Parameter;

/** {@code --format} and {@code --json}: how results are printed. */
final class OutputOptions {
    @Parameter(names = "--format", description = "Output values as hex, bin or dec")
    String format = "hex";

    @Parameter(names = "--json", description = "Machine-readable output")
    boolean json;

    BitValues.OutputFormat valueFormat() {
        return Outputs.format(format);
    }
}
