package io.gcstream.ot.internal;

import io.gcstream.ot.channel.Channel;

/**
 * A channel on which one thread may read while another writes (TCP and in-memory channels, and
 * decorators that keep state only of one direction): what runs computed beside each other need.
 * Other channels are used from one thread at a time.
 */
public interface DuplexChannel extends Channel {
}
