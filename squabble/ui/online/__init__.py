"""Online play from the game window (issue 52): the title's Play online screens and the game
scenes on a ``framework.remote.RemoteSession``."""
