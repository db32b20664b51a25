package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.compiler.internal.Access;
import java.util.Arrays;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * AES-128 encryption (FIPS-197) in a computation ({@link #encrypt}), and the library's
 * {@code aes128} and {@code aes128-expanded}. Written with sub-circuits, each defined once per
 * circuit: {@code aes_round_sboxes} (160 → 160 bits: a round's 16 S-boxes and the 4 of the key
 * schedule's step for the round key, each of 32 ANDs, inversion in the tower field
 * GF(((2²)²)²), see {@code TowerField}, with the basis changes and the affine map folded into
 * free linear layers), and for circuits on expanded keys {@code subBytes} (the 16 S-boxes
 * alone). The S-boxes of a call sit side by side, their gates ordered by AND depth, so the
 * engines hash the ANDs of all of them at one depth together. MixColumns is written in line: as
 * a sub-circuit each of its 36 calls would copy 64 labels in and out around 136 free XORs, work
 * both parties would do for nothing. An encryption computes 160 + 40 S-boxes: 6400 ANDs, the
 * same as the best known (Boyar–Peralta's 32-AND S-box, used by the Bristol
 * {@code aes_128.txt}); ours is an
 * independent tower-field construction. {@code aes128-expanded} takes the 11 round keys as
 * inputs instead (the key schedule run in the clear by the key's owner): 160 S-boxes, 5120
 * ANDs, with {@code subBytes}.
 *
 * <p>Bit order, the same as the Bristol Fashion {@code aes_128.txt} under the default import
 * options: a 128-bit block or key is the integer whose big-endian bytes are the FIPS-197 bytes
 * (byte 0 is the most significant), bit 0 least significant. So the FIPS-197 App. B key
 * {@code 2b7e1516...} is the integer {@code 0x2b7e1516...}.
 */
public final class Aes128 {
    private final CircuitBuilder b;
    /** One S-box, defined on first use by {@link #sbox()}; the rounds call S-boxes side by side. */
    private UnaryOperator<Word> sbox;
    /**
     * The 16 S-boxes of a round (in ShiftRows order), gates ordered by AND depth; defined on
     * first use by {@link #encryptExpanded}.
     */
    private UnaryOperator<Word> subBytes;
    /**
     * A round's 16 S-boxes and the 4 of the key schedule's next step, side by side, ordered by
     * AND depth; defined on first use by {@link #encrypt}, so circuits on expanded keys do not
     * carry it.
     */
    private UnaryOperator<Word> roundSboxes;

    private static final int[] RCON = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

    /**
     * AES in {@code b}; the S-box sub-circuits come with the first encryption. Their S-boxes are
     * computed side by side, ordered by AND depth ({@link CircuitBuilder#defineByLevel}): the
     * engines then hash the ANDs of 16 or 20 S-boxes at a time, not the one or two of a single
     * S-box's chain.
     */
    Aes128(CircuitBuilder b) {
        this.b = b;
    }

    /**
     * The encryption of {@code plaintext} under {@code key}, both 128-bit values (the integers
     * whose big-endian bytes are FIPS-197's bytes, see the class comment), in the body being
     * built: 6,400 ANDs in 10 calls of {@code aes_round_sboxes}, which the first encryption in
     * a computation defines (that name is then taken in it).
     *
     * @throws IllegalArgumentException if a value is not 128 bits, or they belong to different
     *     computations or to another body, or the name is taken
     */
    public static UInt encrypt(UInt key, UInt plaintext) {
        if (key.width() != 128 || plaintext.width() != 128) {
            throw new IllegalArgumentException("AES-128 takes a 128-bit key and block, got " + key.type() + " and "
                    + plaintext.type());
        }
        Access.Dsl dsl = Access.dsl();
        Computation c = dsl.computation(key, plaintext);
        Aes128 aes = dsl.local(c, Aes128.class, () -> new Aes128(dsl.builder(c)));
        return dsl.uint(c, aes.encrypt(dsl.word(key), dsl.word(plaintext)));
    }

    /** The circuit: key from the creator, plaintext from the evaluator, ciphertext to the evaluator. */
    static Circuit circuit() {
        CircuitBuilder b = new CircuitBuilder();
        Aes128 aes = new Aes128(b);
        Word key = b.creatorInput(128);
        Word pt = b.evaluatorInput(128);
        b.evaluatorOutput(aes.encrypt(key, pt));
        return b.build();
    }

    /**
     * The circuit on expanded keys: the 11 round keys (1408 bits, see {@link #encryptExpanded})
     * from the creator, plaintext from the evaluator, ciphertext to the evaluator; 5120 ANDs.
     */
    static Circuit expandedCircuit() {
        CircuitBuilder b = new CircuitBuilder();
        Aes128 aes = new Aes128(b);
        Word roundKeys = b.creatorInput(11 * 128);
        Word pt = b.evaluatorInput(128);
        b.evaluatorOutput(aes.encryptExpanded(roundKeys, pt));
        return b.build();
    }

    /** The S-box sub-circuit (8 bits in and out, bit 0 least significant), defined on first use. */
    UnaryOperator<Word> sbox() {
        if (sbox == null) {
            sbox = b.define("aes_sbox", 8, this::sboxBody);
        }
        return sbox;
    }

    /**
     * Encrypts {@code plaintext} under {@code key} (128-bit integers, see the class comment).
     * Round r's S-boxes and the 4 S-boxes of round key r's step of the key schedule (on round
     * key r - 1, known by then) are one call of {@code aes_round_sboxes}: 640 ANDs hashed in
     * the batches of their depth, instead of 512 and then 128 in small batches of their own.
     */
    Word encrypt(Word key, Word plaintext) {
        if (roundSboxes == null) {
            roundSboxes = sboxesSideBySide("aes_round_sboxes", 20);
        }
        Word[] k = bytes(key);
        Word[] s = bytes(plaintext);
        for (int i = 0; i < 16; i++) {
            s[i] = b.xor(s[i], k[i]);
        }
        for (int round = 1; round <= 10; round++) {
            Word[] t = shiftRows(s);
            // RotWord: the key schedule's S-boxes take bytes 13, 14, 15, 12 of the last round key.
            Word[] in = new Word[20];
            System.arraycopy(t, 0, in, 0, 16);
            in[16] = k[13];
            in[17] = k[14];
            in[18] = k[15];
            in[19] = k[12];
            Word[] out = bytesInOrder(roundSboxes.apply(join(in)));
            Word[] temp = {b.xor(out[16], b.constant(RCON[round - 1], 8)), out[17], out[18], out[19]};
            Word[] next = new Word[16];
            for (int i = 0; i < 16; i++) {
                next[i] = b.xor(k[i], i < 4 ? temp[i] : next[i - 4]);
            }
            k = next;
            System.arraycopy(out, 0, t, 0, 16);
            s = finishRound(round, t, k);
        }
        return fromBytes(s);
    }

    /**
     * Encrypts {@code plaintext} under round keys expanded beforehand: {@code roundKeys} holds
     * the 11 round keys of FIPS-197 §5.2, round key r in bits 128r…128r+127, each a 128-bit
     * integer like the key (see the class comment; round key 0 is the key itself). 160 S-box
     * calls, 5120 ANDs; {@link Aes128KeySchedule} computes the round keys in plain Java.
     */
    Word encryptExpanded(Word roundKeys, Word plaintext) {
        if (roundKeys.width() != 11 * 128) {
            throw new IllegalArgumentException("AES-128 takes 11 round keys of 128 bits, got " + roundKeys.width()
                    + " bits");
        }
        return rounds(plaintext, round -> bytes(roundKeys.slice(128 * round, 128 * round + 128)));
    }

    /** The ten rounds under the given round keys, each round's S-boxes one {@code subBytes} call. */
    private Word rounds(Word plaintext, IntFunction<Word[]> roundKey) {
        if (subBytes == null) {
            subBytes = sboxesSideBySide("aes_subbytes", 16);
        }
        Word[] k = roundKey.apply(0);
        Word[] s = bytes(plaintext);
        for (int i = 0; i < 16; i++) {
            s[i] = b.xor(s[i], k[i]);
        }
        for (int round = 1; round <= 10; round++) {
            Word[] t = bytesInOrder(subBytes.apply(join(shiftRows(s))));
            s = finishRound(round, t, roundKey.apply(round));
        }
        return fromBytes(s);
    }

    /** A sub-circuit of {@code count} S-boxes on consecutive bytes, gates ordered by AND depth. */
    private UnaryOperator<Word> sboxesSideBySide(String name, int count) {
        return b.defineByLevel(name, 8 * count, in -> {
            Word[] x = bytesInOrder(in);
            for (int i = 0; i < count; i++) {
                x[i] = sboxBody(x[i]);
            }
            return join(x);
        });
    }

    /** ShiftRows: row r rotates left by r columns (SubBytes commutes with it, so it comes first). */
    private static Word[] shiftRows(Word[] s) {
        Word[] t = new Word[16];
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                t[r + 4 * c] = s[r + 4 * ((c + r) % 4)];
            }
        }
        return t;
    }

    /** MixColumns (but in round 10) and AddRoundKey on the substituted, shifted state {@code t}. */
    private Word[] finishRound(int round, Word[] t, Word[] k) {
        if (round < 10) {
            for (int c = 0; c < 4; c++) {
                Word[] col = bytesInOrder(mixColumn(join(Arrays.copyOfRange(t, 4 * c, 4 * c + 4))));
                System.arraycopy(col, 0, t, 4 * c, 4);
            }
        }
        Word[] s = new Word[16];
        for (int i = 0; i < 16; i++) {
            s[i] = b.xor(t[i], k[i]);
        }
        return s;
    }

    private Word sboxBody(Word in) {
        Word t = TowerField.linear(b, in, 8, TowerField::toTower);
        Word inv = TowerField.inv8(b, t);
        Word out = TowerField.linear(b, inv, 8, v -> affine(TowerField.fromTower(v)));
        int[] w = out.wires();
        for (int i = 0; i < 8; i++) {
            if (((0x63 >> i) & 1) == 1) {
                w[i] = b.not(w[i]);
            }
        }
        return Word.of(w);
    }

    /** The linear part of the S-box's affine map (without the constant 0x63). */
    static int affine(int a) {
        int r = 0;
        for (int i = 0; i < 8; i++) {
            int bit = bit(a, i) ^ bit(a, i + 4) ^ bit(a, i + 5) ^ bit(a, i + 6) ^ bit(a, i + 7);
            r |= bit << i;
        }
        return r;
    }

    private static int bit(int a, int i) {
        return (a >> (i % 8)) & 1;
    }

    static int xtime(int a) {
        int r = (a << 1) & 0xff;
        return (a & 0x80) != 0 ? r ^ 0x1b : r;
    }

    /** MixColumns of one column (32 bits), in line: 136 XORs. */
    private Word mixColumn(Word in) {
        Word[] a = bytesInOrder(in);
        Word[] x2 = new Word[4];
        for (int i = 0; i < 4; i++) {
            x2[i] = TowerField.linear(b, a[i], 8, Aes128::xtime);
        }
        Word[] r = new Word[4];
        for (int i = 0; i < 4; i++) {
            // r_i = 2·a_i ⊕ 3·a_{i+1} ⊕ a_{i+2} ⊕ a_{i+3}
            Word a1 = a[(i + 1) % 4];
            r[i] = b.xor(b.xor(x2[i], b.xor(x2[(i + 1) % 4], a1)), b.xor(a[(i + 2) % 4], a[(i + 3) % 4]));
        }
        return join(r);
    }

    /** FIPS bytes of a 128-bit integer: byte 0 is the most significant. */
    private static Word[] bytes(Word v) {
        Word[] r = new Word[16];
        for (int k = 0; k < 16; k++) {
            r[k] = v.slice(8 * (15 - k), 8 * (15 - k) + 8);
        }
        return r;
    }

    private static Word fromBytes(Word[] bytes) {
        Word r = Word.of();
        for (int k = 15; k >= 0; k--) {
            r = r.concat(bytes[k]);
        }
        return r;
    }

    /** Sub-circuit internal layout: byte 0 in the lowest bits. */
    private static Word[] bytesInOrder(Word v) {
        Word[] r = new Word[v.width() / 8];
        for (int k = 0; k < r.length; k++) {
            r[k] = v.slice(8 * k, 8 * k + 8);
        }
        return r;
    }

    private static Word join(Word[] bytes) {
        Word r = Word.of();
        for (Word b : bytes) {
            r = r.concat(b);
        }
        return r;
    }
}
