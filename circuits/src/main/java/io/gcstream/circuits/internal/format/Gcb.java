package io.gcstream.circuits.internal.format;

import java.nio.charset.StandardCharsets;

/** Constants of the binary format, shared by its reader and writer (see docs/formats.md). */
final class Gcb {
    /** File signature: ASCII "GCB" and a zero byte. */
    static final byte[] MAGIC = {'G', 'C', 'B', 0};
    /** The only version this code reads and writes. */
    static final int VERSION = 1;
    /** Offset of the 32-byte SHA-256 field, right after magic and the version byte. */
    static final int HASH_OFFSET = 5;
    static final int HASH_LENGTH = 32;
    /** Offset of the first header varint. */
    static final int HEADER_OFFSET = HASH_OFFSET + HASH_LENGTH;

    /** Opcodes below this are two-input gates (the opcode is the table). */
    static final int OP_ONE_INPUT = 16;
    /** Opcodes from this on are calls of sub-circuit {@code op - OP_CALL}. */
    static final int OP_CALL = 32;
    /** Longest encoding of one gate: opcode and three slot deltas of at most 5 bytes each. */
    static final int MAX_GATE_BYTES = 20;

    /** Longest sub-circuit name in bytes ({@link SubCircuitNames}). */
    static final int MAX_NAME_BYTES = SubCircuitNames.MAX_BYTES;

    private Gcb() {
    }

    static byte[] nameBytes(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }

    static int zigzag(int n) {
        return (n << 1) ^ (n >> 31);
    }

    static int unzigzag(int u) {
        return (u >>> 1) ^ -(u & 1);
    }
}
