"""A small pygame-ce card-table framework shared by the game scenes.

It knows about cards, piles, tracks, tokens, tweens, layout, input, scenes and sound, and nothing
about any particular game's rules: it imports nothing from ``squabble.games``.
"""
