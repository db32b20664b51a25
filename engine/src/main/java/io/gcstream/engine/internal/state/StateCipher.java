package io.gcstream.engine.internal.state;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The encryption of a state file's body at rest, from a password, with the JDK alone:
 * PBKDF2-HMAC-SHA256 turns the password and a random 16-byte salt into a 256-bit secret, from
 * which HMAC-SHA256 derives an AES-256 key and a 16-byte password check; the body is
 * AES-256-GCM under a random 96-bit nonce, with the file's header as associated data. The check
 * tells a wrong password from an altered file. Internal.
 */
public final class StateCipher {
    /** PBKDF2 iterations of a new file: OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
    public static final int DEFAULT_ITERATIONS = 600_000;
    /** Most iterations a file may ask for: a bound on the work a file can make a reader do. */
    public static final int MAX_ITERATIONS = 10_000_000;
    public static final int SALT_BYTES = 16;
    public static final int CHECK_BYTES = 16;
    public static final int NONCE_BYTES = 12;
    public static final int TAG_BYTES = 16;

    private static volatile int iterations = DEFAULT_ITERATIONS;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final int rounds;
    private final byte[] salt;
    private final byte[] check;
    private final SecretKeySpec key;

    private StateCipher(int rounds, byte[] salt, byte[] check, SecretKeySpec key) {
        this.rounds = rounds;
        this.salt = salt;
        this.check = check;
        this.key = key;
    }

    /**
     * <b>Tests only</b>: the iterations of files written from now on in this JVM (each file
     * records its own, so they read back with any setting). Lower is faster and weaker.
     */
    public static void iterationsForTests(int n) {
        if (n < 1 || n > MAX_ITERATIONS) {
            throw new IllegalArgumentException("iterations must be in 1.." + MAX_ITERATIONS + ", not " + n);
        }
        iterations = n;
    }

    /** A key for a new file: fresh salt, the current iterations. */
    public static StateCipher create(char[] password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return derive(password, iterations, salt);
    }

    /**
     * A key for a new file from a random key rather than a password: one PBKDF2 iteration, since
     * a key of at least 128 random bits needs no stretching against guessing.
     */
    public static StateCipher fromRandomKey(char[] hexKey) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return derive(hexKey, 1, salt);
    }

    /** The key of an existing file with these parameters. */
    public static StateCipher derive(char[] password, int rounds, byte[] salt) {
        if (password == null || password.length == 0) {
            throw new IllegalArgumentException("an empty password");
        }
        PBEKeySpec spec = new PBEKeySpec(password, salt, rounds, 256);
        byte[] secret = null;
        try {
            secret = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            byte[] k = mac.doFinal("gcstream state key".getBytes(StandardCharsets.US_ASCII));
            byte[] check = Arrays.copyOf(mac.doFinal("gcstream state password check"
                    .getBytes(StandardCharsets.US_ASCII)), CHECK_BYTES);
            SecretKeySpec key = new SecretKeySpec(k, "AES");
            Arrays.fill(k, (byte) 0);
            return new StateCipher(rounds, salt.clone(), check, key);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2-HMAC-SHA256 is not available", e);
        } finally {
            spec.clearPassword();
            if (secret != null) {
                Arrays.fill(secret, (byte) 0);
            }
        }
    }

    public int iterations() {
        return rounds;
    }

    public byte[] salt() {
        return salt.clone();
    }

    public byte[] check() {
        return check.clone();
    }

    /** True if {@code stored} is this key's password check (in constant time). */
    public boolean checks(byte[] stored) {
        return MessageDigest.isEqual(check, stored);
    }

    /** A fresh random nonce for {@link #seal}. */
    public static byte[] nonce() {
        byte[] n = new byte[NONCE_BYTES];
        RANDOM.nextBytes(n);
        return n;
    }

    /** AES-256-GCM of {@code plain} under {@code nonce}, authenticating {@code aad}: ciphertext and tag. */
    public byte[] seal(byte[] nonce, byte[] aad, byte[] plain) {
        try {
            return gcm(Cipher.ENCRYPT_MODE, nonce, aad).doFinal(plain);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /** The plaintext of {@link #seal}'s output, or null if it or {@code aad} was altered. */
    public byte[] open(byte[] nonce, byte[] aad, byte[] sealed) {
        try {
            return gcm(Cipher.DECRYPT_MODE, nonce, aad).doFinal(sealed);
        } catch (AEADBadTagException e) {
            return null;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    private Cipher gcm(int mode, byte[] nonce, byte[] aad) throws GeneralSecurityException {
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        c.init(mode, key, new GCMParameterSpec(8 * TAG_BYTES, nonce));
        c.updateAAD(aad);
        return c;
    }
}
