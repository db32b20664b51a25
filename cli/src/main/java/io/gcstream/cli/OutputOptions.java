package io.gcstream.cli;

/** {@code --format}, {@code --json} and {@code --quiet}: how results are printed. */
final class OutputOptions implements CommandLine.Target {
    String format = "hex";
    boolean json;
    boolean quiet;

    void declare(CommandLine c) {
        c.value(this, "--format", "FORMAT", "Output values as hex, bin or dec", format);
        c.flag(this, "--json", "Machine-readable output (no progress bar)");
        c.flag(this, "-q,--quiet", "No progress bar on stderr");
    }

    @Override
    public void set(String option, String v) {
        switch (option) {
            case "--format" -> format = v;
            case "--json" -> json = true;
            case "--quiet" -> quiet = true;
            default -> throw CommandLine.undeclared(option);
        }
    }

    BitValues.OutputFormat valueFormat() {
        return Outputs.format(format);
    }
}
