"""How often each solo level can be won: seeded shuffles played by an honest player and the solver."""
