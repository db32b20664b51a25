package io.gcstream.ot.channel;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Map;

/**
 * Which keys a party may authenticate with over TLS 1.3 here: ECDSA on P-256, P-384 or P-521
 * (what {@code gc keygen} makes is P-256), RSA of at least {@link #MIN_RSA_BITS} bits
 * (signed with RSA-PSS), and Ed25519 or Ed448. Anything else is refused when a store is loaded,
 * and a peer's certificate with another key is refused in the handshake. So a DSA key, for
 * which TLS 1.3 has no signature scheme, fails when its store is loaded rather than in a
 * handshake, and an RSA key under 2048 bits (about 80-bit security at 1024) is not used at all.
 */
final class TlsKeyPolicy {
    /** Smallest RSA modulus accepted. */
    static final int MIN_RSA_BITS = 2048;
    /** The named curves TLS 1.3 signs with, by OID. */
    private static final Map<String, String> CURVES = Map.of(
            "1.2.840.10045.3.1.7", "P-256", "1.3.132.0.34", "P-384", "1.3.132.0.35", "P-521");

    private TlsKeyPolicy() {
    }

    /**
     * Null if {@code key} is one of the accepted kinds, else what is wrong in words, e.g. "an
     * RSA key of 1024 bits (at least 2048 are needed)".
     */
    static String problem(PublicKey key) {
        String alg = key.getAlgorithm();
        switch (alg) {
            case "EC": {
                String oid = curveOid(key);
                return oid != null && CURVES.containsKey(oid) ? null
                        : "an EC key on a curve TLS 1.3 does not sign with"
                                + (oid == null ? "" : " (" + oid + ")") + "; P-256, P-384 and P-521 are";
            }
            case "RSA", "RSASSA-PSS": {
                int bits = key instanceof RSAKey r ? r.getModulus().bitLength() : 0;
                return bits >= MIN_RSA_BITS ? null
                        : "an RSA key of " + bits + " bits (at least " + MIN_RSA_BITS + " are needed)";
            }
            case "EdDSA", "Ed25519", "Ed448":
                return null;
            default:
                return "a" + ("AEIOU".indexOf(alg.isEmpty() ? 'x' : alg.charAt(0)) >= 0 ? "n " : " ")
                        + Printable.ascii(alg) + " key, which TLS 1.3 cannot sign with (EC P-256, as"
                        + " 'gc keygen' makes, RSA of " + MIN_RSA_BITS + " bits or more, or Ed25519 are)";
        }
    }

    private static String curveOid(PublicKey key) {
        if (!(key instanceof ECPublicKey ec)) {
            return null;
        }
        try {
            AlgorithmParameters p = AlgorithmParameters.getInstance("EC");
            p.init(ec.getParams());
            return p.getParameterSpec(ECGenParameterSpec.class).getName();
        } catch (GeneralSecurityException e) {
            return null;
        }
    }
}
