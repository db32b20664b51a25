package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.TestBits;
import io.gcstream.compiler.TestResources;
import io.gcstream.compiler.Word;
import java.math.BigInteger;
import java.util.Map;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class Aes128Test {
    /** The S-box from its definition: multiplicative inverse in GF(2^8) then the affine map. */
    private static int referenceSbox(int a) {
        int inv = 0;
        for (int x = 1; x < 256 && a != 0; x++) {
            if (TowerFieldTest.gmul(a, x) == 1) {
                inv = x;
            }
        }
        int r = 0x63;
        for (int i = 0; i < 8; i++) {
            int bit = 0;
            for (int k : new int[] {0, 4, 5, 6, 7}) {
                bit ^= (inv >> ((i + k) % 8)) & 1;
            }
            r ^= bit << i;
        }
        return r;
    }

    @Test
    void sboxMatchesTheDefinitionWith32Ands() throws Exception {
        CircuitBuilder b = new CircuitBuilder();
        Aes128 aes = new Aes128(b);
        Word x = b.evaluatorInput(8);
        b.evaluatorOutput(aes.sbox().apply(x));
        Circuit c = b.build();
        assertEquals(32, c.nonLinearCount());
        assertEquals(0x63, referenceSbox(0));
        assertEquals(0xed, referenceSbox(0x53)); // FIPS-197 §5.1.1 example
        for (int v = 0; v < 256; v++) {
            assertEquals(referenceSbox(v), value(Simulator.run(c, new boolean[0], bits(v, 8)).evaluatorOutputs()).intValue(),
                    "S(" + v + ")");
        }
    }

    @Test
    void encryptsTheFipsVectorsAndAgreesWithTheJdk() throws Exception {
        Circuit c = Aes128.circuit();
        assertEquals(6400, c.nonLinearCount());
        // A round's S-boxes and the key schedule's four share one level-ordered call: 20 S-boxes.
        // MixColumns is in line: as a call it cost 64 label copies.
        assertEquals(java.util.List.of("aes_round_sboxes"),
                c.subCircuits().stream().map(io.gcstream.circuits.internal.SubCircuit::name).sorted().toList());
        assertEquals(160, c.subCircuits().stream().filter(d -> d.name().equals("aes_round_sboxes"))
                .findFirst().orElseThrow().inputCount());
        System.out.println("library AES-128: ANDs = " + c.nonLinearCount() + ", gates = " + c.gateCount() + ", S = "
                + c.numSlots() + ", label slots = " + c.labelSlots() + ", instructions = " + c.instructionCount());
        assertTrue(c.labelSlots() < 1000, "label slots " + c.labelSlots());
        BigInteger key = TestBits.hex("2b7e151628aed2a6abf7158809cf4f3c");
        BigInteger pt = TestBits.hex("3243f6a8885a308d313198a2e0370734");
        assertEquals("3925841d02dc09fbdc118597196a0b32", TestBits.hex(run(c, key, pt), 128));
        Random rnd = new Random(9);
        Cipher jdk = Cipher.getInstance("AES/ECB/NoPadding");
        for (int r = 0; r < 5; r++) {
            byte[] k = new byte[16];
            byte[] p = new byte[16];
            rnd.nextBytes(k);
            rnd.nextBytes(p);
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"));
            BigInteger expected = new BigInteger(1, jdk.doFinal(p));
            assertEquals(expected, run(c, new BigInteger(1, k), new BigInteger(1, p)));
        }
    }

    @Test
    void encryptsAllSharedVectors() throws Exception {
        Circuit c = Aes128.circuit();
        for (Map<String, Object> v : TestResources.vectors("aes128")) {
            BigInteger out = run(c, TestBits.hex((String) v.get("key")), TestBits.hex((String) v.get("plaintext")));
            assertEquals(v.get("ciphertext"), TestBits.hex(out, 128), "AES " + v);
        }
    }

    @Test
    void expandedCircuitHas5120AndsAndAgreesWithTheJdkAndAes128() throws Exception {
        LibraryCircuit lc = Library.get("aes128-expanded");
        Circuit c = lc.circuit();
        assertEquals(5120, c.nonLinearCount());
        assertEquals(1, c.subCircuits().size(), "the S-boxes only (MixColumns is in line)");
        assertEquals(1408, c.creatorInputCount());
        assertEquals(128, lc.valueWidth(Party.CREATOR));
        System.out.println("library AES-128 on expanded keys: ANDs = " + c.nonLinearCount() + ", gates = "
                + c.gateCount() + ", S = " + c.numSlots() + ", label slots = " + c.labelSlots());
        Circuit inline = Aes128.circuit();
        Random rnd = new Random(10);
        Cipher jdk = Cipher.getInstance("AES/ECB/NoPadding");
        for (int r = 0; r < 8; r++) {
            byte[] k = new byte[16];
            byte[] p = new byte[16];
            rnd.nextBytes(k);
            rnd.nextBytes(p);
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"));
            BigInteger expected = new BigInteger(1, jdk.doFinal(p));
            BigInteger key = new BigInteger(1, k);
            BigInteger pt = new BigInteger(1, p);
            assertEquals(expected, runExpanded(lc, key, pt), "against the JDK");
            assertEquals(run(inline, key, pt), runExpanded(lc, key, pt), "against aes128");
        }
        for (Map<String, Object> v : TestResources.vectors("aes128")) {
            BigInteger out = runExpanded(lc, TestBits.hex((String) v.get("key")), TestBits.hex((String) v.get("plaintext")));
            assertEquals(v.get("ciphertext"), TestBits.hex(out, 128), "AES " + v);
        }
    }

    static BigInteger runExpanded(LibraryCircuit lc, BigInteger key, BigInteger pt) throws Exception {
        boolean[] roundKeys = lc.encode(Party.CREATOR, bits(key, 128));
        return value(Simulator.run(lc.circuit(), roundKeys, bits(pt, 128)).evaluatorOutputs());
    }

    static BigInteger run(Circuit c, BigInteger key, BigInteger pt) throws Exception {
        return value(Simulator.run(c, bits(key, 128), bits(pt, 128)).evaluatorOutputs());
    }
}
