package io.gcstream.ot.internal;

/** What the first bytes from a peer say about TLS: for a plain-TCP session whose peer speaks TLS. */
public final class TlsRecords {
    private TlsRecords() {
    }

    /**
     * True if {@code firstInt}, the first four bytes received read as a little-endian int, begin
     * a TLS record (a handshake or an alert, version 3.x): a plain-TCP session can then tell its
     * user that the peer uses TLS rather than report garbage.
     */
    public static boolean looksLikeTls(int firstInt) {
        int type = firstInt & 0xff;
        int major = (firstInt >>> 8) & 0xff;
        return (type == 0x16 || type == 0x15) && major == 0x03;
    }
}
