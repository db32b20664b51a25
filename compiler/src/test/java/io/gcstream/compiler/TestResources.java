package io.gcstream.compiler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Test resources: the public Bristol circuits and the known-answer vectors. */
public final class TestResources {
    private TestResources() {
    }

    public static Path fashion(String name) {
        return path("/bristol/bristol_fashion/" + name + ".txt");
    }

    public static Path old(String name) {
        return path("/bristol/bristol_format/" + name + ".txt");
    }

    public static Path path(String resource) {
        URL url = TestResources.class.getResource(resource);
        if (url == null) {
            throw new IllegalStateException("missing test resource " + resource);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The entries of one key of vectors.json. */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> vectors(String key) {
        try {
            Map<String, Object> all = (Map<String, Object>) Json.parse(
                    Files.readString(path("/vectors/vectors.json")));
            List<Map<String, Object>> v = (List<Map<String, Object>>) all.get(key);
            if (v == null || v.isEmpty()) {
                throw new IllegalStateException("no vectors for " + key);
            }
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
