package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Party;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.SessionException;
import io.gcstream.engine.SessionState;
import io.gcstream.engine.internal.state.Half;
import io.gcstream.engine.internal.state.StateCipher;
import io.gcstream.engine.internal.state.StateFiles;
import io.gcstream.engine.internal.state.StateFormat;
import io.gcstream.engine.internal.state.ValueOrigin;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.TunedChannel;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The saved-state side of one session (docs/protocol.md, "Saving state"): what it offers in the
 * hello for the state it resumes (or, for a creator under a shared Δ, for the Δ it garbles
 * under), settling that state's unfinished save once the hello chose a half, marking the state
 * used (once), and saving values for a later session as one transaction of both parties (the
 * SAVE exchange, messages 11 to 13), to a file or in memory. Internal; used by
 * {@code GcSession}, which owns the session's values and its failure.
 */
public final class SavedState {
    /** What the peer is told when this side cannot save: the reason stays here. */
    private static final String NOT_SAVED = "its new half cannot be written (the reason is in its own error)";
    /** What the peer is told when this side's state files cannot be used: the reason stays here. */
    private static final String STATE_UNUSABLE = "its state file cannot be used, or its save target cannot be"
            + " written (the reason is in its own error)";
    /** "SAVE" as little-endian int. */
    private static final int SAVE_MAGIC = 0x45564153;
    private static final SecureRandom USE_IDS = new SecureRandom();

    /**
     * The state a session resumes, as read from its file: why it cannot be used (or null), the
     * file (null for an in-memory state), the halves it offers (the unfinished save first), that
     * unfinished save (or null), whether an unfinished save was found that can never complete,
     * and for a state without a file how it is checked and marked used (else null).
     */
    public record Resumed(String problem, Path file, List<Half> candidates, Half pending, boolean blockedPending,
            InMemory inMemory) {
    }

    /**
     * What a resumed state without a file needs beyond its halves: it is marked used in memory,
     * and several states resumed at once are checked and marked one by one.
     */
    public interface InMemory {
        /** Whether a session resumed this state already. */
        boolean used();

        /** The hello's check of several states resumed at once, or null for one state. */
        StateCheck mergedCheck(boolean reuse);

        /**
         * Marks the state used by the session {@code useId}, which resumed its half {@code chosen}.
         *
         * @throws IOException if another session used it since this one took it (unless {@code reuse})
         */
        void markUsed(Half chosen, byte[] useId, boolean reuse) throws IOException;
    }

    /** One value to save: both parties' handles of it share its id and width. */
    public record Value(long id, int width, long[] labels, ValueOrigin origin) {
    }

    /** What this side says about its resumed state in the hello, and the salt it proposes. */
    public record Offer(StateCheck check, long saltLo, long saltHi) {
    }

    /**
     * Tests only: called at each step of a save, so that a test can make the save fail there
     * (throw an {@link IOException}) or stop as if the process were killed (throw an
     * {@link Error}, which no clean-up catches).
     */
    public interface Hook {
        /** The steps of a save, in order (docs/protocol.md, "Saving state"). */
        enum Step {
            /** Before anything of the save is sent. */
            START,
            /** Counter, values, ids and digests exchanged (11, 12); nothing written yet. */
            HALVES_EXCHANGED,
            /** About to write this side's new half beside its file (a throw here is a failed write). */
            WRITE,
            /** The new half written (or its write failed), not yet told to the peer. */
            WRITTEN,
            /** This side's confirmation (13) sent, the peer's not yet read. */
            CONFIRMED,
            /** Both confirmed: about to mark the resumed state used. */
            PEER_CONFIRMED,
            /** The resumed state marked used; the new half not yet renamed over the file. */
            MARKED,
            /** The new half is this side's current state. */
            COMMITTED
        }

        void at(Step step) throws IOException;
    }

