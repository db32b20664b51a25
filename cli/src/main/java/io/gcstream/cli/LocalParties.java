package io.gcstream.cli;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Both parties of a command in this process ({@code --local}): the creator on the calling
 * thread, the evaluator on another, over a real loopback TCP connection.
 */
final class LocalParties {
    /** One party's work over its end of the connection. */
    interface Side<T> {
        T run(Channel ch) throws IOException;
    }

    /** Both parties' results. */
    record Both<T>(T creator, T evaluator) {
    }

    private LocalParties() {
    }

    /**
     * Runs both sides. If one fails, the other fails too (its peer closes the connection); the
     * error reported is the one that explains the failure: a user error of either side first,
     * then running out of heap or stack on either side (the other side may only see its effect,
     * such as a class whose initialisation ran out: "Could not initialize class"), else the
     * creator's, with the evaluator's attached.
     */
    static <T> Both<T> run(ChannelOptions o, Side<T> creator, Side<T> evaluator) throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = server.getLocalPort();
            CompletableFuture<T> e = CompletableFuture.supplyAsync(() -> {
                try (Channel ch = Transport.plain().connect(InetAddress.getLoopbackAddress().getHostAddress(), port, o)) {
                    return evaluator.run(ch);
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
            });
            T c;
            try (Channel ch = Transport.plain().accept(server, o)) {
                c = creator.run(ch);
            } catch (IOException | RuntimeException | Error x) {
                Throwable other = failure(e);
                if (other instanceof UserError u) {
                    throw u;
                }
                if (other instanceof VirtualMachineError v && !(x instanceof VirtualMachineError)) {
                    throw v;
                }
                if (other != null) {
                    x.addSuppressed(other);
                }
                throw x;
            }
            try {
                return new Both<>(c, e.get());
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the evaluator", x);
            } catch (ExecutionException x) {
                Throwable cause = unwrap(x);
                if (cause instanceof IOException io) {
                    throw io;
                }
                if (cause instanceof RuntimeException r) {
                    throw r;
                }
                if (cause instanceof Error err) {
                    throw err; // out of memory or stack: Gc says so in its own words
                }
                throw new IOException("the evaluator failed: " + cause.getMessage(), cause);
            }
        }
    }

    /** The evaluator's failure, once it has ended, or null if it succeeded. */
    private static Throwable failure(CompletableFuture<?> f) {
        try {
            f.get();
            return null;
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            return x;
        } catch (ExecutionException x) {
            return unwrap(x);
        }
    }

    private static Throwable unwrap(ExecutionException x) {
        Throwable c = x.getCause();
        return c instanceof UncheckedIOException u ? u.getCause() : c;
    }
}
