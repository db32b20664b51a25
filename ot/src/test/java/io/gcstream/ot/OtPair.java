package io.gcstream.ot;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.testutil.Threads;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs the two parties of a test in two threads. */
final class OtPair {
    final OtExtensionSender sender;
    final OtExtensionReceiver receiver;

    private OtPair(OtExtensionSender s, OtExtensionReceiver r) {
        this.sender = s;
        this.receiver = r;
    }

    static OtPair setup(Channel senderCh, Channel receiverCh, OtOptions so, OtOptions ro)
            throws Exception {
        Future<OtExtensionSender> s = Threads.POOL.submit(
                () -> OtExtensionSender.setup(senderCh, so));
        OtExtensionReceiver r = OtExtensionReceiver.setup(receiverCh, ro);
        return new OtPair(get(s), r);
    }

    /** Runs the sender's part in another thread and the receiver's part here. */
    static <T> T both(Callable<Void> senderPart, Callable<T> receiverPart) throws Exception {
        Future<Void> s = Threads.POOL.submit(senderPart);
        T t;
        try {
            t = receiverPart.call();
        } catch (Exception e) {
            s.cancel(true);
            throw e;
        }
        get(s);
        return t;
    }

    static <T> T get(Future<T> f) throws Exception {
        try {
            return f.get(120, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }
}
