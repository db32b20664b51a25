package io.gcstream.cli;

/** {@code --format}, {@code --json} and {@code --quiet}: how results are printed. */
final class OutputOptions {
    String format = "hex";
    boolean json;
    boolean quiet;

    void declare(CommandLine c) {
        c.text("--format", "FORMAT", "Output values as hex, bin or dec", format, v -> format = v);
        c.flag("--json", "Machine-readable output (no progress bar)", () -> json = true);
        c.flag("-q,--quiet", "No progress bar on stderr", () -> quiet = true);
    }

    BitValues.OutputFormat valueFormat() {
        return Outputs.format(format);
    }
}
