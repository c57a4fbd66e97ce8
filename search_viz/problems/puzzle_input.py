"""Reading an 8-puzzle board typed by a person, with a message that says what is wrong.

A board is typed row by row as its 9 tiles: digits 1-8 and 0 or ``_`` for the
blank. Spaces, commas and slashes between them are allowed, so ``283164705``,
``2 8 3 1 6 4 7 0 5`` and ``283/164/7_5`` are the same board. Nothing typed is
ever evaluated: the text is read character by character.

>>> parse_board("283/164/7_5")
(2, 8, 3, 1, 6, 4, 7, 0, 5)
>>> parse_board("2834")
Traceback (most recent call last):
...
ValueError: the start has 4 tiles; a board has 9: the digits 1-8 and 0 (or _) for the blank, row by row, e.g. 283164705
"""  # noqa: E501

from __future__ import annotations

from collections import Counter

from search_viz.problems.eight_puzzle import Board

#: The most characters a board may be typed with (9 tiles and separators).
MAX_CHARS = 40
_SEPARATORS = " ,/;|\t\n-"
_EXAMPLE = "e.g. 283164705"


def parse_board(text: str, role: str = "start") -> Board:
    """The board ``text`` names, or a ValueError saying what is wrong and what is allowed.

    ``role`` ("start" or "goal") names the board in the message.

    >>> parse_board("1 2 3, 8 0 4, 7 6 5", role="goal")
    (1, 2, 3, 8, 0, 4, 7, 6, 5)
    >>> parse_board("123 456 789")
    Traceback (most recent call last):
    ...
    ValueError: the start has a 9, which is not a tile: use the digits 1-8, and 0 or _ for the blank
    """
    if len(text) > MAX_CHARS:
        raise ValueError(
            f"the {role} is {len(text)} characters long; type at most {MAX_CHARS}: "
            f"its 9 tiles, row by row, {_EXAMPLE}"
        )
    tiles = []
    for char in text.strip():
        if char in _SEPARATORS:
            continue
        if char == "_":
            tiles.append(0)
        elif char in "012345678":
            tiles.append(int(char))
        elif char == "9":
            raise ValueError(
                f"the {role} has a 9, which is not a tile: use the digits 1-8, and 0 or _ "
                "for the blank"
            )
        else:
            raise ValueError(
                f"the {role} has {char!r}, which is not a tile: use the digits 1-8, and 0 or _ "
                f"for the blank (spaces, commas and slashes may separate them), {_EXAMPLE}"
            )
    if not tiles:
        raise ValueError(
            f"type the {role}: its 9 tiles row by row, 0 or _ for the blank, {_EXAMPLE}"
        )
    if len(tiles) != 9:
        raise ValueError(
            f"the {role} has {len(tiles)} tile{'s' if len(tiles) != 1 else ''}; a board has 9: "
            f"the digits 1-8 and 0 (or _) for the blank, row by row, {_EXAMPLE}"
        )
    counts = Counter(tiles)
    twice = sorted(t for t, n in counts.items() if n > 1)
    if twice:
        missing = sorted(set(range(9)) - set(tiles))
        return _raise_repeats(role, twice, missing)
    return tuple(tiles)


def _raise_repeats(role: str, twice: list[int], missing: list[int]) -> Board:
    def names(tiles: list[int]) -> str:
        words = ["the blank" if t == 0 else str(t) for t in tiles]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    verb = "appears" if len(twice) == 1 else "appear"
    gone = "is" if len(missing) == 1 else "are"
    raise ValueError(
        f"in the {role}, {names(twice)} {verb} more than once and {names(missing)} {gone} "
        "missing: each of the tiles 1-8 and the blank appears exactly once"
    )
