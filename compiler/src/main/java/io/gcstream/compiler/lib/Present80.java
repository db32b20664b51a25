package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.SubCircuitDef;
import io.gcstream.compiler.Word;

/**
 * PRESENT-80 encryption (Bogdanov et al., CHES 2007) in the builder DSL, with two sub-circuits:
 * {@code present_sbox} (4 → 4 bits, 8 ANDs from its algebraic normal form, see
 * {@link SboxCircuit}) and {@code present_round} (64-bit state and 64-bit round key → state:
 * key addition, 16 S-box calls, bit permutation). The key schedule (one S-box per round) runs in
 * the main body. 31 rounds: (31·16 + 31)·8 = 4216 ANDs.
 *
 * <p>Bit order: the 80-bit key and the 64-bit plaintext and ciphertext are integers with the
 * specification's bit numbering (bit 0 = least significant = k0 / b0), i.e. the hex strings of
 * the specification's test vectors read as big-endian integers.
 */
public final class Present80 {
    static final int[] SBOX = {0xC, 5, 6, 0xB, 9, 0, 0xA, 0xD, 3, 0xE, 0xF, 8, 4, 7, 1, 2};

    private final CircuitBuilder b;
    private final SubCircuitDef sbox;
    private final SubCircuitDef round;

    /** Defines the two sub-circuits in {@code b}. */
    public Present80(CircuitBuilder b) {
        this.b = b;
        this.sbox = b.define("present_sbox", 4, in -> SboxCircuit.build(b, in, SBOX, 4));
        this.round = b.define("present_round", 128, this::roundBody);
    }

    /** The circuit: key (80 bits) from the creator, plaintext from the evaluator, ciphertext to the evaluator. */
    public static Circuit circuit() {
        CircuitBuilder b = new CircuitBuilder();
        Present80 p = new Present80(b);
        Word key = b.creatorInput(80);
        Word pt = b.evaluatorInput(64);
        b.evaluatorOutput(p.encrypt(key, pt));
        return b.build();
    }

    /** Encrypts the 64-bit {@code plaintext} under the 80-bit {@code key}. */
    public Word encrypt(Word key, Word plaintext) {
        Word state = plaintext;
        Word k = key;
        for (int i = 1; i <= 31; i++) {
            state = round.call(state, k.slice(16, 80));
            // Key update: rotate left by 61, S-box on the top nibble, XOR the counter into k19..k15.
            int[] r = new int[80];
            for (int j = 0; j < 80; j++) {
                r[(j + 61) % 80] = k.bit(j);
            }
            Word top = sbox.call(Word.of(r[76], r[77], r[78], r[79]));
            for (int j = 0; j < 4; j++) {
                r[76 + j] = top.bit(j);
            }
            for (int j = 0; j < 5; j++) {
                if (((i >> j) & 1) == 1) {
                    r[15 + j] = b.not(r[15 + j]);
                }
            }
            k = Word.of(r);
        }
        return b.xor(state, k.slice(16, 80));
    }

    /** The S-box sub-circuit applied to 4 bits (for tests and other circuits). */
    public Word sbox(Word x) {
        return sbox.call(x);
    }

    private Word roundBody(Word in) {
        Word s = b.xor(in.slice(0, 64), in.slice(64, 128));
        int[] sub = new int[64];
        for (int j = 0; j < 16; j++) {
            Word o = sbox.call(s.slice(4 * j, 4 * j + 4));
            for (int t = 0; t < 4; t++) {
                sub[4 * j + t] = o.bit(t);
            }
        }
        int[] p = new int[64];
        for (int i = 0; i < 64; i++) {
            p[i == 63 ? 63 : (i * 16) % 63] = sub[i];
        }
        return Word.of(p);
    }
}
