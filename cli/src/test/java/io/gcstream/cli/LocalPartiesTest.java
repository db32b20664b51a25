package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.PeerClosedException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Which failure {@link LocalParties#run} reports when a side fails: the one that explains it. A
 * side that ran out of heap takes its peer down with an error that only shows the effect (the
 * connection closed, or a class whose initialisation ran out of heap on the other thread,
 * "Could not initialize class"); gc must still say "out of memory".
 */
class LocalPartiesTest {
    private static final ChannelOptions OPTIONS = ChannelOptions.defaults();

    @Test
    void anEvaluatorOutOfHeapIsReportedOverTheCreatorsClassThatCouldNotInitialise() {
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
        Throwable thrown = assertThrows(Throwable.class, () -> LocalParties.run(OPTIONS, ch -> {
            throw new NoClassDefFoundError("Could not initialize class io.gcstream.ot.internal.crypto.Prg");
        }, ch -> {
            throw oom;
        }));
        assertSame(oom, thrown);
    }

    @Test
    void anEvaluatorOutOfHeapIsReportedOverTheCreatorsClosedConnection() {
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
        Throwable thrown = assertThrows(Throwable.class, () -> LocalParties.run(OPTIONS, ch -> {
            throw new PeerClosedException("the peer closed the connection");
        }, ch -> {
            throw oom;
        }));
        assertSame(oom, thrown);
    }

    @Test
    void aCreatorOutOfHeapIsReportedAsItself() {
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
        Throwable thrown = assertThrows(Throwable.class, () -> LocalParties.run(OPTIONS, ch -> {
            throw oom;
        }, ch -> {
            throw new IOException("the peer closed the connection");
        }));
        assertSame(oom, thrown);
    }
}
