package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.compiler.internal.Access;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * PRESENT-80 encryption (Bogdanov et al., CHES 2007) in a computation ({@link #encrypt}), and
 * the library's {@code present80} and {@code present80-expanded}, with two sub-circuits:
 * {@code present_round} (64-bit state and 64-bit round key → state: key addition, 16 S-boxes
 * side by side ordered by AND depth, bit permutation) and {@code present_sbox} (4 → 4 bits, 4
 * ANDs, the S-box's multiplicative complexity), which the key schedule (one S-box per round)
 * calls from the main body. 31 rounds: (31·16 + 31)·4 = 2108 ANDs. {@code present80-expanded} takes the
 * 32 round keys as inputs instead (the key schedule run in the clear by the key's owner):
 * 31·16·4 = 1984 ANDs.
 *
 * <p>Bit order: the 80-bit key and the 64-bit plaintext and ciphertext are integers with the
 * specification's bit numbering (bit 0 = least significant = k0 / b0), i.e. the hex strings of
 * the specification's test vectors read as big-endian integers.
 */
public final class Present80 {
    static final int[] SBOX = {0xC, 5, 6, 0xB, 9, 0, 0xA, 0xD, 3, 0xE, 0xF, 8, 4, 7, 1, 2};

    private final CircuitBuilder b;
    /** One S-box, for the key schedule; defined on first use. */
    private UnaryOperator<Word> sbox;
    private final UnaryOperator<Word> round;

    /**
     * Defines the round sub-circuit in {@code b} (the S-box follows if the key schedule is in
     * the circuit). The round's 16 S-boxes sit side by side, ordered by AND depth
     * ({@link CircuitBuilder#defineByLevel}), so the engines hash their ANDs together.
     */
    Present80(CircuitBuilder b) {
        this.b = b;
        this.round = b.defineByLevel("present_round", 128, this::roundBody);
    }

    private UnaryOperator<Word> sboxDef() {
        if (sbox == null) {
            sbox = b.define("present_sbox", 4, this::sboxBody);
        }
        return sbox;
    }

    /**
     * The encryption of the 64-bit {@code plaintext} under the 80-bit {@code key} (bit
     * numbering as in the class comment), in the body being built: 2,108 ANDs in calls of
     * {@code present_round} and {@code present_sbox}, which the first encryption in a
     * computation defines (those names are then taken in it).
     *
     * @throws IllegalArgumentException if the widths differ from 80 and 64, or the values belong
     *     to different computations or to another body, or a name is taken
     */
    public static UInt encrypt(UInt key, UInt plaintext) {
        if (key.width() != 80 || plaintext.width() != 64) {
            throw new IllegalArgumentException("PRESENT-80 takes an 80-bit key and a 64-bit block, got " + key.type()
                    + " and " + plaintext.type());
        }
        Access.Dsl dsl = Access.dsl();
        Computation c = dsl.computation(key, plaintext);
        Present80 p = dsl.local(c, Present80.class, () -> new Present80(dsl.builder(c)));
        return dsl.uint(c, p.encrypt(dsl.word(key), dsl.word(plaintext)));
    }

    /** The circuit: key (80 bits) from the creator, plaintext from the evaluator, ciphertext to the evaluator. */
    static Circuit circuit() {
        CircuitBuilder b = new CircuitBuilder();
        Present80 p = new Present80(b);
        Word key = b.creatorInput(80);
        Word pt = b.evaluatorInput(64);
        b.evaluatorOutput(p.encrypt(key, pt));
        return b.build();
    }

    /** Encrypts the 64-bit {@code plaintext} under the 80-bit {@code key}. */
    Word encrypt(Word key, Word plaintext) {
        Word[] k = {key};
        return rounds(plaintext, i -> {
            if (i > 1) {
                k[0] = updateKey(k[0], i - 1);
            }
            return k[0].slice(16, 80);
        });
    }

    /**
     * Encrypts the 64-bit {@code plaintext} under round keys expanded beforehand:
     * {@code roundKeys} holds the 32 round keys K1…K32 of the specification, Ki in bits
     * 64(i−1)…64i−1, each the 64-bit integer k79…k16 of the key register (bit 0 = k16).
     * 31 · 16 S-box calls, 1984 ANDs; {@link Present80KeySchedule} computes the round keys in
     * plain Java.
     */
    Word encryptExpanded(Word roundKeys, Word plaintext) {
        if (roundKeys.width() != 32 * 64) {
            throw new IllegalArgumentException("PRESENT-80 takes 32 round keys of 64 bits, got " + roundKeys.width()
                    + " bits");
        }
        return rounds(plaintext, i -> roundKeys.slice(64 * (i - 1), 64 * i));
    }

    /** 31 rounds and the final key addition; {@code roundKey} is asked for K1…K32 in order. */
    private Word rounds(Word plaintext, IntFunction<Word> roundKey) {
        Word state = plaintext;
        for (int i = 1; i <= 31; i++) {
            state = round.apply(state.concat(roundKey.apply(i)));
        }
        return b.xor(state, roundKey.apply(32));
    }

    /** The key register after the update of round {@code i}: rotate, S-box on the top nibble, counter. */
    private Word updateKey(Word k, int i) {
        // Rotate left by 61, S-box on the top nibble, XOR the counter into k19..k15.
        int[] r = new int[80];
        for (int j = 0; j < 80; j++) {
            r[(j + 61) % 80] = k.bit(j);
        }
        Word top = sboxDef().apply(Word.of(r[76], r[77], r[78], r[79]));
        for (int j = 0; j < 4; j++) {
            r[76 + j] = top.bit(j);
        }
        for (int j = 0; j < 5; j++) {
            if (((i >> j) & 1) == 1) {
                r[15 + j] = b.not(r[15 + j]);
            }
        }
        return Word.of(r);
    }

    /**
     * The circuit on expanded keys: the 32 round keys (2048 bits, see {@link #encryptExpanded})
     * from the creator, plaintext from the evaluator, ciphertext to the evaluator; 1984 ANDs.
     */
    static Circuit expandedCircuit() {
        CircuitBuilder b = new CircuitBuilder();
        Present80 p = new Present80(b);
        Word roundKeys = b.creatorInput(32 * 64);
        Word pt = b.evaluatorInput(64);
        b.evaluatorOutput(p.encryptExpanded(roundKeys, pt));
        return b.build();
    }

    /** The S-box sub-circuit applied to 4 bits (for tests and other circuits). */
    Word sbox(Word x) {
        return sboxDef().apply(x);
    }

    /**
     * The S-box with 4 ANDs (its multiplicative complexity). The four products were found by an
     * exhaustive search (two products of input forms, two over the inputs and those) such that
     * every output bit is an XOR of them, the inputs and 1; which XOR is solved once from the
     * table ({@link #SBOX_COMBINATION}).
     */
    private Word sboxBody(Word in) {
        int x0 = in.bit(0);
        int x1 = in.bit(1);
        int x2 = in.bit(2);
        int x3 = in.bit(3);
        int a1 = b.and(x1, x2);
        int a2 = b.and(b.xor(x1, x2), x3);
        int b1 = b.and(x0, b.xor(a1, a2));
        int b2 = b.and(b.xor(x0, x1), b.xor(b.xor(x0, x3), a1));
        int[] signals = {CircuitBuilder.ONE, x0, x1, x2, x3, a1, a2, b1, b2};
        int[] out = new int[4];
        for (int j = 0; j < 4; j++) {
            int w = CircuitBuilder.ZERO;
            for (int k = 0; k < signals.length; k++) {
                if (((SBOX_COMBINATION[j] >> k) & 1) == 1) {
                    w = b.xor(w, signals[k]);
                }
            }
            out[j] = w;
        }
        return Word.of(out);
    }

    /** {@link #sboxBody}'s signals on a plain value, as bits in the same order. */
    private static int sboxSignals(int v) {
        int x0 = v & 1;
        int x1 = (v >> 1) & 1;
        int x2 = (v >> 2) & 1;
        int x3 = (v >> 3) & 1;
        int a1 = x1 & x2;
        int a2 = (x1 ^ x2) & x3;
        int b1 = x0 & (a1 ^ a2);
        int b2 = (x0 ^ x1) & (x0 ^ x3 ^ a1);
        int[] s = {1, x0, x1, x2, x3, a1, a2, b1, b2};
        int r = 0;
        for (int k = 0; k < s.length; k++) {
            r |= s[k] << k;
        }
        return r;
    }

    /** Output bit j of the S-box is the XOR of the signals in mask j. */
    private static final int[] SBOX_COMBINATION = combination();

    private static int[] combination() {
        int[] c = new int[4];
        for (int j = 0; j < 4; j++) {
            c[j] = -1;
            for (int mask = 0; mask < 1 << 9 && c[j] < 0; mask++) {
                boolean all = true;
                for (int v = 0; v < 16 && all; v++) {
                    all = Integer.bitCount(sboxSignals(v) & mask) % 2 == ((SBOX[v] >> j) & 1);
                }
                if (all) {
                    c[j] = mask;
                }
            }
            if (c[j] < 0) {
                throw new AssertionError("PRESENT S-box bit " + j + " is not in the span of the products");
            }
        }
        return c;
    }

    private Word roundBody(Word in) {
        Word s = b.xor(in.slice(0, 64), in.slice(64, 128));
        int[] sub = new int[64];
        for (int j = 0; j < 16; j++) {
            Word o = sboxBody(s.slice(4 * j, 4 * j + 4));
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
