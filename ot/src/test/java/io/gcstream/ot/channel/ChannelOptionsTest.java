package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ChannelOptionsTest {
    @Test
    void defaultsAndBuilderRoundTrip() {
        ChannelOptions d = ChannelOptions.defaults();
        assertEquals(64 * 1024, d.bufferSize());
        assertEquals(d.toString(), d.toBuilder().build().toString());
    }

    @Test
    void rejectsBadValues() {
        assertThrows(IllegalArgumentException.class, () -> ChannelOptions.builder().bufferSize(8));
        assertThrows(IllegalArgumentException.class,
                () -> ChannelOptions.builder().readTimeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class,
                () -> ChannelOptions.builder().connectTimeout(Duration.ofMillis(-5)));
    }

    @Test
    void writeTimeoutFollowsTheReadTimeoutUnlessSet() {
        ChannelOptions o = ChannelOptions.builder().readTimeout(Duration.ofSeconds(5)).build();
        assertEquals(Duration.ofSeconds(5), o.writeTimeout());
        ChannelOptions longer = o.toBuilder().readTimeout(Duration.ofSeconds(9)).build();
        assertEquals(Duration.ofSeconds(9), longer.writeTimeout());
        ChannelOptions own = o.toBuilder().writeTimeout(Duration.ofSeconds(2)).build();
        assertEquals(Duration.ofSeconds(2), own.toBuilder().readTimeout(Duration.ofSeconds(7))
                .build().writeTimeout());
        assertEquals(own.toString(), own.toBuilder().build().toString());
        assertThrows(IllegalArgumentException.class,
                () -> ChannelOptions.builder().writeTimeout(Duration.ZERO));
    }

    @Test
    void readPollDefaultsTo100MicrosecondsWhereThereAreCoresToSpareAndIsBounded() {
        boolean spare = Runtime.getRuntime().availableProcessors() > 1;
        assertEquals(spare ? Duration.ofNanos(100_000) : Duration.ZERO, ChannelOptions.defaults().readPoll());
        ChannelOptions off = ChannelOptions.builder().readPoll(Duration.ZERO).build();
        assertEquals(Duration.ZERO, off.readPoll());
        assertEquals(off.toString(), off.toBuilder().build().toString());
        assertEquals(ChannelOptions.DEFAULT_READ_POLL, ChannelOptions.builder().build().readPoll());
        assertNotEquals(off.toString(), off.toBuilder().readPoll(Duration.ofNanos(5)).build().toString());
        assertEquals(ChannelOptions.MAX_READ_POLL,
                ChannelOptions.builder().readPoll(ChannelOptions.MAX_READ_POLL).build().readPoll());
        assertThrows(IllegalArgumentException.class,
                () -> ChannelOptions.builder().readPoll(ChannelOptions.MAX_READ_POLL.plusNanos(1)));
        assertThrows(IllegalArgumentException.class,
                () -> ChannelOptions.builder().readPoll(Duration.ofNanos(-1)));
    }
}
