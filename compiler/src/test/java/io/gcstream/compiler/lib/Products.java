package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.TestResources;
import java.math.BigInteger;
import java.util.Map;
import java.util.Random;

/** Checks a 2n-bit product circuit (x from the creator, y from the evaluator, product to both). */
final class Products {
    private Products() {
    }

    /** Random operands and the extremes, against BigInteger multiplication. */
    static void checkRandom(Circuit c, int n, int runs, long seed) throws Exception {
        assertEquals(2 * n, c.creatorOutputCount());
        assertEquals(2 * n, c.evaluatorOutputCount());
        Random rnd = new Random(seed);
        BigInteger max = BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE);
        for (int r = 0; r < runs; r++) {
            BigInteger x = r == 0 ? max : r == 1 ? BigInteger.ZERO : new BigInteger(n, rnd);
            BigInteger y = r == 0 || r == 1 ? max : new BigInteger(n, rnd);
            check(c, n, x, y);
        }
    }

    /** The mult64 vectors of vectors.json (their {@code out} is the low 64 bits). */
    static void checkVectors(Circuit c) throws Exception {
        for (Map<String, Object> v : TestResources.vectors("mult64")) {
            BigInteger x = new BigInteger((String) v.get("a"));
            BigInteger y = new BigInteger((String) v.get("b"));
            Simulator.Result res = Simulator.run(c, bits(x, 64), bits(y, 64));
            assertEquals(new BigInteger((String) ((java.util.List<?>) v.get("out")).get(0)),
                    value(res.evaluatorOutputs(), 0, 64), "mult64 " + v);
            assertEquals(x.multiply(y), value(res.evaluatorOutputs()));
        }
    }

    static void check(Circuit c, int n, BigInteger x, BigInteger y) throws Exception {
        Simulator.Result res = Simulator.run(c, bits(x, n), bits(y, n));
        assertEquals(x.multiply(y), value(res.evaluatorOutputs()), n + "-bit " + x + " * " + y);
        assertEquals(x.multiply(y), value(res.creatorOutputs()));
    }
}
