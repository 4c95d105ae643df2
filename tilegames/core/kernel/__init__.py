"""The kernel: what a game is (the protocol), how a turn runs (the controller, the clock, the
turn's guards, steps and timer) and what a screen talks to (sessions), with the series of games
and the setting up of one.
"""
