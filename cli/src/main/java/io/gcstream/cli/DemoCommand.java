package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.lib.Library;
import io.gcstream.engine.RunStats;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.ChannelOptions;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * {@code gc demo}: AES-128 on the FIPS-197 vector, creator holding the key and evaluator the
 * plaintext, both in this process over a loopback socket. The first command to try. The
 * circuit is the library's AES-128: two sub-circuits (a round's S-boxes with the key
 * schedule's, and MixColumns) defined once and called on the fly, as in the paper's §3.4.
 */
final class DemoCommand extends Gc.BaseCommand {
    static final String DESCRIPTION = "Run AES-128 under garbling on the FIPS-197 vector and show timings";
    static final String KEY = "0x2b7e151628aed2a6abf7158809cf4f3c";
    static final String PLAINTEXT = "0x3243f6a8885a308d313198a2e0370734";
    static final String CIPHERTEXT = "0x3925841d02dc09fbdc118597196a0b32";

    @Parameter(names = "--repeat", description = "AES executions in the session (the first pays for the base OTs;"
            + " with 1, a single run, they are fewer)")
    int repeat = 20;

    @Parameter(names = "--scheme", descriptionKey = Arguments.Descriptions.SCHEME)
    String scheme = Scheme.HALF_GATES.toString();

    @Parameter(names = "--read-poll", description = PartyOptions.READ_POLL_HELP)
    long readPollMicros = PartyOptions.defaultReadPollMicros();

    @Override
    public int run(PrintStream out) throws Exception {
        if (repeat < 1) {
            throw new UserError("--repeat must be at least 1");
        }
        Scheme s;
        try {
            s = Scheme.parse(scheme);
        } catch (IllegalArgumentException e) {
            throw new UserError("--scheme: " + e.getMessage());
        }
        Duration readPoll = PartyOptions.readPoll(readPollMicros);
        Circuit aes = Library.get("aes128").circuit();
        out.println("AES-128 on FIPS-197 Appendix B: " + aes.nonLinearCount() + " non-linear gates, "
                + aes.subCircuitInfo().size() + " sub-circuits expanded on the fly, " + aes.labelSlots()
                + " labels held, scheme " + s.toString());
        out.println("  creator   (garbler)   key       " + KEY);
        out.println("  evaluator             plaintext " + PLAINTEXT);
        boolean[] key = BitValues.parse(KEY, aes.creatorInputCount(), "key");
        boolean[] plain = BitValues.parse(PLAINTEXT, aes.evaluatorInputCount(), "plaintext");
        SessionOptions options = RunCommand.sizedFor(SessionOptions.builder().scheme(s).plannedRuns(repeat).build(), aes);
        List<PartyRunner.Outcome> both = RunCommand.runLocal(aes, key, plain, options,
                ChannelOptions.builder().readTimeout(options.timeout()).readPoll(readPoll).build(), repeat, 0);
        String result = BitValues.format(both.get(1).outputs(), BitValues.OutputFormat.HEX);
        boolean ok = result.equals(CIPHERTEXT);
        out.println("  evaluator learns      ciphertext " + result + (ok ? "  (matches FIPS-197)" : "  MISMATCH"));
        RunLog<RunStats> creator = both.get(0).stats();
        RunStats first = creator.first();
        out.printf("  first run   %8.2f ms  (session setup %.2f ms, input OT %.2f ms, "
                + "garbling %.2f ms)%n", first.totalNanos() / 1e6, first.setupNanos() / 1e6,
                first.otNanos() / 1e6, first.onlineNanos() / 1e6);
        RunStats later = creator.medianOfLater();
        if (later != null) {
            out.printf("  later runs  %8.2f ms  median of %d in the same session (input OT %.2f ms, "
                    + "garbling %.2f ms)%n", later.totalNanos() / 1e6, creator.count() - 1, later.otNanos() / 1e6,
                    later.onlineNanos() / 1e6);
        }
        RunStats traffic = later != null ? later : first;
        out.printf("  traffic     %d bytes creator -> evaluator, %d bytes back, per %s run%n",
                traffic.bytesSent(), traffic.bytesReceived(), later != null ? "later" : "first");
        return ok ? 0 : Gc.EXIT_FAILURE;
    }
}
