package io.gcstream.spark.examples;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The examples' data, made from a seed so that a plain computation can check the answers:
 * row i of a party has the unsigned 32-bit value {@code u} and the signed 64-bit value
 * {@code s} of {@link #mix}; the PRF's row i has the key i and a 16-byte block of it.
 */
public final class ExampleData {
    private ExampleData() {
    }

    /** A 64-bit mix of (seed, party, i), the same in Java and in the Spark columns below. */
    public static long mix(long seed, long party, long i) {
        long z = seed * 0x9E3779B97F4A7C15L + party * 0xBF58476D1CE4E5B9L + i * 0x94D049BB133111EBL;
        z = (z ^ (z >>> 31)) * 0xBF58476D1CE4E5B9L;
        return z ^ (z >>> 29);
    }

    /** A party's rows for the aggregate: {@code rows} rows in {@code slices} partitions, columns u and s. */
    public static Dataset<Row> aggregateRows(SparkSession spark, long seed, int party, long rows, int slices) {
        StructType schema = new StructType().add("u", DataTypes.LongType, false).add("s", DataTypes.LongType, false);
        JavaRDD<Row> r = spark.range(0, rows, 1, slices).javaRDD()
                .map(i -> RowFactory.create(mix(seed, party, i) & 0xFFFF_FFFFL, mix(seed, party + 2, i)));
        return spark.createDataFrame(r, schema);
    }

    /** The PRF's rows: key i (a long) and its 16-byte block, in {@code slices} partitions. */
    public static Dataset<Row> prfRows(SparkSession spark, long seed, long rows, int slices) {
        StructType schema = new StructType().add("key", DataTypes.LongType, false)
                .add("block", DataTypes.BinaryType, false);
        JavaRDD<Row> r = spark.range(0, rows, 1, slices).javaRDD().map(i -> RowFactory.create(i, block(seed, i)));
        return spark.createDataFrame(r, schema);
    }

    /** The plain answer of the aggregate: {min, sum} over both parties' rows. */
    public static long[] plainAggregate(long seed, long creatorRows, long evaluatorRows) {
        long min = 0xFFFF_FFFFL;
        long sum = 0;
        for (int party = 0; party < 2; party++) {
            long n = party == 0 ? creatorRows : evaluatorRows;
            for (long i = 0; i < n; i++) {
                min = Math.min(min, mix(seed, party, i) & 0xFFFF_FFFFL);
                sum += mix(seed, party + 2, i);
            }
        }
        return new long[] {min, sum};
    }

    /** The block of PRF row i. */
    public static byte[] block(long seed, long i) {
        byte[] b = new byte[16];
        long hi = mix(seed, 5, i);
        long lo = mix(seed, 6, i);
        for (int k = 0; k < 8; k++) {
            b[k] = (byte) (hi >>> (56 - 8 * k));
            b[8 + k] = (byte) (lo >>> (56 - 8 * k));
        }
        return b;
    }

    /** The plain PRF: AES-128 under {@code key} of each row's block, in row order, as hex lines. */
    public static List<String> plainPrf(byte[] key, long seed, long rows) throws Exception {
        Cipher aes = Cipher.getInstance("AES/ECB/NoPadding");
        aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        List<String> out = new ArrayList<>();
        for (long i = 0; i < rows; i++) {
            out.add(i + " " + HexFormat.of().formatHex(aes.doFinal(block(seed, i))));
        }
        return out;
    }
}
