package io.gcstream.engine.internal.garble;

import io.gcstream.engine.Scheme;

/**
 * How one non-linear gate is garbled and evaluated, split around the hash so that the streaming
 * garbler and evaluator can hash many gates with one AES call: {@code prepare} writes the
 * hash inputs of a gate into a {@link TweakableHash} batch, the caller runs the batch, then
 * {@code finish} combines the gate's hashes into the output label and the garbled table.
 *
 * <p>Conventions: labels live in a flat {@code long[]}, label of slot {@code s} at longs
 * {@code [2s, 2s+1]} (low, high), and the gate methods take a label's <em>offset</em> 2s, not
 * its slot; the garbler holds the 0-label of every wire, the evaluator
 * the active label. Δ = (dLo, dHi) has its lowest bit set, so the lowest bit of a label is its
 * point-and-permute bit. {@code gate} is the session-wide counter of non-linear gates: it must
 * never repeat within a session and both parties must count alike. Linear gates are handled
 * by {@link FreeXor} and never reach a scheme.
 *
 * <p>A gate's garbled table is {@link #tableBytes()} bytes plus {@link #controlBits()} further
 * bits (0 for most schemes), which the streaming garbler packs per batch of gates (see
 * {@link StreamingGarbler}).
 *
 * <p>{@link #garbleGate} and {@link #evalGate} are the one-gate pure forms of the same code,
 * for tests and illustration. Implementations are stateless and thread-safe. A new scheme is
 * one implementation of this interface and one line in {@link Scheme}.
 */
public interface GarblingScheme {

    /** The scheme's identity in the handshake. */
    Scheme scheme();

    /** Bytes of garbled table per non-linear gate (whole ciphertexts or halves of them). */
    int tableBytes();

    /** Bits per non-linear gate sent besides the table, 0..8; 0 unless the scheme needs them. */
    default int controlBits() {
        return 0;
    }

    /** What a non-linear gate costs, for help texts ("2 ciphertexts per AND"). */
    String summary();

    /** Blocks the garbler hashes per gate. */
    int garbleBlocks();

    /** Blocks the evaluator hashes per gate. */
    int evalBlocks();

    /**
     * Bytes on the wire for a batch of {@code nonLinear} non-linear gates: their tables and,
     * before them, their control bits packed into whole bytes.
     */
    default long batchBytes(long nonLinear) {
        return tableBytes() * nonLinear + ((controlBits() * nonLinear + 7) >>> 3);
    }

    /**
     * Garbler, first half: for the gate {@code table} (non-linear) on the 0-labels at offsets
     * {@code a} and {@code b}, writes {@link #garbleBlocks()} hash inputs, with tweaks unique in
     * the session, at blocks {@code h ..} of the batch; {@code finish} may read them back.
     *
     * @return per-gate information for {@link #garbleFinish}
     */
    int garblePrepare(int table, long[] labels, int a, int b, long dLo, long dHi, long gate,
            TweakableHash hash, int h);

    /**
     * Garbler, second half: from the hashes at blocks {@code h ..} of the run batch, writes the
     * output 0-label at offset {@code out} of {@code labels} and {@link #tableBytes()} bytes of
     * garbled table (little-endian longs) at offset {@code t} of {@code tables}.
     *
     * @return the gate's {@link #controlBits()} control bits (0 if it has none)
     */
    int garbleFinish(int info, TweakableHash hash, int h, long dLo, long dHi,
            long[] labels, int out, byte[] tables, int t);

    /** Evaluator, first half: hash inputs from the active labels at offsets {@code a}, {@code b}. */
    int evalPrepare(long[] labels, int a, int b, long gate, TweakableHash hash, int h);

    /**
     * Evaluator, second half: the active output label from the hashes, the gate's control bits
     * (as {@link #garbleFinish} returned them) and the garbled table at offset {@code t} of
     * {@code tables}.
     */
    void evalFinish(int info, int control, TweakableHash hash, int h, byte[] tables, int t,
            long[] labels, int out);

    /**
     * Garbles one non-linear gate on slots {@code a}, {@code b} into slot {@code out} (for
     * tests and illustration).
     *
     * @return the gate's control bits
     */
    default int garbleGate(TweakableHash hash, int table, long[] labels, int a, int b, int out,
            long dLo, long dHi, long gate, byte[] tables, int t) {
        int info = garblePrepare(table, labels, 2 * a, 2 * b, dLo, dHi, gate, hash, 0);
        hash.run(garbleBlocks());
        return garbleFinish(info, hash, 0, dLo, dHi, labels, 2 * out, tables, t);
    }

    /** Evaluates one non-linear gate on slots {@code a}, {@code b} into slot {@code out} (for tests and illustration). */
    default void evalGate(TweakableHash hash, long[] labels, int a, int b, int out, long gate,
            int control, byte[] tables, int t) {
        int info = evalPrepare(labels, 2 * a, 2 * b, gate, hash, 0);
        hash.run(evalBlocks());
        evalFinish(info, control, hash, 0, tables, t, labels, 2 * out);
    }

    /** The implementation of {@code scheme}: {@link Scheme#implementation()}. */
    static GarblingScheme of(Scheme scheme) {
        return scheme.implementation();
    }
}
