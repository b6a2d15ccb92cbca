"""Words: gettext for every string shown, the pseudo-locale, and the one cleaner for text from outside."""
