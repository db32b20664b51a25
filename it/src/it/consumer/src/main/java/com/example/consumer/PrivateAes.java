package com.example.consumer;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.compiler.lib.Library;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;

/**
 * Two parties over TCP on loopback, each with its own session: the creator holds an AES-128 key,
 * the evaluator a block, and the evaluator learns the ciphertext (FIPS-197, Appendix B), as a
 * program that uses gcstream as a dependency would. It prints where it ran (a named module or
 * the class path) and the ciphertext, and nothing else.
 */
public final class PrivateAes {
    static final String KEY = "2b7e151628aed2a6abf7158809cf4f3c";
    static final String PLAINTEXT = "3243f6a8885a308d313198a2e0370734";

    private PrivateAes() {
    }

    /** The evaluator's ciphertext after {@code runs} encryptions of the block in one session. */
    public static String encrypt(int runs) throws IOException {
        Circuit aes = Library.get("aes128").circuit();
        boolean[] key = BitCodec.ofBigEndianBytes(HexFormat.of().parseHex(KEY));
        boolean[] block = BitCodec.ofBigEndianBytes(HexFormat.of().parseHex(PLAINTEXT));
        SessionOptions options = SessionOptions.defaults();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String host = server.getInetAddress().getHostAddress();
            int port = server.getLocalPort();
            CompletableFuture<boolean[]> evaluator = CompletableFuture.supplyAsync(() -> {
                try (GcSession s = GcSession.connect(host, port, Party.EVALUATOR, Transport.plain(), options)) {
                    boolean[] out = null;
                    for (int i = 0; i < runs; i++) {
                        out = s.run(aes, block);
                    }
                    return out;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            try (GcSession s = GcSession.creator(Transport.plain().accept(server, ChannelOptions.defaults()),
                    options)) {
                for (int i = 0; i < runs; i++) {
                    s.run(aes, key);
                }
            }
            return HexFormat.of().formatHex(BitCodec.toBigEndianBytes(evaluator.join()));
        }
    }

    /** {@code [RUNS]}: prints "module" or "class path", a space, and the ciphertext. */
    public static void main(String[] args) throws IOException {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        String where = PrivateAes.class.getModule().isNamed() ? "module" : "class path";
        System.out.println(where + " " + encrypt(runs));
    }
}
