package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.OutputFile;
import io.gcstream.engine.SessionState;
import io.gcstream.engine.internal.state.StateFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code --keep-outputs}, {@code --save-state}, {@code --load-state}, {@code --reuse-state} and
 * the state files' password of {@code gc run}: garbled values carried from one session to a
 * later one (PartialGC style). Both parties give the same {@code --keep-outputs}; each gives its
 * own state files. Everything a save needs is checked before the session's work starts.
 */
@Parameters(separators = "=")
final class StateOptions {
    /** The flag that allows saving or resuming a state over plain TCP off this machine. */
    static final String OVER_PLAIN_TCP = "--allow-state-over-plain-tcp";

    /** The environment variable holding the state files' password. */
    static final String PASSWORD_ENV = "GC_STATE_PASSWORD";

    @Parameter(names = "--keep-outputs", description = "Keep this party's outputs garbled instead of decoding them:"
            + " creator or evaluator (both parties give the same); needs --save-state")
    String keepOutputs;

    @Parameter(names = "--save-state", description = "Write this party's half of the kept outputs to FILE"
            + " (owner-only; the creator's encrypted with the state password; both parties' saves are one"
            + " transaction)")
    String saveState;

    @Parameter(names = "--load-state", description = "Resume the garbled values saved in FILE: they become the"
            + " leading input bits of the party whose outputs were kept, before that party's --input. A state resumes"
            + " once (see --reuse-state)")
    String loadState;

    @Parameter(names = "--reuse-state", description = "Allow resuming a state file that an earlier session used"
            + " (both parties must give it)")
    boolean reuseState;

    @Parameter(names = "--state-password-file", description = "File whose first line is the password of this"
            + " party's state files (default: the environment variable " + PASSWORD_ENV + "); the creator needs"
            + " one, the evaluator's files are encrypted when it gives one")
    String passwordFile;

    @Parameter(names = OVER_PLAIN_TCP, description = "Allow --save-state and --load-state over plain TCP with a peer"
            + " off this machine (refused otherwise: the creator's saved Δ lives for the whole chain, and a man in the"
            + " middle of plain TCP learns a bit of it per run he makes fail; use TLS)")
    boolean overPlainTcp;

    /** The environment (a field so that tests can replace it). */
    Function<String, String> env = System::getenv;

    boolean any() {
        return keepOutputs != null || saveState != null || loadState != null || reuseState || passwordFile != null;
    }

    /**
     * Refuses, before connecting, to save or resume a state over plain TCP with a peer off this
     * machine ({@code plainOffLoopback}, the same test as the warning's) without {@value #OVER_PLAIN_TCP}.
     */
    void checkTransport(boolean plainOffLoopback) {
        if ((saveState != null || loadState != null) && plainOffLoopback && !overPlainTcp) {
            throw new UserError((saveState != null ? "--save-state" : "--load-state") + " over plain TCP with a peer"
                    + " off this machine: the creator's saved Δ lives for the whole chain of sessions, and a man in the"
                    + " middle learns a bit of it for every run he makes fail; use --tls-keystore and --tls-truststore,"
                    + " or give " + OVER_PLAIN_TCP + " to accept that (see docs/security.md)");
        }
    }

    /** Checks the combination; returns the party whose outputs are kept, or null. */
    Party validate(int repeat) {
        if (!any()) {
            return null;
        }
        if ((keepOutputs == null) != (saveState == null)) {
            throw new UserError("--keep-outputs and --save-state go together: keep which party's outputs, "
                    + "and where to save this party's half of them");
        }
        if (repeat != 1) {
            throw new UserError("--repeat cannot be combined with --keep-outputs, --save-state or --load-state");
        }
        if (saveState != null && loadState != null && StateFiles.same(Path.of(saveState), Path.of(loadState))) {
            throw new UserError("--save-state and --load-state name the same file; save to a new one");
        }
        if (keepOutputs == null) {
            return null;
        }
        switch (keepOutputs.toLowerCase(Locale.ROOT)) {
            case "creator", "c":
                return Party.CREATOR;
            case "evaluator", "e":
                return Party.EVALUATOR;
            default:
                throw new UserError("--keep-outputs must be creator or evaluator, not '" + keepOutputs + "'");
        }
    }

    /**
     * This party's state password, or null: from {@code --state-password-file} or
     * {@value #PASSWORD_ENV}; a creator that loads or saves a state must have one.
     */
    char[] password(Party role) throws IOException {
        if (saveState == null && loadState == null) {
            return null;
        }
        char[] p = NetworkOptions.password("--state-password-file", passwordFile, PASSWORD_ENV, env);
        if (p == null && role == Party.CREATOR) {
            throw new UserError("the creator's state files are encrypted (they hold the secret Δ): set " + PASSWORD_ENV
                    + " or give --state-password-file FILE (never on the command line)");
        }
        return p;
    }

    /**
     * Why this party cannot go ahead with its state files, or null: a save target that is not a
     * regular file, or in a directory where no file can be made, or with an unfinished save
     * beside it; a loaded state whose file could not be marked used. Checked before connecting,
     * so that a failure is known before the computation (and told to the peer in the hello).
     */
    String problem() {
        try {
            if (saveState != null) {
                SessionState.checkTarget(Path.of(saveState));
            }
            if (loadState != null) {
                OutputFile.check(Path.of(loadState), OutputFile.Access.SECRET, OutputFile.Existing.REPLACE);
            }
            return null;
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    /**
     * The state to resume, or null. A file that cannot be read becomes an unusable state, so
     * that the session tells the peer why instead of leaving it waiting.
     */
    SessionState load(Party role, char[] password) {
        if (loadState == null) {
            return null;
        }
        Path p = Path.of(loadState);
        try {
            SessionState s = SessionState.read(p, password);
            if (s.role() != role) {
                return SessionState.unusable(role, p + " is the " + name(s.role()) + "'s half of a state, but this"
                        + " party is the " + name(role));
            }
            return s;
        } catch (IOException e) {
            return SessionState.unusable(role, e.getMessage());
        }
    }

    private static String name(Party p) {
        return p == Party.CREATOR ? "creator" : "evaluator";
    }
}
