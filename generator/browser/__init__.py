"""What runs in the browser beside the rules engine: the puzzle as JSON and the game played by taps (standard library only)."""
