"""The lyngk screen, view, input, move-log words and editor tools (no browser imports)."""
