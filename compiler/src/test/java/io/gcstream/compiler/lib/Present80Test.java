package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.TestBits;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.TestResources;
import java.math.BigInteger;
import java.util.Map;
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

    static BigInteger run(Circuit c, BigInteger key, BigInteger pt) throws Exception {
        return value(Simulator.run(c, bits(key, 80), bits(pt, 64)).evaluatorOutputs());
    }
}
