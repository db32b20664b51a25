package io.gcstream.cli;

import java.io.PrintStream;
import java.util.Locale;

/** Shared handling of input values and printed outputs for sim, run and demo. */
final class Outputs {
    private Outputs() {
    }

    static BitValues.OutputFormat format(String name) {
        try {
            return BitValues.OutputFormat.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UserError("--format must be hex, bin or dec, not '" + name + "'");
        }
    }

    /** Parses an input option; a party with no input bits may omit it. */
    static boolean[] input(String value, int width, String option) {
        if (value == null) {
            if (width == 0) {
                return new boolean[0];
            }
            throw new UserError(option + " is required: the circuit takes " + width + " bits");
        }
        return BitValues.parse(value, width, option);
    }

    static void print(PrintStream out, String label, boolean[] bits, BitValues.OutputFormat fmt) {
        // No printf: its Formatter loads locale data (DecimalFormatSymbols), several hundred KB
        // that a run in the paper's 4 MB heap cannot spare at its very end.
        StringBuilder sb = new StringBuilder(64).append(label);
        while (sb.length() < 17) {
            sb.append(' ');
        }
        sb.append(" (").append(bits.length).append(" bits): ").append(BitValues.format(bits, fmt));
        out.println(sb);
    }

    static String jsonValue(boolean[] bits, BitValues.OutputFormat fmt) {
        return bits.length == 0 ? "" : BitValues.format(bits, fmt);
    }
}
