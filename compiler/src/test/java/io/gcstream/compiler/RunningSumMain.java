package io.gcstream.compiler;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.internal.Arithmetic;
import java.math.BigInteger;

/**
 * Builds a running sum of at least {@code args[0]} gates with the builder — the live values
 * stay a few words, whatever the length — simulates it and checks the result against plain
 * Java; prints the gate count and "ok". Run in a child JVM by {@link CircuitBuilderHeapTest}.
 */
public final class RunningSumMain {
    private RunningSumMain() {
    }

    public static void main(String[] args) throws Exception {
        long want = Long.parseLong(args[0]);
        CircuitBuilder b = new CircuitBuilder();
        Word x = b.creatorInput(32);
        Word y = b.evaluatorInput(32);
        Word acc = x;
        long steps = 0;
        // acc = acc + (rotl(acc, 5) xor y): 31 ANDs and about 150 gates a step
        for (long gates = 0; gates < want; gates += 150, steps++) {
            Word rot = acc.slice(27, 32).concat(acc.slice(0, 27));
            acc = Arithmetic.add(b, acc, b.xor(rot, y));
        }
        b.evaluatorOutput(acc);
        Circuit c = b.build();
        int xv = 0x12345678;
        int yv = 0x9abcdef1;
        int a = xv;
        for (long i = 0; i < steps; i++) {
            a = a + (Integer.rotateLeft(a, 5) ^ yv);
        }
        boolean[] out = Simulator.run(c, TestBits.bits(xv & 0xFFFFFFFFL, 32), TestBits.bits(yv & 0xFFFFFFFFL, 32))
                .evaluatorOutputs();
        BigInteger got = TestBits.value(out);
        if (!got.equals(BigInteger.valueOf(a & 0xFFFFFFFFL))) {
            System.out.println("wrong result " + got + ", expected " + (a & 0xFFFFFFFFL));
            System.exit(1);
        }
        System.out.println(c.gateCount() + " gates, S = " + c.numSlots() + ", ok");
    }
}
