package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.junit.jupiter.api.Test;

class Present80Test {
    /** The four test vectors of the PRESENT specification (also the first four in vectors.json). */
    private static final String[][] SPEC = {
        {"00000000000000000000", "0000000000000000", "5579c1387b228445"},
        {"ffffffffffffffffffff", "0000000000000000", "e72c46c0f5945049"},
        {"00000000000000000000", "ffffffffffffffff", "a112ffc72f68417b"},
        {"ffffffffffffffffffff", "ffffffffffffffff", "3333dcd3213210d2"},
    };

    @Test
    void sboxIsTheTableWith4Ands() throws Exception {
        CircuitBuilder b = new CircuitBuilder();
        Present80 p = new Present80(b);
        Word x = b.evaluatorInput(4);
        b.evaluatorOutput(p.sbox(x));
        Circuit c = b.build();
        assertEquals(4, c.nonLinearCount());
        for (int v = 0; v < 16; v++) {
            assertEquals(Present80.SBOX[v], value(Simulator.run(c, new boolean[0], bits(v, 4)).evaluatorOutputs()).intValue());
        }
    }

    @Test
    void encryptsTheSpecificationVectors() throws Exception {
        Circuit c = Present80.circuit();
        assertEquals((31 * 16 + 31) * 4, c.nonLinearCount());
        for (String[] v : SPEC) {
            boolean[] out = Simulator.run(c, bits(TestBits.hex(v[0]), 80), bits(TestBits.hex(v[1]), 64)).evaluatorOutputs();
            assertEquals(v[2], TestBits.hex(value(out), 64), "PRESENT-80 key " + v[0] + " pt " + v[1]);
        }
    }

    @Test
    void encryptsAllSharedVectors() throws Exception {
        Circuit c = Present80.circuit();
        for (Map<String, Object> v : TestResources.vectors("present80")) {
            BigInteger out = run(c, TestBits.hex((String) v.get("key")), TestBits.hex((String) v.get("plaintext")));
            assertEquals(v.get("ciphertext"), TestBits.hex(out, 64), "PRESENT-80 " + v);
        }
    }

    @Test
    void referenceEncryptsTheSpecificationVectors() {
        for (String[] v : SPEC) {
            long out = PresentReference.encrypt(TestBits.hex(v[0]), TestBits.hex(v[1]).longValue());
            assertEquals(v[2], TestBits.hex(BigInteger.valueOf(out).and(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)), 64));
        }
    }

    @Test
    void agreesWithTheReferenceOnRandomInputs() throws Exception {
        Circuit c = Present80.circuit();
        Random rnd = new Random(81);
        for (int r = 0; r < 10; r++) {
            BigInteger key = new BigInteger(80, rnd);
            long pt = rnd.nextLong();
            assertEquals(PresentReference.encrypt(key, pt), run(c, key, unsigned(pt)).longValue());
        }
    }

    @Test
    void expandedCircuitHas1984AndsAndAgreesWithTheReferenceAndPresent80() throws Exception {
        LibraryCircuit lc = Library.get("present80-expanded");
        Circuit c = lc.circuit();
        assertEquals(31 * 16 * 4, c.nonLinearCount());
        assertEquals(1984, c.nonLinearCount());
        assertEquals(2048, c.creatorInputCount());
        assertEquals(80, lc.valueWidth(Party.CREATOR));
        System.out.println("library PRESENT-80 on expanded keys: ANDs = " + c.nonLinearCount() + ", gates = "
                + c.gateCount() + ", S = " + c.numSlots() + ", label slots = " + c.labelSlots());
        Circuit inline = Present80.circuit();
        Random rnd = new Random(82);
        for (int r = 0; r < 10; r++) {
            BigInteger key = new BigInteger(80, rnd);
            long pt = rnd.nextLong();
            BigInteger out = runExpanded(lc, key, unsigned(pt));
            assertEquals(PresentReference.encrypt(key, pt), out.longValue(), "against the reference");
            assertEquals(run(inline, key, unsigned(pt)), out, "against present80");
        }
        for (String[] v : SPEC) {
            assertEquals(v[2], TestBits.hex(runExpanded(lc, TestBits.hex(v[0]), TestBits.hex(v[1])), 64));
        }
        for (Map<String, Object> v : TestResources.vectors("present80")) {
            BigInteger out = runExpanded(lc, TestBits.hex((String) v.get("key")), TestBits.hex((String) v.get("plaintext")));
            assertEquals(v.get("ciphertext"), TestBits.hex(out, 64), "PRESENT-80 " + v);
        }
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    static BigInteger runExpanded(LibraryCircuit lc, BigInteger key, BigInteger pt) throws Exception {
        boolean[] roundKeys = lc.encode(Party.CREATOR, bits(key, 80));
        return value(Simulator.run(lc.circuit(), roundKeys, bits(pt, 64)).evaluatorOutputs());
    }

    static BigInteger run(Circuit c, BigInteger key, BigInteger pt) throws Exception {
        return value(Simulator.run(c, bits(key, 80), bits(pt, 64)).evaluatorOutputs());
    }
}
