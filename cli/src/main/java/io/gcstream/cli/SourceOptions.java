package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;

/** Options that say how to read a circuit source; shared by every command that reads one. */
@Parameters(separators = "=")
final class SourceOptions {
    @Parameter(names = "--from", description = "Source format, to override what the file's content shows: gct,"
            + " gcb, mec, bmec (ME-SFE), bristol (Bristol Fashion) or bristol-old; the file name never matters")
    String from;

    @Parameter(names = "--input-parties", description = "Bristol: the party of each input value, e.g. c,e"
            + " (default: the first half of the values to the creator, the rest to the evaluator)")
    String inputParties;

    @Parameter(names = "--output-parties", description = "Bristol: the party of each output value, e.g. e"
            + " (default: as for inputs; a single output goes to the evaluator)")
    String outputParties;

    /** {@code --bit-order}, or null if not given (lsb). */
    @Parameter(names = "--bit-order", description = "Bristol: lsb (wire i = bit i of the value, the Bristol"
            + " Fashion convention; the default) or msb (wire 0 = most significant bit)")
    String bitOrder;

    @Parameter(names = "--cache", description = "Sub-circuit cache for .gcb files, in instructions")
    long cacheInstructions = CircuitSources.DEFAULT_CACHE_INSTRUCTIONS;
}
