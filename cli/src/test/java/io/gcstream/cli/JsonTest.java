package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void writesNestedObjectsListsAndEscapes() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("n", 3);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("s", "a\"b\\c\n");
        m.put("o", inner);
        m.put("l", List.of(1, "x"));
        m.put("b", true);
        assertEquals("{\n  \"s\": \"a\\\"b\\\\c\\n\",\n  \"o\": {\n    \"n\": 3\n  },\n"
                + "  \"l\": [1, \"x\"],\n  \"b\": true\n}", Json.of(m));
    }
}
