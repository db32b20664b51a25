package io.gcstream.engine;

import io.gcstream.circuits.Party;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import java.nio.file.Path;

/**
 * One party of {@link SaveStateTest}'s second session, in a process of its own, which stops at
 * a step of its save (prints {@code AT step} and waits) for the test to kill it with SIGKILL.
 * Arguments: its role, the peer's port on loopback, the directory of the state files, the step.
 */
final class SaveKillHarness {
    private SaveKillHarness() {
    }

    /** What {@code role} does in the second session: resume c1 or e1, save c2 or e2. */
    static CounterSessions.Side side(Party role, Path dir) {
        String p = role == Party.CREATOR ? "c" : "e";
        return new CounterSessions.Side(dir.resolve(p + "1"), dir.resolve(p + "2"));
    }

    /** What {@code role} adds in the second session. */
    static long input(Party role) {
        return role == Party.CREATOR ? 200 : 7;
    }

    public static void main(String[] args) throws Exception {
        Party role = Party.valueOf(args[0]);
        int port = Integer.parseInt(args[1]);
        Path dir = Path.of(args[2]);
        SaveHook.Step stop = SaveHook.Step.valueOf(args[3]);
        CounterSessions.Side plain = side(role, dir);
        CounterSessions.Side side = new CounterSessions.Side(plain.load(), plain.save(), plain.options(), step -> {
            if (step == stop) {
                System.out.println("AT " + step);
                System.out.flush();
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    throw new java.io.IOException(e);
                }
            }
        });
        try (Channel ch = Transport.plain().connect("127.0.0.1", port, ChannelOptions.builder()
                .readTimeout(CounterSessions.O.timeout()).build())) {
            CounterSessions.play(CounterSessions.open(role, side, ch), side, input(role));
        }
        System.out.println("DONE");
    }
}
