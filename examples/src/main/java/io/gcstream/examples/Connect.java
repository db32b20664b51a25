package io.gcstream.examples;

import io.gcstream.circuits.Party;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * How the examples connect one party to the other, from their command line: the creator
 * listens on {@code PORT}, the evaluator connects to {@code HOST:PORT}. Everything else in an
 * example is the computation itself.
 */
final class Connect {
    private Connect() {
    }

    /** The party {@code role} ("creator" or "evaluator") names. */
    static Party party(String role) {
        return role.equals("creator") ? Party.CREATOR : Party.EVALUATOR;
    }

    /**
     * The session of {@code role}: the creator listens on port {@code where}, the evaluator
     * connects to {@code where} = HOST:PORT. The session owns the connection; close it when done.
     */
    static GcSession session(String role, String where) throws IOException {
        SessionOptions o = SessionOptions.defaults();
        if (party(role) == Party.CREATOR) {
            return GcSession.listen(Integer.parseInt(where), Party.CREATOR, Transport.plain(), o);
        }
        String[] hp = where.split(":");
        return GcSession.connect(hp[0], Integer.parseInt(hp[1]), Party.EVALUATOR, Transport.plain(), o);
    }

    /**
     * The bare connection, for a session the caller makes itself (one that resumes a saved
     * state): as {@link #session}, without the session.
     */
    static Channel channel(String role, String where) throws IOException {
        if (party(role) == Party.CREATOR) {
            return Transport.plain().accept(new InetSocketAddress(Integer.parseInt(where)), ChannelOptions.defaults());
        }
        String[] hp = where.split(":");
        return Transport.plain().connect(hp[0], Integer.parseInt(hp[1]), ChannelOptions.defaults());
    }
}
