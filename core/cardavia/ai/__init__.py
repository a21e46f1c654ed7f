"""Computer players. Each decides from a :class:`View` of one seat: its own
observation, its legal actions and samples of the hidden cards drawn
consistently with that observation; never from the true hidden state."""

from .players import (LEVELS, ExpertPlayer, GreedyPlayer, NormalPlayer, Player, RandomPlayer,
                      View, make_player)

__all__ = ["LEVELS", "ExpertPlayer", "GreedyPlayer", "NormalPlayer", "Player", "RandomPlayer",
           "View", "make_player"]
