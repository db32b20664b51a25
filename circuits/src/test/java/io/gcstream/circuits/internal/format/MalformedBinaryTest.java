package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed .gcb files, made by corrupting a valid file or by crafting one field by field
 * (with a correct hash, so that the structural check and not the hash reports the fault).
 * Each must fail with a {@link CircuitFormatException} naming the file, a byte offset and
 * the fault.
 */
class MalformedBinaryTest {
    @TempDir
    static Path dir;

    /** Varints after the hash field; the helpers compute the hash over magic, version and these. */
    static byte[] craft(long... fields) {
        return craftRaw(varints(fields));
    }

    static byte[] varints(long... fields) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (long v : fields) {
            while ((v & ~0x7FL) != 0) {
                b.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            b.write((int) v);
        }
        return b.toByteArray();
    }

    static byte[] craftRaw(byte[] rest) {
        byte[] head = {'G', 'C', 'B', 0, 1};
        MessageDigest d = GcbOutput.sha256();
        d.update(head);
        d.update(rest);
        byte[] out = new byte[head.length + 32 + rest.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(d.digest(), 0, out, head.length, 32);
        System.arraycopy(rest, 0, out, head.length + 32, rest.length);
        return out;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    /** Fig. 2: inputs [0], [1]; outputs [], [0]; S 2; 2 instructions, 2 gates, 1 AND; 2 labels. */
    static final long[] FIG2_HEADER = {1, 0, 1, 1, 0, 1, 0, 2, 2, 2, 1, 2, 0};
    /** 0;1,0;1 and 0;1,0;6: opcode, zz(out - prevOut), zz(in1 - out), zz(in2 - out). */
    static final long[] FIG2_BODY = {1, 0, 2, 0, 6, 0, 2, 0};

    static byte[] fig2() {
        return craft(concatFields(FIG2_HEADER, FIG2_BODY));
    }

    static long[] concatFields(long[]... parts) {
        List<Long> all = new ArrayList<>();
        for (long[] p : parts) {
            for (long v : p) {
                all.add(v);
            }
        }
        return all.stream().mapToLong(Long::longValue).toArray();
    }

    /** A main circuit (inputs 0 | 1, output 0, S 2) calling definitions given as raw bytes. */
    static byte[] withDefs(int defs, byte[] definitions, long[] body, long instructions, long gates,
            long nonLinear, long labelSlots) {
        return craftRaw(concat(varints(1, 0, 1, 1, 0, 1, 0, 2, instructions, gates, nonLinear,
                labelSlots, defs), definitions, varints(body)));
    }

    /** A definition "and2": inputs 0 1, output 0, S 2, one AND gate 0;0,1;1. */
    static byte[] and2(String name, long frameDepth, long extraBodyBytes) {
        byte[] body = varints(1, 0, 0, 2); // op 1, zz(0-0), zz(0-0), zz(1-0)
        byte[] n = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return concat(varints(n.length), n, varints(2, 0, 1, 1, 0, 2, 1, 1, 1, frameDepth,
                body.length + extraBodyBytes), body, new byte[(int) extraBodyBytes]);
    }

    static byte[] mutate(byte[] b, int index, int value) {
        byte[] c = b.clone();
        c[index] = (byte) value;
        return c;
    }

    static Stream<Arguments> cases() {
        byte[] good = fig2();
        int body = good.length - FIG2_BODY.length;
        long[] callBody = {32, 1, 0, 0};
        return Stream.of(
            Arguments.of("empty file", new byte[0], "bad magic"),
            Arguments.of("bad magic", mutate(good, 2, 'X'), "bad magic"),
            Arguments.of("bad version", mutate(good, 4, 2), "unsupported format version 2"),
            Arguments.of("truncated hash", Arrays.copyOf(good, 20), "inside the hash field"),
            Arguments.of("truncated header", Arrays.copyOf(good, 40), "truncated"),
            Arguments.of("truncated body", Arrays.copyOf(good, good.length - 1), "file is truncated"),
            Arguments.of("half the body", Arrays.copyOf(good, body + 1), "instructions but only"),
            Arguments.of("trailing garbage", Arrays.copyOf(good, good.length + 1), "trailing garbage"),
            Arguments.of("hash mismatch", mutate(good, 10, good[10] ^ 1), "file is corrupt"),
            Arguments.of("content changed", mutate(good, good.length - 4, 9), "file is corrupt"),
            Arguments.of("slot out of range", craft(concatFields(FIG2_HEADER, new long[] {1, 6, 3, 5})),
                    "output slot 3 is out of range: numberOfRegisters is 2"),
            Arguments.of("read before write", craft(concatFields(new long[] {1, 0, 0, 0, 1, 0, 3, 1, 1, 1, 3, 0},
                    new long[] {1, 0, 4, 0})), "reads slot 2 before it is written"),
            Arguments.of("undefined call", craft(concatFields(FIG2_HEADER, callBody)),
                    "call of undefined sub-circuit #0"),
            Arguments.of("two-input gate reads a slot twice", craft(concatFields(FIG2_HEADER,
                    new long[] {1, 0, 2, 2, 6, 0, 2, 0})), "must use the one-input opcode"),
            Arguments.of("non-canonical varint", craftRaw(concat(varints(FIG2_HEADER),
                    new byte[] {(byte) 0x81, 0}, varints(0, 2, 0, 6, 0, 2, 0))), "shortest form"),
            Arguments.of("varint too large", craftRaw(concat(varints(FIG2_HEADER),
                    new byte[] {1, 0, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F},
                    varints(0, 6, 0, 2, 0))), "does not fit in 32 bits"),
            Arguments.of("gate count", craft(concatFields(new long[] {1, 0, 1, 1, 0, 1, 0, 2, 2, 3, 1, 2, 0},
                    FIG2_BODY)), "header declares 3 gates but the body has 2"),
            Arguments.of("label slots", craft(concatFields(new long[] {1, 0, 1, 1, 0, 1, 0, 2, 2, 2, 1, 9, 0},
                    FIG2_BODY)), "label slot count 9 is impossible"),
            Arguments.of("duplicate input", craft(concatFields(new long[] {1, 0, 1, 0, 0, 1, 0, 2, 2, 2, 1, 2, 0},
                    FIG2_BODY)), "input slot 0 is listed twice"),
            Arguments.of("output never written", craft(concatFields(new long[] {1, 0, 0, 0, 1, 1, 2, 2, 2, 0, 2, 0},
                    new long[] {19, 0, 0, 19, 0, 0})), "evaluator output slot 1 is never written"),
            Arguments.of("list longer than file", craft(1000, 0), "exceeds the rest of the file"),
            Arguments.of("valid call", withDefs(1, and2("and2", 2, 0), callBody, 1, 1, 1, 4), null),
            Arguments.of("sub-circuit name", withDefs(1, and2("a b", 2, 0), callBody, 1, 1, 1, 4),
                    "'a b' is not an identifier"),
            Arguments.of("sub-circuit defined twice", withDefs(2, concat(and2("f", 2, 0), and2("f", 2, 0)),
                    callBody, 1, 1, 1, 4), "'f' is defined twice"),
            Arguments.of("sub-circuit extra bytes", withDefs(1, and2("f", 2, 1), callBody, 1, 1, 1, 4),
                    "extra bytes after its 1 instructions"),
            Arguments.of("sub-circuit frame depth", withDefs(1, and2("f", 9, 0), callBody, 1, 1, 1, 4),
                    "header declares 9 frame depth but the body has 2"),
            Arguments.of("call arity", withDefs(1, and2("f", 2, 0), new long[] {32, 1, 0}, 1, 1, 1, 4),
                    "file is truncated"),
            Arguments.of("recursive definition", withDefs(1, concat(varints(1), new byte[] {'f'},
                    varints(1, 0, 1, 0, 1, 1, 1, 1, 1, 4), varints(32, 0, 0)), callBody, 1, 1, 1, 3),
                    "call of undefined sub-circuit #0 (0 defined before this body)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void rejected(String name, byte[] bytes, String fragment) throws IOException {
        Path f = dir.resolve(name.replace(' ', '_') + ".gcb");
        Files.write(f, bytes);
        if (fragment == null) {
            MalformedInputTestSupport.readAll(f, CircuitFormat.GCB); // the control case is valid
            return;
        }
        CircuitFormatException e = assertThrows(CircuitFormatException.class,
                () -> MalformedInputTestSupport.readAll(f, CircuitFormat.GCB));
        String msg = e.getMessage();
        assertTrue(msg.startsWith(f + ": "), msg);
        assertTrue(msg.contains(": byte ") || msg.contains("corrupt"), "offset in: " + msg);
        assertTrue(msg.contains(fragment), "expected '" + fragment + "' in: " + msg);
    }

    @Test
    void craftedFigure2IsWhatTheWriterWrites() throws IOException {
        Path f = dir.resolve("fig2.gcb");
        GcbWriter.write(GctReader.parse("fig2", GctReaderTest.FIG2), f);
        assertArrayEquals(fig2(), Files.readAllBytes(f));
    }

}
