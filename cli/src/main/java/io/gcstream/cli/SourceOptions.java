package io.gcstream.cli;

/** Options that say how to read a circuit source; shared by every command that reads one. */
final class SourceOptions {
    String from;
    String inputParties;
    String outputParties;
    String bitOrder = "lsb";
    long cacheInstructions = CircuitSources.DEFAULT_CACHE_INSTRUCTIONS;

    void declare(CommandLine c) {
        c.text("--from", "FORMAT", "Source format, to override what the file's content shows: gct, gcb, mec, bmec"
                + " (ME-SFE), bristol (Bristol Fashion) or bristol-old; the file name never matters", null, v -> from = v);
        c.text("--input-parties", "PARTIES", "Bristol: the party of each input value, e.g. c,e (default: the first"
                + " half of the values to the creator, the rest to the evaluator)", null, v -> inputParties = v);
        c.text("--output-parties", "PARTIES", "Bristol: the party of each output value, e.g. e (default: as for"
                + " inputs; a single output goes to the evaluator)", null, v -> outputParties = v);
        c.text("--bit-order", "ORDER", "Bristol: lsb (wire i = bit i of the value, the Bristol Fashion"
                + " convention) or msb (wire 0 = most significant bit)", bitOrder, v -> bitOrder = v);
        c.longInteger("--cache", "Sub-circuit cache for .gcb files, in instructions", cacheInstructions,
                v -> cacheInstructions = v);
    }
}
