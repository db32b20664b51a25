package io.gcstream.spark.internal;

import io.gcstream.ot.channel.TlsConfig;
import io.gcstream.ot.channel.TlsKeys;
import io.gcstream.ot.internal.TlsPolicy;
import io.gcstream.ot.channel.Transport;
import io.gcstream.spark.WorkerPairsException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * One party's TLS material, loaded where it is used (a driver or an executor): the
 * {@link Transport} to the peer (TLS 1.3, mutual, the peer pinned, as every gcstream session
 * uses), and the party-internal TLS by which its executors reach its own driver: TLS 1.3 with
 * this party's own key on both ends, where each end accepts exactly this party's own
 * certificate, so only holders of the party's private key open it. Internal.
 */
public final class PartyKeys {
    private static final int MAX_PASSWORD_FILE = 4096;

    private final Transport peer;
    private final SSLContext own;
    private final X509Certificate certificate;

    private PartyKeys(Transport peer, SSLContext own, X509Certificate certificate) {
        this.peer = peer;
        this.own = own;
        this.certificate = certificate;
    }

    /** Loads the keys named by {@code o}; a missing or wrong file or password is one line. */
    public static PartyKeys load(PairSettings o) {
        char[] password = password(o);
        try {
            TlsConfig config = TlsConfig.load(o.keystore(), o.truststore(), password).withPeer(o.peer());
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(o.keystore())) {
                keys.load(in, password);
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, password);
            SSLContext ctx = SSLContext.getInstance(TlsPolicy.PROTOCOL);
            X509Certificate mine = TlsKeys.certificate(keys);
            ctx.init(kmf.getKeyManagers(), new TrustManager[] {new OwnOnly(mine)}, null);
            return new PartyKeys(Transport.tls(config), ctx, mine);
        } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
            throw new WorkerPairsException("cannot load the TLS keys " + o.keystore() + " and " + o.truststore() + ": "
                    + Frames.line(e));
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    /** The password from {@link PairSettings#passwordFile()} (its first line), else the environment. */
    static char[] password(PairSettings o) {
        Path file = o.passwordFile();
        if (file != null) {
            try {
                if (Files.size(file) > MAX_PASSWORD_FILE) {
                    throw new WorkerPairsException("the password file " + file + " is over " + MAX_PASSWORD_FILE
                            + " bytes");
                }
                try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                    StringBuilder sb = new StringBuilder();
                    int c;
                    while ((c = r.read()) >= 0 && c != '\n' && c != '\r') {
                        sb.append((char) c);
                    }
                    char[] p = new char[sb.length()];
                    sb.getChars(0, sb.length(), p, 0);
                    sb.setLength(0);
                    if (p.length == 0) {
                        throw new WorkerPairsException("the password file " + file + " is empty");
                    }
                    return p;
                }
            } catch (IOException e) {
                throw new WorkerPairsException("cannot read the password file " + file + ": " + Frames.line(e));
            }
        }
        String env = System.getenv(o.passwordEnv());
        if (env == null || env.isEmpty()) {
            throw new WorkerPairsException("no TLS password: set " + o.passwordEnv() + " (on the executors too, e.g."
                    + " spark.executorEnv." + o.passwordEnv() + ") or give a password file");
        }
        return env.toCharArray();
    }

    /** TLS to the peer, as gcstream sessions use it. */
    public Transport peer() {
        return peer;
    }

    /** This party's certificate. */
    public X509Certificate certificate() {
        return certificate;
    }

    /** A listener of the party-internal TLS, bound by the caller. */
    public javax.net.ssl.SSLServerSocket internalServer() throws IOException {
        javax.net.ssl.SSLServerSocket s = (javax.net.ssl.SSLServerSocket) own.getServerSocketFactory()
                .createServerSocket();
        s.setEnabledProtocols(new String[] {TlsPolicy.PROTOCOL});
        s.setEnabledCipherSuites(suites(s.getSupportedCipherSuites()));
        s.setNeedClientAuth(true);
        return s;
    }

    /** A party-internal TLS connection over the connected {@code raw}, its handshake done. */
    public SSLSocket internalClient(Socket raw, String host, int port) throws IOException {
        SSLSocket s = (SSLSocket) own.getSocketFactory().createSocket(raw, host, port, true);
        s.setEnabledProtocols(new String[] {TlsPolicy.PROTOCOL});
        s.setEnabledCipherSuites(suites(s.getSupportedCipherSuites()));
        s.setUseClientMode(true);
        s.startHandshake();
        return s;
    }

    private static String[] suites(String[] supported) {
        return TlsPolicy.CIPHER_SUITES.stream().filter(Arrays.asList(supported)::contains).toArray(String[]::new);
    }

    /** Accepts exactly {@code mine}, and only while it is valid. */
    private static final class OwnOnly extends X509ExtendedTrustManager {
        private final X509Certificate mine;

        OwnOnly(X509Certificate mine) {
            this.mine = mine;
        }

        private void check(X509Certificate[] chain) throws CertificateException {
            if (chain == null || chain.length == 0 || !chain[0].equals(mine)) {
                throw new CertificateException("not this party's own certificate: the party-internal service accepts"
                        + " only its own party's executors and driver");
            }
            chain[0].checkValidity();
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket s) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket s) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine e)
                throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine e)
                throws CertificateException {
            check(chain);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[] {mine};
        }
    }
}