    private final Party role;
    private final Channel channel;
    private final Protocol protocol;
    private final Prg prg;
    /** Whether this party allows resuming a state used before ({@code SessionOptions.reuseState}). */
    private final boolean reuseState;
    /** Whether this party allows a state over plain TCP off this machine ({@code SessionOptions.stateOverPlainTcp}). */
    private final boolean stateOverPlainTcp;
    /** The resumed state, or null for a fresh session. */
    private final Resumed from;
    /** The halves of {@link #from} this side offered in the hello (none if it could not offer any). */
    private List<Half> offered = List.of();
    /** The half of {@link #from} the handshake chose, once it has. */
    private Half resumedHalf;
    /**
     * This session's id in the state files it uses (their status) and saves (their predecessor).
     * From its own SecureRandom, not the session's generator: it never goes on the wire, and
     * drawing it there would change every seeded session's bytes.
     */
    private final byte[] useId = new byte[16];
    /** Whether the resumed state's file is marked used (by this session or before), or replaced by its save. */
    private boolean markedUsed;
    /** Whether both parties allow a used state again (the hello's {@link Handshake.Agreed#reuse()}). */
    private boolean reuseAgreed;

    /**
     * @param reuseState        this party allows resuming a state used before
     * @param stateOverPlainTcp this party allows saving or resuming over plain TCP off this machine
     * @param from              the state the session resumes, or null
     */
    public SavedState(Party role, Channel channel, Protocol protocol, Prg prg, boolean reuseState,
            boolean stateOverPlainTcp, Resumed from) {
        this.role = role;
        this.channel = channel;
        this.protocol = protocol;
        this.prg = prg;
        this.reuseState = reuseState;
        this.stateOverPlainTcp = stateOverPlainTcp;
        this.from = from;
        USE_IDS.nextBytes(useId);
    }

    /** Whether the session resumes a saved state. */
    public boolean resumes() {
        return from != null;
    }

    /**
     * For the hello: this side's view of the state it resumes (unusable, with the reason, if it
     * cannot go ahead), and a fresh random 128-bit salt. A resumed session garbles under a Δ used
     * before and from the same counter as any other session resumed from this state, and a
     * creator's session under a shared Δ under the Δ of other sessions: the salt gives its hash a
     * permutation of its own. A fresh session not under a shared Δ offers nothing and no salt.
     *
     * @param sharedDelta whether this side is a creator that garbles under a given Δ
     */
    public Offer offer(boolean sharedDelta) {
        if (from == null) {
            if (!sharedDelta) {
                return new Offer(StateCheck.none(), 0, 0);
            }
            if (refusesStateOverPlainTcp()) {
                // Sessions under one Δ give a man in the middle of plain TCP a bit of it per failed run each.
                return new Offer(StateCheck.unusable(plainTcpRefusal("garble under a shared Δ"),
                        "it refuses to garble under a shared Δ over plain TCP off loopback"), 0, 0);
            }
            return freshSalt(StateCheck.none());
        }
        if (from.problem() != null) {
            return new Offer(StateCheck.unusable(from.problem(), STATE_UNUSABLE), 0, 0);
        }
        if (refusesStateOverPlainTcp()) {
            return new Offer(StateCheck.unusable(plainTcpRefusal("resume a saved state"),
                    "it refuses to resume a saved state over plain TCP off loopback"), 0, 0);
        }
        offered = from.candidates();
        StateCheck merged = from.inMemory() == null ? null : from.inMemory().mergedCheck(reuseState);
        if (merged != null) {
            return freshSalt(merged);
        }
        boolean usedInMemory = from.inMemory() != null && from.inMemory().used();
        List<StateCheck.Candidate> candidates = new ArrayList<>();
        for (Half h : offered) {
            candidates.add(new StateCheck.Candidate(h.id(), h.counter(), h.ownDigest(), h.peerDigest(),
                    h == from.pending(), h.status() == Half.USED || usedInMemory));
        }
        return freshSalt(StateCheck.resumed(candidates, reuseState));
    }

    /** {@code check} with a fresh random salt, never 0. */
    private Offer freshSalt(StateCheck check) {
        long saltLo = 0;
        long saltHi = 0;
        while (saltLo == 0 && saltHi == 0) {
            saltLo = prg.nextLong();
            saltHi = prg.nextLong();
        }
        return new Offer(check, saltLo, saltHi);
    }

