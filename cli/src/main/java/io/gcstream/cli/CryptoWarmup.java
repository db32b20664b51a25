package io.gcstream.cli;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * Loads the JDK's cryptography on a thread of its own while the command line is parsed: the
 * security providers, the AES modes and the hash the session asks for, and the system's random
 * source.
 * A fresh process otherwise pays for them on its main thread at the session's first seed and
 * first AES call, on the critical path of a short run. It computes nothing a session uses (the
 * session makes its own ciphers and its own seeds); it only leaves the JDK's providers loaded.
 */
final class CryptoWarmup implements Runnable {
    private CryptoWarmup() {
    }

    /** Starts the warm-up on a daemon thread and returns at once. */
    static void startInBackground() {
        Thread t = new Thread(new CryptoWarmup(), "gc-crypto-warmup");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        try {
            Cipher.getInstance("AES/CTR/NoPadding");
            Cipher.getInstance("AES/CBC/NoPadding");
            Cipher.getInstance("AES/ECB/NoPadding").init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES"));
            MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException e) {
            // Nothing to do: the session names the missing cipher when it needs it.
        }
        new SecureRandom().nextBytes(new byte[1]);
    }
}
