"""Twilight Squabble in the window: the table scene (``table.TableScene``, the view of the
framework's ``TurnFlow``) built from components (model, choose, zones, explain, beats, hand, guide,
drawing), its other scenes (``scenes``), its card faces and its session (``game``)."""