    /**
     * After the hello: takes the half it chose, and completes it if it is the file's unfinished
     * save (both parties hold it), else removes an unfinished save the peer does not hold or that
     * can never complete. Returns the chosen half.
     */
    public Half agreed(Handshake.Agreed agreed) {
        resumedHalf = offered.get(agreed.resumed());
        reuseAgreed = agreed.reuse();
        Path file = from.file();
        if (file != null) {
            try {
                if (resumedHalf == from.pending()) {
                    StateFiles.commit(file, resumedHalf, reuseAgreed);
                } else if (from.candidates().size() > 1 || from.blockedPending()) {
                    StateFiles.discardPending(file);
                }
            } catch (IOException e) {
                throw new SessionException(name() + ": cannot complete the unfinished save of " + file + ": "
                        + e.getMessage(), e);
            }
        }
        return resumedHalf;
    }

    /** Marks the resumed state used (its file, or in memory), before a run that decodes an output; once. */
    public void markUsedBeforeDecoding() {
        try {
            markResumedUsed();
        } catch (IOException e) {
            throw new SessionException(name() + ": before output decoding with " + channel.peer()
                    + ": cannot mark the resumed state" + (from.file() == null ? "" : " " + from.file()) + " used: "
                    + e.getMessage(), e);
        }
    }

    /** Marks the resumed state used, if the session resumed one and has not marked it yet. */
    private void markResumedUsed() throws IOException {
        if (markedUsed || resumedHalf == null) {
            return;
        }
        if (from.file() != null) {
            markUsed(from.file());
        } else {
            from.inMemory().markUsed(resumedHalf, useId, reuseAgreed);
            markedUsed = true;
        }
    }

    /**
     * Marks {@code file}, the resumed state's, used by this session: atomically under its lock,
     * failing if another session used or continued it since this one read it (unless both
     * parties allow reuse).
     */
    private void markUsed(Path file) throws IOException {
        if (!markedUsed) {
            StateFiles.markUsed(file, resumedHalf.id(), useId, reuseAgreed);
        }
        markedUsed = true;
    }

    /**
     * Saves {@code values} in {@code file} with the peer, as {@code GcSession.saveState} states:
     * after the SAVE exchange each side writes its new half beside its file, tells the peer
     * whether it could, and only when both have written marks the resumed state used and makes
     * the new half current. The session is set up and no run is ahead.
     *
     * @param password encrypts the half, or null (an evaluator's, not encrypted)
     * @param deltaLo  the creator's Δ (low, high); unused by the evaluator
     * @param hook     where a test makes the save fail or stop
     * @param failed   fails the session for an exception, as the session reports it
     * @throws SessionException           if either side cannot save; the session then fails
     * @throws HandshakeMismatchException if the peer saves other values
     */
    public void save(List<Value> values, Path file, char[] password, long deltaLo, long deltaHi, Hook hook,
            Function<Exception, SessionException> failed) throws IOException {
        protocol.enter("saving state");
        // Why this side cannot save, in full here; the peer is told only that it cannot
        // (its status carries no path, file-system error or password detail).
        String problem = null;
        String told = NOT_SAVED;
        StateCipher key = null;
        if (refusesStateOverPlainTcp()) {
            problem = plainTcpRefusal("save the state");
            told = "it refuses to save state over plain TCP off loopback";
        } else {
            try {
                SessionState.checkTarget(file);
                // The key's derivation takes a while by design: before the peer waits for us.
                key = password == null ? null : StateCipher.create(password);
            } catch (IOException e) {
                problem = e.getMessage();
            }
        }
        hook.at(Hook.Step.START);
        Half half = exchangeHalves(values, file, deltaLo, deltaHi);
        hook.at(Hook.Step.HALVES_EXCHANGED);
        boolean inPlace = from != null && from.file() != null && StateFiles.same(from.file(), file);
        if (problem == null && from != null && from.file() != null) {
            // Before this side confirms: a state that another session used or continued since
            // this one read it cannot be continued here (both then keep their previous state).
            try {
                StateFiles.checkUnused(from.file(), resumedHalf.id(), useId, reuseAgreed);
            } catch (IOException e) {
                problem = e.getMessage();
            }
        }
        boolean written = false;
        if (problem == null) {
            try {
                hook.at(Hook.Step.WRITE);
                StateFiles.writePending(file, half, key);
                written = true;
            } catch (IOException | RuntimeException e) {
                problem = "cannot write " + file + ": " + (e.getMessage() == null ? e.toString() : e.getMessage());
            }
        }
        hook.at(Hook.Step.WRITTEN);
        // (13): each tells the other whether its new half is written; neither makes it current
        // before it knows both are.
        protocol.writeStatus(problem == null ? null : told);
        channel.flush();
        hook.at(Hook.Step.CONFIRMED);
        String peerProblem = readPeerSaveStatus(file, written, failed);
        if (problem != null || peerProblem != null) {
            if (written) {
                StateFiles.discardPending(file);
            }
            protocol.idle();
            throw new SessionException(name() + ": saving the state with " + channel.peer() + " failed: "
                    + (problem != null ? problem : "the peer could not save its half: " + peerProblem)
                    + "; both parties keep their previous state");
        }
        hook.at(Hook.Step.PEER_CONFIRMED);
        try {
            if (!inPlace) {
                markResumedUsed();
            }
            hook.at(Hook.Step.MARKED);
            StateFiles.commit(file, half, reuseAgreed);
            if (inPlace) {
                markedUsed = true; // the resumed state is replaced by its successor: nothing is left to mark
            }
        } catch (IOException e) {
            // Resuming settles it: completes this side's save, or (if another session used the
            // state this one resumed meanwhile) refuses the pair.
            throw new SessionException(name() + ": saving the state with " + channel.peer() + ": both new halves"
                    + " are written but this side's could not be made current (" + e.getMessage() + "): resume "
                    + file + " with the peer to settle it", e);
        }
        hook.at(Hook.Step.COMMITTED);
        protocol.idle();
    }

