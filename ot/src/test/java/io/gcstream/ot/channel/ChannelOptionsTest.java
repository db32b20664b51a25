package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ChannelOptionsTest {
    @Test
    void defaultsAndBuilderRoundTrip() {
        ChannelOptions d = ChannelOptions.defaults();
        assertEquals(64 * 1024, d.bufferSize());
        assertEquals(d, d.toBuilder().build());
        assertEquals(d.hashCode(), d.toBuilder().build().hashCode());
    }

    @Test
    void rejectsBadValues() {
        assertThrows(IllegalArgumentException.class, () -> ChannelOptions.builder().bufferSize(8));
        assertThrows(IllegalArgumentException.class,
                () -> ChannelOptions.builder().readTimeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class,
                () -> ChannelOptions.builder().connectTimeout(Duration.ofMillis(-5)));
    }
}
