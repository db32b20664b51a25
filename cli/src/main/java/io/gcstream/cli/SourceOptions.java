package io.gcstream.cli;

/** Options that say how to read a circuit source; shared by every command that reads one. */
final class SourceOptions implements CommandLine.Target {
    String from;
    String inputParties;
    String outputParties;
    /** {@code --bit-order}, or null if not given (lsb). */
    String bitOrder;
    long cacheInstructions = CircuitSources.DEFAULT_CACHE_INSTRUCTIONS;

    void declare(CommandLine c) {
        c.value(this, "--from", "FORMAT", "Source format, to override what the file's content shows: gct, gcb,"
                + " mec, bmec (ME-SFE), bristol (Bristol Fashion) or bristol-old; the file name never matters", null);
        c.value(this, "--input-parties", "PARTIES", "Bristol: the party of each input value, e.g. c,e (default:"
                + " the first half of the values to the creator, the rest to the evaluator)", null);
        c.value(this, "--output-parties", "PARTIES", "Bristol: the party of each output value, e.g. e (default:"
                + " as for inputs; a single output goes to the evaluator)", null);
        c.value(this, "--bit-order", "ORDER", "Bristol: lsb (wire i = bit i of the value, the Bristol Fashion"
                + " convention) or msb (wire 0 = most significant bit)", "lsb");
        c.value(this, "--cache", "N", "Sub-circuit cache for .gcb files, in instructions", cacheInstructions);
    }

    @Override
    public void set(String option, String v) {
        switch (option) {
            case "--from" -> from = v;
            case "--input-parties" -> inputParties = v;
            case "--output-parties" -> outputParties = v;
            case "--bit-order" -> bitOrder = v;
            case "--cache" -> cacheInstructions = CommandLine.longValue(option, v);
            default -> throw CommandLine.undeclared(option);
        }
    }
}