    /**
     * Makes {@code values} a state in memory with the peer, as {@code GcSession.exportState}
     * states: the SAVE exchange without files, then each side's status (13), and the resumed
     * state marked used. The session is set up and no run is ahead.
     *
     * @param deltaLo the creator's Δ (low, high); unused by the evaluator
     * @return this side's half
     * @throws SessionException           if either side refuses (plain TCP off loopback)
     * @throws HandshakeMismatchException if the peer saves other values
     */
    public Half export(List<Value> values, long deltaLo, long deltaHi) throws IOException {
        protocol.enter("saving state");
        Half half = exchangeHalves(values, null, deltaLo, deltaHi);
        String problem = refusesStateOverPlainTcp() ? plainTcpRefusal("save the state") : null;
        protocol.writeStatus(problem == null ? null : "it refuses to save state over plain TCP off loopback");
        channel.flush();
        String peerProblem = protocol.peerStatus("peer");
        if (problem != null || peerProblem != null) {
            protocol.idle();
            throw new SessionException(name() + ": saving the state with " + channel.peer() + " failed: "
                    + (problem != null ? problem : "the peer could not save its half: " + peerProblem));
        }
        markResumedUsed();
        protocol.idle();
        return half;
    }

    /**
     * Messages (11) and (12) of a save: both agree on the counter and values and make the new
     * state's id together, then exchange the digests of their halves; returns this side's half
     * ({@code file}: where it goes, or null for a state in memory).
     */
    private Half exchangeHalves(List<Value> values, Path file, long deltaLo, long deltaHi) throws IOException {
        byte[] idPart = new byte[16];
        prg.nextBytes(idPart, 0, 16);
        channel.writeInt(SAVE_MAGIC);
        channel.writeLong(protocol.gateCounter());
        channel.writeInt(values.size());
        for (Value v : values) {
            channel.writeLong(v.id());
            channel.writeInt(v.width());
        }
        channel.write(idPart, 0, 16);
        channel.flush();
        int magic = channel.readInt();
        if (magic != SAVE_MAGIC) {
            throw new SessionException(name() + ": the peer " + channel.peer() + " sent 0x"
                    + Integer.toHexString(magic) + " where its part of saving the state belongs"
                    + " (protocol out of step)");
        }
        long peerCounter = channel.readLong();
        int n = channel.readInt();
        if (n < 0 || n > StateFormat.MAX_VALUES) {
            throw new SessionException(name() + ": the peer " + channel.peer() + " saves " + n
                    + " values (protocol out of step)");
        }
        List<String> problems = new ArrayList<>();
        if (peerCounter != protocol.gateCounter()) {
            problems.add("peer is at gate " + peerCounter + " but this side at " + protocol.gateCounter());
        }
        if (n != values.size()) {
            problems.add("peer saves " + n + " values but this side " + values.size());
        }
        for (int i = 0; i < n; i++) {
            long id = channel.readLong();
            int w = channel.readInt();
            if (i < values.size() && (id != values.get(i).id() || w != values.get(i).width())) {
                problems.add("value " + i + " is #" + id + " of " + w + " bits on the peer but #"
                        + values.get(i).id() + " of " + values.get(i).width() + " bits here");
            }
        }
        byte[] peerPart = new byte[16];
        channel.readFully(peerPart, 0, 16);
        if (!problems.isEmpty()) {
            throw new HandshakeMismatchException(name() + ": saving the state with " + channel.peer()
                    + " failed: " + String.join("; ", problems), false);
        }
        boolean creator = role == Party.CREATOR;
        byte[] id = stateId(creator ? idPart : peerPart, creator ? peerPart : idPart);
        byte[] salt = new byte[16];
        prg.nextBytes(salt, 0, 16);
        long dLo = creator ? deltaLo : 0;
        long dHi = creator ? deltaHi : 0;
        Half.Predecessor pred = file == null || from == null || from.file() == null ? null
                : new Half.Predecessor(StateFiles.relative(file, from.file()), resumedHalf.id(), useId);
        List<ValueOrigin> origins = new ArrayList<>(values.size());
        long[][] l = new long[values.size()][];
        for (int i = 0; i < l.length; i++) {
            origins.add(values.get(i).origin());
            l[i] = values.get(i).labels();
        }
        Half draft = new Half(role, id, protocol.gateCounter(), dLo, dHi, origins, l, salt, new byte[32],
                Half.CURRENT, new byte[16], pred);
        channel.write(draft.ownDigest(), 0, 32);
        channel.flush();
        byte[] peerDigest = new byte[32];
        channel.readFully(peerDigest, 0, 32);
        return new Half(role, id, protocol.gateCounter(), dLo, dHi, origins, l, salt, peerDigest, Half.CURRENT,
                new byte[16], pred);
    }

