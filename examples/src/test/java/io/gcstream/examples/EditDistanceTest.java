package io.gcstream.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class EditDistanceTest {
    private static int plain(String a, String b) {
        int[] prev = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int[] cur = new int[b.length() + 1];
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
            }
            prev = cur;
        }
        return prev[b.length()];
    }

    @Test
    void agreesWithThePlainDynamicProgram() throws Exception {
        Random r = new Random(9);
        for (int k = 0; k < 4; k++) {
            StringBuilder a = new StringBuilder();
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < 10 + r.nextInt(20); i++) {
                a.append("ACGT".charAt(r.nextInt(4)));
            }
            for (int i = 0; i < 5 + r.nextInt(25); i++) {
                b.append("ACGT".charAt(r.nextInt(4)));
            }
            assertEquals(plain(a.toString(), b.toString()), EditDistance.distance(a.toString(), b.toString()));
        }
    }
}
