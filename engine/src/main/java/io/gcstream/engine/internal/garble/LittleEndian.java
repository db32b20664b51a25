package io.gcstream.engine.internal.garble;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian longs in byte arrays, the layout of hash blocks and of garbled tables on the
 * wire: the schemes read and write the cipher's and the channel's bytes in place instead of
 * converting whole arrays. The JIT compiles each access to one unaligned load or store.
 */
final class LittleEndian {
    private static final VarHandle LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private LittleEndian() {
    }

    static long get(byte[] b, int off) {
        return (long) LONG.get(b, off);
    }

    static void put(byte[] b, int off, long v) {
        LONG.set(b, off, v);
    }
}