    /**
     * The peer's answer (13): null if its half is written, else why not. If it cannot be read
     * after this side's half was written, the save is in doubt: the new half stays beside the
     * file, and the next resumption of it with the peer settles which state resumes.
     */
    private String readPeerSaveStatus(Path file, boolean written, Function<Exception, SessionException> failed)
            throws IOException {
        try {
            return protocol.peerStatus("peer");
        } catch (IOException | RuntimeException e) {
            if (!written) {
                throw e;
            }
            SessionException f = failed.apply(e);
            throw new SessionException(f.getMessage() + "; this side's new half is written beside " + file
                    + ": resuming " + file + " with the peer settles whether the new or the previous state resumes", e);
        }
    }

    /**
     * Whether this session must refuse to save or resume a state: its channel is plain TCP to a
     * peer off this machine ({@link TunedChannel#plainOffLoopback}) and the options do not allow it.
     * A saved creator's Δ lives for the whole chain of sessions, and a man in the middle of
     * plain TCP learns one bit of it per run he makes fail (docs/security.md).
     */
    private boolean refusesStateOverPlainTcp() {
        return TunedChannel.isPlainOffLoopback(channel) && !stateOverPlainTcp;
    }

    private String plainTcpRefusal(String what) {
        return "it will not " + what + " over plain TCP with " + channel.peer() + ", off this machine: the state"
                + " keeps the creator's Δ for the whole chain of sessions, and a man in the middle of plain TCP learns"
                + " a bit of it for every run he makes fail; use TLS, or allow it explicitly"
                + " (SessionOptions.stateOverPlainTcp, gc run --allow-state-over-plain-tcp)";
    }

    private static byte[] stateId(byte[] creatorPart, byte[] evaluatorPart) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update("gcstream state id".getBytes(StandardCharsets.US_ASCII));
            d.update(creatorPart);
            d.update(evaluatorPart);
            return Arrays.copyOf(d.digest(), 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    private String name() {
        return role.name().toLowerCase(Locale.ROOT);
    }
}
