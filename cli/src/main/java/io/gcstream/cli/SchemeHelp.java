package io.gcstream.cli;

import io.gcstream.engine.Scheme;
import java.util.ListResourceBundle;

/**
 * The help text of {@code --scheme}, built from the scheme registry ({@link Scheme#help()}), so
 * that a new scheme shows up in {@code gc run --help} and {@code gc demo --help} without an edit
 * here. JCommander annotations take constant strings only; it looks keyed descriptions up in the
 * resource bundle it is given ({@code JCommander.Builder.resourceBundle}), an instance of this
 * class: naming the bundle in {@code @Parameters(resourceBundle = ...)} instead would have
 * JCommander find it through {@code ResourceBundle.getBundle}, a slow first call.
 */
public final class SchemeHelp extends ListResourceBundle {
    /** The description key of {@code --scheme}. */
    static final String KEY = "scheme";

    @Override
    protected Object[][] getContents() {
        return new Object[][] {{KEY, "Garbling scheme, the same on both sides: " + Scheme.help()}};
    }
}
