"""What is kept about players and bots: profiles, Glicko-2 ratings, the bot ladder, the hall of fame."""
