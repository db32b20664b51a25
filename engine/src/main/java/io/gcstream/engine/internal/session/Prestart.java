package io.gcstream.engine.internal.session;

import io.gcstream.engine.internal.garble.TweakableHash;
import io.gcstream.ot.BaseOtProtocol;
import io.gcstream.ot.internal.crypto.Prg;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one-time start-up a first session of a JVM would otherwise do on its critical path,
 * begun early on a background thread:
 * <ul>
 *   <li>the JCA providers behind {@code SecureRandom}, AES and SHA-2: their first use loads
 *       and verifies a few hundred classes (~80 ms in a fresh JVM);</li>
 *   <li>the base OT's table of the curve's base point;</li>
 *   <li>the AES-NI path of the garbling hash: HotSpot runs AES on AES-NI only in code its
 *       optimising compiler has compiled, and until then in table-driven Java, which made a
 *       first AES-128 run ~25 ms slower. Hashing {@link #WARM_BLOCKS} public blocks (~1 MB,
 *       some tens of ms of background CPU in a fresh JVM) gets that compilation done before
 *       the first run.</li>
 * </ul>
 * All but the last are work a session does anyway; the last is the one deliberate warm-up.
 * Overlapping them with the caller's own start-up (parsing options, building the circuit,
 * waiting for the peer) shortens the first run. A step that fails is left to fail again, with
 * its real error, where the session needs it.
 */
public final class Prestart {
    /** Blocks hashed to get the AES intrinsic compiled: 64 batches of 1,024. */
    static final int WARM_BLOCKS = 64 * 1024;
    private static final int BATCH = 1024;
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private Prestart() {
    }

    /** Starts the work once per JVM and returns at once; true if this call started it. */
    public static boolean start() {
        if (!STARTED.compareAndSet(false, true)) {
            return false;
        }
        BaseOtProtocol.CHOU_ORLANDI.prepare();
        Thread t = new Thread(Prestart::run, "gc-prestart");
        t.setDaemon(true);
        t.start();
        return true;
    }

    /**
     * Starts, on a daemon thread named {@code gc-ot-prestart}, the part of the OT extension's
     * set-up that a {@code creator}'s or an evaluator's session can do before it has a peer
     * ({@link OtExtensionCot#prepare}), and returns at once; false if skipped: heaps
     * ({@code maxHeap}) under {@link DryRun#MIN_HEAP} are left alone, as the spare ciphers take
     * 100-210 KB until a session uses them, and so is a session planned as a single run
     * ({@code singleRun}) of a circuit with at most {@link DirectCot#MAX_BITS} evaluator inputs
     * ({@code evaluatorInputs}), which takes them by direct base OTs: the extension is then set
     * up by a later run, if any, and making its ciphers now would only take CPU time from the
     * first run's base OTs.
     */
    public static boolean startOt(boolean creator, long maxHeap, boolean singleRun, long evaluatorInputs) {
        if (maxHeap < DryRun.MIN_HEAP || (singleRun && evaluatorInputs <= DirectCot.MAX_BITS)) {
            return false;
        }
        Thread t = new Thread(() -> OtExtensionCot.prepare(creator), "gc-ot-prestart");
        t.setDaemon(true);
        t.start();
        return true;
    }

    private static void run() {
        try {
            Prg.fromSecureRandom().nextLong();
            MessageDigest.getInstance("SHA-512").digest(new byte[1]);
            MessageDigest.getInstance("SHA-256").digest(new byte[1]);
            TweakableHash h = new TweakableHash(BATCH);
            for (int j = 0; j < BATCH; j++) {
                h.input(j, j, ~j, j);
            }
            for (int done = 0; done < WARM_BLOCKS; done += BATCH) {
                h.run(BATCH);
            }
        } catch (NoSuchAlgorithmException | RuntimeException e) {
            // Only an early start: the session meets the same failure and reports it.
        }
    }
}
