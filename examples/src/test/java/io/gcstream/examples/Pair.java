package io.gcstream.examples;

import io.gcstream.circuits.Party;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Test helper: both parties of an example on two threads over an in-memory channel pair. */
final class Pair {
    interface Side<T> {
        T run(Party role, Channel ch, GcSession s) throws Exception;
    }

    private Pair() {
    }

    /** Runs {@code creator} and {@code evaluator}; returns {creator's result, evaluator's}. */
    static <T> Object[] run(Side<T> creator, Side<T> evaluator) throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        CompletableFuture<T> e = CompletableFuture.supplyAsync(() -> {
            try (Channel c = ch[1]) {
                return evaluator.run(Party.EVALUATOR, c, GcSession.evaluator(c, SessionOptions.defaults()));
            } catch (Exception x) {
                throw new IllegalStateException(x);
            }
        });
        T c;
        try (Channel cc = ch[0]) {
            c = creator.run(Party.CREATOR, cc, GcSession.creator(cc, SessionOptions.defaults()));
        }
        return new Object[] {c, e.get(120, TimeUnit.SECONDS)};
    }
}
