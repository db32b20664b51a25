package io.gcstream.engine;

import io.gcstream.engine.internal.session.SavedState;

/**
 * Tests only: called by {@link GcSession#saveState} at each step of a save ({@code SaveHook.Step},
 * inherited from {@link SavedState.Hook}), so that a test can make the save fail there (throw an
 * {@link java.io.IOException}) or stop as if the process were killed (throw an {@link Error},
 * which no clean-up catches).
 */
interface SaveHook extends SavedState.Hook {
}
