"""Crystal Arcade's pure rules: engines, match control and bots.  Never imports pygame."""
