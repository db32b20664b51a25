package io.gcstream.examples;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Party;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import io.gcstream.engine.GcSession;
import java.io.IOException;
import java.util.HexFormat;

/**
 * Private AES encryption, an oblivious PRF: the creator holds an AES-128 key, the evaluator
 * learns AES_key(x) for blocks x of its choice, and neither learns the other's secret. The
 * circuit is the library's {@code aes128-expanded}: the creator expands its key into round keys
 * locally (its input encoder does that), so each block costs 5,120 AND gates. One session
 * serves any number of blocks; the base OTs are paid once.
 *
 * <pre>
 * java … ObliviousPrf creator 7766 2b7e151628aed2a6abf7158809cf4f3c
 * java … ObliviousPrf evaluator localhost:7766 3243f6a8885a308d313198a2e0370734 00112233445566778899aabbccddeeff
 * </pre>
 */
public final class ObliviousPrf {
    private static final LibraryCircuit AES = Library.get("aes128-expanded");

    private ObliviousPrf() {
    }

    /** The creator's side: serves {@code blocks} encryptions under {@code key} (16 bytes). */
    public static void serve(GcSession creator, byte[] key, int blocks) {
        boolean[] roundKeys = AES.encode(Party.CREATOR, BitCodec.ofBigEndianBytes(key));
        for (int i = 0; i < blocks; i++) {
            creator.run(AES.circuit(), roundKeys);
        }
    }

    /** The evaluator's side: the encryption of each 16-byte block, learned obliviously. */
    public static byte[][] encrypt(GcSession evaluator, byte[]... blocks) {
        byte[][] out = new byte[blocks.length][];
        for (int i = 0; i < blocks.length; i++) {
            boolean[] c = evaluator.run(AES.circuit(), BitCodec.ofBigEndianBytes(blocks[i]));
            out[i] = BitCodec.toBigEndianBytes(c);
        }
        return out;
    }

    public static void main(String[] args) throws IOException {
        if (args.length >= 3 && args[0].equals("creator")) {
            try (GcSession s = Connect.session("creator", args[1])) {
                int blocks = args.length > 3 ? Integer.parseInt(args[3]) : 1;
                serve(s, HexFormat.of().parseHex(args[2]), blocks);
                System.out.println("served " + blocks + " block(s); learned nothing of them");
            }
        } else if (args.length >= 3 && args[0].equals("evaluator")) {
            byte[][] blocks = new byte[args.length - 2][];
            for (int i = 2; i < args.length; i++) {
                blocks[i - 2] = HexFormat.of().parseHex(args[i]);
            }
            try (GcSession s = Connect.session("evaluator", args[1])) {
                for (byte[] c : encrypt(s, blocks)) {
                    System.out.println(HexFormat.of().formatHex(c));
                }
            }
        } else {
            System.err.println("usage: ObliviousPrf creator PORT KEYHEX [BLOCKS] | evaluator HOST:PORT BLOCKHEX...");
            System.exit(2);
        }
    }
}
