package io.gcstream.circuits;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CircuitFormatExceptionTest {
    @Test
    void aMessageQuotingAFileIsOnePrintableLineOfBoundedLength() {
        assertEquals("t.gct:3: found 'a?b?c'", new CircuitFormatException("t.gct:3: found 'a\nb\u001bc'").getMessage());
        String quote = "x".repeat(5000);
        String m = new CircuitFormatException("t.gct:1: found '" + quote + "'").getMessage();
        assertEquals(CircuitFormatException.MAX_LENGTH + 3, m.length());
        assertEquals("t.gct:1: found 'xxx", m.substring(0, 19));
        assertEquals("...", m.substring(m.length() - 3));
        assertEquals("plain", new CircuitFormatException("plain").getMessage());
        // A name quoted from a file cannot reorder or hide what the message shows.
        assertEquals("t.gct:2: unknown sub-circuit 'abc?fdp.exe?x?'", new CircuitFormatException(
                "t.gct:2: unknown sub-circuit 'abc\u202efdp.exe\u200bx\u2028'").getMessage());
    }
}
