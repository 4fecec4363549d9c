"""Twilight Struggle scenes' pieces: the map, the tracks panel, card art and rules help."""
