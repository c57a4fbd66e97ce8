"""Lesson: local search on n-queens.

Hill climbing (steepest ascent, first choice, sideways moves, random restarts),
simulated annealing (the notes' schedule: T0 = 1000, multiplied by 0.99 each
step; a worse board taken with probability e^(−Δ/T)) and a genetic algorithm
(population, selection, crossover, mutation), replayed as films: the board's
queens move, the lines between attacking queens follow them, and the curves
beside (conflicts, temperature, the chance of a worse move; fitness per
generation) show how far the run has got. A second tab runs every algorithm on
many seeded boards.
"""
