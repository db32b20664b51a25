package io.gcstream.spark.internal;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** The oblivious PRF's rows as a slice task reports them ({@link SliceTask#encodeRows}), read back. Internal. */
public final class Rows {
    private Rows() {
    }

    /** The result's schema: the key column as the input had it, then {@code ciphertext} (binary). */
    public static StructType schema(StructField key) {
        return new StructType(new StructField[] {key,
            DataTypes.createStructField("ciphertext", DataTypes.BinaryType, false)});
    }

    /** Appends the rows of one slice's report to {@code out}. */
    public static void decode(byte[] payload, List<Row> out) {
        ByteBuffer b = ByteBuffer.wrap(payload);
        try {
            int n = b.getInt();
            if (n < 0 || n > payload.length / 17) {
                throw new IOException("a slice reported " + n + " rows in " + payload.length + " bytes");
            }
            for (int i = 0; i < n; i++) {
                Object key;
                int tag = b.get();
                switch (tag) {
                    case 1:
                    case 4: {
                        int len = b.getInt();
                        if (len < 0 || len > b.remaining()) {
                            throw new IOException("a key of " + len + " bytes");
                        }
                        byte[] k = new byte[len];
                        b.get(k);
                        key = tag == 1 ? new String(k, StandardCharsets.UTF_8) : k;
                        break;
                    }
                    case 2:
                        key = b.getLong();
                        break;
                    case 3:
                        key = b.getInt();
                        break;
                    default:
                        throw new IOException("a key of kind " + tag);
                }
                byte[] c = new byte[16];
                b.get(c);
                out.add(RowFactory.create(key, c));
            }
        } catch (IOException | BufferUnderflowException e) {
            throw new IllegalStateException("a slice's rows are malformed: " + Frames.line(e), e);
        }
    }
}
