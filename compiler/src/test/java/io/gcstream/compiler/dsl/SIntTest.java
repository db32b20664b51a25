package io.gcstream.compiler.dsl;

import static io.gcstream.compiler.dsl.DslCheck.WIDTHS;
import static io.gcstream.compiler.dsl.DslCheck.bool;
import static io.gcstream.compiler.dsl.DslCheck.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.io.IOException;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** The signed-only operations against BigInteger arithmetic, with their AND counts. */
class SIntTest {
    @Test
    void absIsExactAsUnsigned() throws IOException {
        for (int n : WIDTHS) {
            check("abs", Type.sint(n), (long) Math.max(0, n - 1), (x, y) -> x.abs(), (x, y) -> x.abs());
        }
    }

    @Test
    void fullSignedProduct() throws IOException {
        for (int n : WIDTHS) {
            check("mulFull", Type.sint(n), 2L * n * n - n, SInt::mulFull, BigInteger::multiply);
        }
    }

    @Test
    void signAndReinterpretation() throws IOException {
        for (int n : WIDTHS) {
            check("isNegative", Type.sint(n), 0L, (x, y) -> x.isNegative(), (x, y) -> bool(x.signum() < 0));
            check("asUnsigned", Type.sint(n), 0L, (x, y) -> x.asUnsigned(), (x, y) -> x);
        }
    }

    @Test
    void salaryDifferenceWithNegativeInputs() throws IOException {
        Computation c = new Computation();
        SInt a = c.creator().sint(32);
        SInt b = c.evaluator().sint(32);
        Output diff = c.evaluator().output(a.sub(b));
        Output less = c.creator().output(a.lessThan(b));
        Circuit circuit = c.build();
        Simulator.Result r = Simulator.run(circuit, c.creator().encode(a, -5), c.evaluator().encode(b, 7));
        assertEquals(-12, diff.decodeInt(r.evaluatorOutputs()));
        assertEquals(-12L, diff.decodeLong(r.evaluatorOutputs()));
        assertEquals(true, less.decodeBoolean(r.creatorOutputs()));
    }

    @Test
    void mulFullChecksWidths() {
        Computation c = new Computation();
        SInt x = c.creator().sint(8);
        assertThrows(IllegalArgumentException.class, () -> x.mulFull(c.creator().sint(9)));
    }
}
