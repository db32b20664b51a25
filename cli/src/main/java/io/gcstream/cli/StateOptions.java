package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import io.gcstream.circuits.Party;
import io.gcstream.engine.SessionState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code --keep-outputs}, {@code --save-state} and {@code --load-state} of {@code gc run}: garbled
 * values carried from one session to a later one (PartialGC style). Both parties give the same
 * {@code --keep-outputs}; each gives its own state file.
 */
final class StateOptions {
    @Parameter(names = "--keep-outputs", description = "Keep this party's outputs garbled instead of decoding them: "
            + "creator or evaluator (both parties give the same); needs --save-state")
    String keepOutputs;

    @Parameter(names = "--save-state", description = "Write this party's half of the kept outputs to FILE "
            + "(owner-only permissions; it is a secret)")
    String saveState;

    @Parameter(names = "--load-state", description = "Resume the garbled values saved in FILE: they become the "
            + "leading input bits of the party whose outputs were kept, before that party's --input")
    String loadState;

    boolean any() {
        return keepOutputs != null || saveState != null || loadState != null;
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
        if (saveState != null && loadState != null && Path.of(saveState).toAbsolutePath()
                .equals(Path.of(loadState).toAbsolutePath())) {
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
     * The state to resume, or null. A file that cannot be read becomes an unusable state, so
     * that the session tells the peer why instead of leaving it waiting.
     */
    SessionState load(Party role) {
        if (loadState == null) {
            return null;
        }
        Path p = Path.of(loadState);
        try {
            if (!Files.isRegularFile(p)) {
                return SessionState.unusable(role, p + (Files.exists(p) ? " is not a file" : " does not exist"));
            }
            SessionState s = SessionState.read(p);
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
