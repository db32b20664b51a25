package io.gcstream.ot.channel;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;
import javax.security.auth.x500.X500Principal;

/**
 * The one peer a party accepts (see {@link TlsConfig#withPeer}): the SHA-256 fingerprint of its
 * certificate, or its certificate's subject.
 */
final class PeerPin {
    /** 32 bytes in hex, with or without colons, optionally after "SHA-256:" or "SHA256:". */
    private static final Pattern FINGERPRINT = Pattern.compile(
            "(?i)(?:sha-?256:)?((?:[0-9a-f]{2}:?){31}[0-9a-f]{2})");
    /** A bare name as {@code gc keygen --name} accepts it: taken as CN=name. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    /** The fingerprint as {@link TlsKeys#fingerprint} writes it, or null for a subject pin. */
    private final String fingerprint;
    /** The subject, or null for a fingerprint pin. */
    private final X500Principal subject;

    private PeerPin(String fingerprint, X500Principal subject) {
        this.fingerprint = fingerprint;
        this.subject = subject;
    }

    /**
     * Reads a pin: a fingerprint ({@code 3F:A2:…}, 64 hex digits with or without colons), a
     * subject ({@code CN=evaluator}, any X.500 name with '='), or a bare name ({@code evaluator},
     * meaning {@code CN=evaluator}).
     *
     * @throws IllegalArgumentException if it is none of these
     */
    static PeerPin parse(String spec) {
        Objects.requireNonNull(spec, "peer");
        String s = spec.strip();
        java.util.regex.Matcher m = FINGERPRINT.matcher(s);
        if (m.matches()) {
            String hex = m.group(1).replace(":", "").toUpperCase(Locale.ROOT);
            StringBuilder canonical = new StringBuilder(95);
            for (int i = 0; i < hex.length(); i += 2) {
                canonical.append(i == 0 ? "" : ":").append(hex, i, i + 2);
            }
            return new PeerPin(canonical.toString(), null);
        }
        try {
            if (s.indexOf('=') > 0) {
                return new PeerPin(null, new X500Principal(s));
            }
            if (NAME.matcher(s).matches()) {
                return new PeerPin(null, new X500Principal("CN=" + s));
            }
        } catch (IllegalArgumentException e) {
            // not a name either: the message below
        }
        throw new IllegalArgumentException("the expected peer '" + Printable.ascii(spec) + "' is neither a"
                + " SHA-256 fingerprint (64 hex digits, as 'gc keygen' prints it) nor a subject such as"
                + " CN=evaluator");
    }

    /** True if {@code c} is the pinned peer's certificate. */
    boolean matches(X509Certificate c) {
        return fingerprint != null ? fingerprint.equals(TlsKeys.fingerprint(c))
                : subject.equals(c.getSubjectX500Principal());
    }

    /** True for a pin by subject, false for one by fingerprint. */
    boolean bySubject() {
        return subject != null;
    }

    /**
     * True if a peer could match at all given {@code trusted}: some trusted certificate matches,
     * or one of them is an authority ({@link TlsKeys#isAuthority}) that may have issued a
     * matching one, which counts for a subject only if {@code authoritiesVouch}
     * ({@link TlsConfig#trustingAuthorities}).
     */
    boolean satisfiableBy(List<X509Certificate> trusted, boolean authoritiesVouch) {
        for (X509Certificate c : trusted) {
            if (matches(c) || (TlsKeys.isAuthority(c) && (fingerprint != null || authoritiesVouch))) {
                return true;
            }
        }
        return false;
    }

    /** For messages: {@code SHA-256 3F:A2:…} or {@code subject CN=evaluator}. */
    @Override
    public String toString() {
        return fingerprint != null ? "SHA-256 " + fingerprint : "subject " + Printable.ascii(subject.getName());
    }

    /** {@code c} named for a message: its subject and fingerprint. */
    static String describe(X509Certificate c) {
        return Printable.subject(c) + " (SHA-256 " + TlsKeys.fingerprint(c) + ")";
    }
}
