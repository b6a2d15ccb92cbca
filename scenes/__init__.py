"""Crystal Arcade's pygame-ce front end: the app loop, the screens and the play views."""
