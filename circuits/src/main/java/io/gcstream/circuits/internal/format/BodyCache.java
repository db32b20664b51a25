package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.internal.Body;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A least-recently-used cache of sub-circuit bodies bounded by the total number of cached
 * instructions. A body larger than the bound is never cached: it is loaded again on each use.
 * Thread-safe (two parties of one local run may share a circuit).
 */
final class BodyCache {
    /** Loads body number {@code index} from its file. */
    interface Loader {
        Body load(int index) throws IOException;
    }

    private final long maxInstructions;
    private final Loader loader;
    private final LinkedHashMap<Integer, Body> bodies = new LinkedHashMap<>(16, 0.75f, true);
    private long cached;
    private long loads;

    BodyCache(long maxInstructions, Loader loader) {
        this.maxInstructions = maxInstructions;
        this.loader = loader;
    }

    Body get(int index) throws IOException {
        synchronized (this) {
            Body b = bodies.get(index);
            if (b != null) {
                return b;
            }
        }
        Body b = loader.load(index);
        put(index, b);
        return b;
    }

    synchronized void put(int index, Body b) {
        long n = b.instructionCount();
        if (n > maxInstructions || bodies.containsKey(index)) {
            return;
        }
        Iterator<Map.Entry<Integer, Body>> it = bodies.entrySet().iterator();
        while (cached + n > maxInstructions && it.hasNext()) {
            cached -= it.next().getValue().instructionCount();
            it.remove();
        }
        bodies.put(index, b);
        cached += n;
    }

    /** Bodies loaded from the file so far (cache misses), for tests and statistics. */
    synchronized long loads() {
        return loads;
    }

    synchronized void countLoad() {
        loads++;
    }

    synchronized long cachedInstructions() {
        return cached;
    }
}
