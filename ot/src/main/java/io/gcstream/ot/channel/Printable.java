package io.gcstream.ot.channel;

import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.HexFormat;

/**
 * Text from a certificate or from the TLS stack, as printable ASCII for a one-line message:
 * every character outside {@code ' '..'~'} becomes the RFC 4514 escape of its UTF-8 bytes
 * ({@code \E2\80\AE} for U+202E), so a peer's certificate cannot put line breaks, bidirectional
 * overrides or invisible characters into this side's messages. (Module ot depends on nothing of
 * ours; the CLI passes every line it prints through {@code SafeText} of module circuits as
 * well.)
 */
final class Printable {
    private Printable() {
    }

    /** {@code s} with everything outside printable ASCII escaped; null stays null. */
    static String ascii(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            int n = Character.charCount(c);
            if (c >= 0x20 && c < 0x7f) {
                if (b != null) {
                    b.append((char) c);
                }
            } else {
                if (b == null) {
                    b = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                byte[] utf8 = (Character.isSurrogate((char) c) ? "?" : new String(Character.toChars(c)))
                        .getBytes(StandardCharsets.UTF_8);
                for (byte x : utf8) {
                    b.append('\\').append(HexFormat.of().withUpperCase().toHexDigits(x));
                }
            }
            i += n;
        }
        return b == null ? s : b.toString();
    }

    /** The subject of {@code c} (RFC 2253), printable. */
    static String subject(X509Certificate c) {
        return ascii(c.getSubjectX500Principal().getName());
    }
}
