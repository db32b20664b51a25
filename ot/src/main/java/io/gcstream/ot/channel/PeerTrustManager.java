package io.gcstream.ot.channel;

import java.net.Socket;
import java.security.PublicKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The check of a peer's certificate in the TLS handshake, on both sides (the listener checks
 * the connector's, the connector the listener's): the JDK's PKIX check against the truststore,
 * then three of ours. The peer must not hold this side's own key (a connection that an attacker
 * turned back to the party that made it would otherwise pass whenever the truststore holds the
 * party's own certificate, and the party would compute with itself); the key of every
 * certificate of its chain must be one {@link TlsKeyPolicy} accepts (a weak intermediate would
 * let whoever breaks it issue the peer's certificate); and if a peer is pinned
 * ({@link TlsConfig#withPeer}), its certificate must be that one: by subject, a certificate the
 * truststore holds, unless the truststore's authorities may vouch for it
 * ({@link TlsConfig#trustingAuthorities}), since an authority, or any version 1 certificate
 * there, could issue one with any subject. A refusal is a {@link Refused} with one line saying
 * why; the handshake then fails on both sides ({@link Transport#explain}).
 */
final class PeerTrustManager extends X509ExtendedTrustManager {
    /** Why a peer's certificate was refused by one of our checks (not the PKIX one). */
    static final class Refused extends CertificateException {
        private static final long serialVersionUID = 1L;

        Refused(String reason) {
            super(reason);
        }
    }

    private final X509ExtendedTrustManager pkix;
    private final PublicKey own;
    private final PeerPin pin;
    private final List<X509Certificate> trusted;
    private final boolean authoritiesVouch;

    /**
     * @param pin the one peer accepted, or null for any that {@code pkix} trusts
     * @param trusted the truststore's certificates
     * @param authoritiesVouch whether a certificate an authority of {@code trusted} issued may
     *     match a pin by subject, or only one that {@code trusted} holds
     */
    PeerTrustManager(X509ExtendedTrustManager pkix, PublicKey own, PeerPin pin, List<X509Certificate> trusted,
            boolean authoritiesVouch) {
        this.pkix = pkix;
        this.own = own;
        this.pin = pin;
        this.trusted = trusted;
        this.authoritiesVouch = authoritiesVouch;
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        pkix.checkClientTrusted(chain, authType, socket);
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        pkix.checkServerTrusted(chain, authType, socket);
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        pkix.checkClientTrusted(chain, authType, engine);
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        pkix.checkServerTrusted(chain, authType, engine);
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkClientTrusted(chain, authType);
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkServerTrusted(chain, authType);
        check(chain);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return pkix.getAcceptedIssuers();
    }

    /** Our checks of a chain PKIX accepted (chain[0] is the peer's own certificate). */
    void check(X509Certificate[] chain) throws Refused {
        X509Certificate peer = chain[0];
        if (peer.getPublicKey().equals(own)) {
            throw new Refused("the peer presents this side's own key (" + PeerPin.describe(peer)
                    + "): the connection leads back to this party; each party needs a key of its own");
        }
        String weak = TlsKeyPolicy.problem(peer.getPublicKey());
        if (weak != null) {
            throw new Refused("the peer's certificate " + PeerPin.describe(peer) + " has " + weak);
        }
        for (int i = 1; i < chain.length; i++) {
            weak = TlsKeyPolicy.problem(chain[i].getPublicKey());
            if (weak != null) {
                throw new Refused("the certificate " + PeerPin.describe(chain[i]) + " in the peer's chain has "
                        + weak);
            }
        }
        if (pin != null && !pin.matches(peer)) {
            throw new Refused("the peer's certificate " + PeerPin.describe(peer)
                    + " is trusted but not the expected peer, " + pin);
        }
        if (pin != null && pin.bySubject() && !authoritiesVouch && !trusted.contains(peer)) {
            throw new Refused("the peer's certificate " + PeerPin.describe(peer) + " has the expected " + pin
                    + " but is not in the truststore, and an authority there vouching for a subject is not allowed"
                    + " (--tls-trust-authority); name the peer by its fingerprint");
        }
    }
}
