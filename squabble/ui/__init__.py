"""The window's scenes: the shared menus (title, game pick, set-ups, options, rules, result,
attract mode) here; each game's own table or map in its sub-package (``squabble``, ``struggle``)."""
