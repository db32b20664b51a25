package io.gcstream.ot.internal;

import io.gcstream.ot.channel.Channel;

/**
 * What gcstream's protocol code asks of a channel beyond {@link Channel}: TCP and in-memory
 * channels and the forwarding decorators implement it; for any other channel the static
 * methods give the answers of a channel that cannot tell.
 */
public interface TunedChannel extends Channel {

    /**
     * The size of this channel's write buffer: a {@link #write(byte[], int, int) write} of at
     * least this many bytes goes to the transport without being copied into it, so a caller
     * that streams bulk data saves a copy of every byte by handing it over in pieces at least
     * this large. 0 if the channel has no such size.
     */
    int writeBufferSize();

    /**
     * Makes sure, where this channel can, that {@code bytes} more bytes written and flushed now
     * leave this side even if the peer reads nothing meanwhile, and says whether they will: a
     * protocol that writes while its peer may itself be blocked writing to it asks first, and
     * does something else if the answer is no. Bytes buffered but not yet flushed count against
     * it. True only where the channel can promise it: an in-memory channel when its pipe has
     * room, a TCP channel when its socket's send buffer can hold them (it enlarges the buffer if
     * it can).
     */
    boolean reserveUnread(int bytes);

    /**
     * True if this channel is plain TCP (no TLS) to a peer whose address is not a loopback
     * address: its traffic leaves this machine without authentication, encryption or integrity
     * (docs/security.md, "What plain TCP does not protect").
     */
    boolean plainOffLoopback();

    /** {@code ch}'s {@link #writeBufferSize()}, 0 for a channel that is not a {@code TunedChannel}. */
    static int writeBufferSizeOf(Channel ch) {
        return ch instanceof TunedChannel t ? t.writeBufferSize() : 0;
    }

    /** {@code ch}'s {@link #reserveUnread(int)}, false for a channel that is not a {@code TunedChannel}. */
    static boolean reservesUnread(Channel ch, int bytes) {
        return ch instanceof TunedChannel t && t.reserveUnread(bytes);
    }

    /** {@code ch}'s {@link #plainOffLoopback()}, false for a channel that is not a {@code TunedChannel}. */
    static boolean isPlainOffLoopback(Channel ch) {
        return ch instanceof TunedChannel t && t.plainOffLoopback();
    }
}
