package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;

/** {@code --format}, {@code --json} and {@code --quiet}: how results are printed. */
@Parameters(separators = "=")
final class OutputOptions {
    @Parameter(names = "--format", description = "Output values as hex, bin or dec")
    String format = "hex";

    @Parameter(names = "--json", description = "Machine-readable output (no progress bar)")
    boolean json;

    @Parameter(names = {"-q", "--quiet"}, description = "No progress bar on stderr")
    boolean quiet;

    BitValues.OutputFormat valueFormat() {
        return Outputs.format(format);
    }
}
