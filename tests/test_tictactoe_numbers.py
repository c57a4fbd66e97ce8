"""Tic-tac-toe's explanations write every number one way: one minus sign (−), and a proven
win of the depth-limited search (±1000 − d) set beside the value with best play (±10 − d)
with the reason the two differ."""

from __future__ import annotations

import random
import re

from search_viz.algorithms.tictactoe import Opponent, move_values
from search_viz.lessons.tictactoe.sentences import values_story
from search_viz.problems.tictactoe import TicTacToe

LIMITED = Opponent("Depth-limited alpha-beta", depth=3)
#: A hyphen where a minus sign belongs: "-9", "(-3", " -999".
HYPHEN_MINUS = re.compile(r"(?<![\w])-\d")


def story(game: TicTacToe, opponent: Opponent) -> str:
    values, truth = move_values(game, opponent), move_values(game)
    chosen = min(values, key=values.get) if game.player_to_move == "O" else max(values)
    return " ".join(values_story(game, opponent, values, truth, chosen))


def test_o_winning_in_one_is_minus_9_with_best_play_and_minus_999_to_the_search():
    game = TicTacToe("XX.OO.X..")  # O to move: O wins in the middle right
    text = story(game, LIMITED)
    assert "worth **−9**: O wins in 1 ply." in text
    assert "−999 is a proven win for O in 1 ply, not an estimate." in text
    assert "scores a win 1000 − d where best play above scores it 10 − d" in text
    assert not HYPHEN_MINUS.search(text), text


def test_no_explanation_writes_a_hyphen_for_a_minus():
    rng = random.Random(20)
    opponents = [LIMITED, Opponent("Alpha-beta"), Opponent("Minimax", decay=False)]
    for _ in range(12):
        game = TicTacToe()
        for _ in range(rng.randrange(1, 6)):
            game = game.play(rng.choice(game.moves))
            if game.is_over:
                break
        if game.is_over:
            continue
        for opponent in opponents:
            text = story(game, opponent)
            assert not HYPHEN_MINUS.search(text), (game, opponent, text)
