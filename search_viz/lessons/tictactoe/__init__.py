"""Tic-tac-toe: play a perfect player, and see every move's value and the search behind it.

The student plays on a board of buttons (a move is a real server action); the
computer answers with minimax, alpha-beta, a depth-limited alpha-beta with the
notes' static evaluation, or at random. Beside the board, the why-tree film
replays the search behind a move around a node the student opens; below it,
every move's value, the nodes each search enters, why an ideal player does not
give up, and the whole game in numbers (549,946 nodes, 255,168 games, a draw).
"""
