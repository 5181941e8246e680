"""Whole games, recorded from the engine with seeded playouts and replayed move by move.

Each is (options, transcript): one turn a line, ``CODE placement build`` with ``-`` for no
build (the player was eliminated). :func:`load` replays one with every move checked, so a
change in legality breaks the replay loudly. The games were picked for what happens in them
(named in each comment); the tests check those facts, not just the replay.
"""

from __future__ import annotations

from positions import new_game, replay
from taluva.rules.game import Game
from taluva.rules.options import Options

# O-TEAMS: nobody eliminated; seat 0 has the best score of all (2 temples, 1 tower, 18 huts) but
# team 0 + 2 totals 2 temples against 4 for team 1 + 3, which wins.
TEAMS_TOTALS = (
    "players=4 tiles=all found=isolated rank=off teams=on",
    """
JC 0,0/12 hut 0,-1
SR 0,-2/12 hut 0,-3
RJ 2,-4/2 hut 3,-5
JJ 2,-1/2 hut 1,-3
CC -2,0/2 huts -1,-1 -1,0
CR -2,1/8 hut -3,1
JL 3,-3/8 hut -3,2
JR 3,-3/10 huts 2,-3x2
JS 3,0/6 temple 1,-1
SJ -2,0/4 huts -2,1x2
LC 3,2/6 hut 3,3
LL 5,0/10 huts 3,-4x2
LR 1,-5/8 huts -1,0x2
JC -3,-1/4 hut -3,0
RL -5,3/2 hut 2,1
JR 1,0/4 temple 2,-2
CS 2,-1/6 huts -2,-1 1,0x2
SJ -5,0/4 temple -4,0
CJ 0,2/4 hut 0,3
JS 5,-5/6 huts 3,-2 4,-4
LS 0,2/2 huts 1,1x2 2,0x2
JC 6,-4/12 hut -5,1
JS 3,4/8 hut 4,0
JC 5,-2/8 huts 3,-1 4,-2
RC 4,4/6 huts 1,2x2
SJ -3,4/10 hut -4,2
RC 1,-6/10 hut 2,5
CJ 5,-2/6 huts 4,-1x2
SL 0,-2/6 huts -1,-1x2
RR -6,3/12 huts -6,2 -5,2 -4,3
RS -2,5/8 hut 0,-6
JC 5,-5/4 huts 5,-4x2 5,-1x2
SR -5,6/2 temple 0,-1
CJ -3,4/8 huts -4,4x2
JS -4,-2/2 hut 2,3
LJ -1,4/4 huts 6,-5x2
JL -6,5/10 hut -7,5
RJ -6,0/6 huts -6,1 -4,5x2
CS 5,2/4 hut -6,4
SC 1,6/10 hut -7,1
CJ -1,-2/10 hut -4,6
CL -5,3/12 temple -4,2
SC -2,-5/12 hut -2,-6
SS -8,3/12 huts -8,2 -7,2
CJ -2,0/2 tower -1,-1
JC -4,-6/4 tower -1,0
SJ -6,0/4 hut 7,-5
CR -2,7/2 temple -6,1
""",
)

# R-END-2: two players, 24 tiles; seat 0 built a temple, seat 1 none, huts equal.
TEMPLES_DECIDE = (
    "players=2 tiles=12 found=isolated rank=off teams=off",
    """
JC 0,0/10 hut 0,-1
SR -3,2/12 hut -2,1
RJ 0,-2/8 hut -1,0
JJ -2,-1/8 hut -3,1
CC -2,3/8 hut -3,3
CR -3,-2/12 hut -2,-3
JL -4,-2/6 hut -3,0
JR -5,2/12 hut -5,1
JS 1,-3/10 hut -3,4
SJ 0,-5/2 hut 1,-5
LC -6,3/10 huts -4,1 -3,-1
LL -7,0/2 hut -6,-1
LR 2,-2/12 temple -4,-1
JC 0,-6/10 hut -1,-1
RL -7,2/10 hut -5,-1
JR 2,-7/12 hut -3,-3
CS -4,4/8 hut 3,-8
SJ 2,-1/8 hut 3,-3
CJ -2,-6/6 hut -7,1
JS 4,-5/8 hut -8,2
LS -7,-2/2 hut 0,-3
JC 6,-7/6 hut -7,3
JS 5,-4/12 hut 2,-8
JC -1,-8/6 hut -2,-5
""",
)

# R-END-2: no temples, no towers; seat 0 built 13 huts, seat 1 12.
HUTS_DECIDE = (
    "players=2 tiles=12 found=isolated rank=off teams=off",
    """
CL 0,0/6 hut -1,1
LL 1,-2/8 hut 0,1
JR 1,-3/10 hut 0,-3
CJ 1,1/6 hut 0,-2
JC 2,3/12 hut 1,-4
CS 3,0/6 hut 0,2
CJ -1,2/8 hut 3,2
LC 3,-5/8 hut 3,1
JS 2,-1/12 hut 2,-2
JC 4,0/2 hut 0,-1
LJ -1,-1/8 hut 5,-1
SJ -3,3/8 hut 2,-4
CR 0,-5/2 hut 2,2
LS -6,5/2 hut 1,2
JL -6,7/2 hut -4,4
CS 6,0/2 hut -5,5
JS -1,4/10 huts -5,4 -4,3
JC -1,-5/6 hut 5,0
CJ 5,2/2 hut 2,-5
JC 9,-1/8 hut 3,-2
JC 1,4/4 hut 7,0
RC 2,5/4 hut -2,0
SC 0,5/6 hut -2,-1
SL -7,5/10 hut -2,-4
""",
)

# R-END-2: no temples, no towers; seat 1 built 13 huts of which two were covered (11 on the
# board), seat 0 built 12 (12 on the board): covered huts count, seat 1 wins.
COVERED_HUTS_DECIDE = (
    "players=2 tiles=12 found=isolated rank=off teams=off",
    """
LR 0,0/10 hut 0,-1
SJ -1,1/8 hut -2,1
JC -1,3/8 hut -2,4
CJ 0,-2/2 hut -1,0
SJ 1,-1/4 hut 2,-1
JR 4,-3/6 hut -2,2
RC -1,1/10 hut 3,-2
RC -4,2/2 hut 4,-2
RJ -3,-1/4 hut -3,2
SJ 5,-3/2 hut 1,-3
RS -4,4/4 hut -2,-1
JS 3,-1/4 hut 6,-3
LS 2,2/12 hut 3,0
SR -6,7/2 hut -5,7
JR -7,8/8 hut -3,4
JC -2,5/4 huts -2,1x2
JC -8,11/10 hut -1,5
SC 1,4/10 hut -5,6
JL 4,2/8 hut -9,11
CL -7,9/4 hut -7,10
SC -6,2/2 hut -5,2
JC -9,7/4 hut -3,0
SR -5,10/8 hut -6,11
RR 3,4/8 hut -9,8
""",
)

# R-END-2: both built 12 huts and nothing else: they share the first place.
FULL_TIE = (
    "players=2 tiles=12 found=isolated rank=off teams=off",
    """
CR 0,0/4 hut 0,1
SR -1,-1/4 hut 0,-1
LL -2,1/6 hut -1,0
SL -3,3/8 hut 1,0
JC -3,5/10 hut -3,4
CJ -6,6/12 hut -4,5
JC -5,2/4 hut -3,2
CS 2,-1/10 hut -2,2
JS 4,-3/8 hut 3,-3
SJ -2,-1/10 hut 1,-1
SR -2,4/4 hut -2,5
CS -4,-2/6 hut -6,5
CJ -7,0/2 hut -4,-1
RJ 3,-5/4 hut -1,4
SJ 0,2/2 hut 3,-4
CC 4,-1/8 hut -4,2
JS 5,-2/12 hut -4,3
RR -4,6/4 hut -3,-1
CJ -8,0/10 hut -5,3
LS -3,-3/4 hut -5,5
SC -7,2/2 hut 3,-2
RC 2,-5/6 hut -2,-3
JR 2,-6/10 hut 6,-3
RJ 2,2/12 hut -6,2
""",
)

# R-END-1: on the last line seat 0 completes two kinds (all 20 huts and both towers placed) and
# wins at once.
EARLY_VICTORY = (
    "players=2 tiles=all found=isolated rank=off teams=off",
    """
SS 0,0/2 hut 1,-1
LC -1,0/6 hut -2,1
JC -1,0/4 huts 0,0x2
SC -2,0/8 huts -1,1x2
SJ 0,-2/2 huts 1,-2 1,0
LR -2,0/6 huts -2,1x2
RS -2,2/8 temple 1,-3
CR -2,0/4 tower -2,1
SC 3,-4/6 tower -1,0
JR -5,0/2 huts -3,1x2
SL 1,1/8 huts 0,1 2,-3
JC -1,-2/12 temple -3,0
LS 3,-1/6 huts 0,2 2,0
CJ -5,2/2 huts -4,0 -4,1
RR 1,1/10 huts 0,1x2 1,0x2
RJ -1,3/10 huts -4,-1 -3,2 -1,2
CC -1,3/12 huts -1,2x2 0,2x2 3,-3
JL 1,1/8 huts 0,1x3
CJ 4,-5/10 tower 0,2
RC -2,-3/8 huts -4,2 -3,-2
LL 2,-1/12 huts 2,-2 3,-2
""",
)

# R-ELIM-2: seat 0 has no legal build after its placement on the last line and is eliminated; seat
# 1 is left alone and wins.
LAST_STANDING_2P = (
    "players=2 tiles=all found=isolated rank=off teams=off",
    """
RR 0,0/12 hut 1,-1
JC 0,2/12 hut 0,1
JR -1,4/12 hut 0,-1
JJ 2,0/10 huts 1,0 1,1
RL -2,4/10 hut -3,4
JL -1,0/10 hut -1,3
LJ 1,-2/10 huts -1,-1 0,-2 2,-1
JL 2,-3/4 hut 0,3
RJ 4,-5/4 temple -2,0
JS -3,1/4 hut -3,2
RC -4,5/6 hut -2,3
JS -5,7/8 hut 4,-4
SJ -2,4/12 huts -2,3x2
LS 0,0/2 hut -6,8
LC 5,-3/10 hut 5,-5
JC -6,9/8 hut -2,1
JC 3,-2/4 hut -7,10
LL 6,-3/2 huts 3,-3 5,-4
JS -5,7/10 hut 7,-3
RJ 3,-2/2 hut 7,-4
CS 1,2/4 hut -7,9
SJ 4,-6/10 hut 1,3
CS 7,-7/8 hut -4,6
SJ 1,4/6 huts -6,7x2
JC 3,3/10 huts 1,0x2
SC 6,-9/8 huts -5,6x2
SL 2,-4/2 hut 2,3
SC -5,1/2 temple 2,-2
RC -4,-2/6 huts 1,-1x2
RS 2,6/12 hut 3,-4
JC -8,12/2 hut 1,5
CL -8,8/2 hut 0,5
CC -6,0/10 -
""",
)

# R-ELIM-1, R-ELIM-2: three players; seat 2 is eliminated on its first turn, seat 0 later; seat 1
# wins.
LAST_STANDING_3P = (
    "players=3 tiles=all found=isolated rank=off teams=off",
    """
LJ 0,0/12 hut 1,-1
JR -1,-1/6 hut -2,0
SS -1,-1/4 -
JC 1,1/10 hut 1,0
SL -1,1/6 hut -1,2
JC -3,1/4 hut -2,2
CJ -4,3/6 hut -4,4
SC -5,2/12 huts 0,-1x2
RR -1,3/6 hut -2,4
JC -5,0/8 hut -2,1
SJ 1,-2/10 huts -1,0x2
CR 3,0/8 hut 0,-2
RC -1,-2/12 hut 1,-3
CC -6,6/2 hut -5,6
CR -1,-4/12 hut 2,1
JC 3,1/4 hut -1,-3
JS -7,3/4 hut 0,-5
CJ 6,0/8 hut -6,3
SR -1,6/12 hut -4,1
SJ 0,-6/12 hut 5,0
SC 1,6/10 hut 4,1
JS 7,-1/12 hut 8,-2
RC 3,-4/8 hut 1,5
CJ 8,-1/2 hut 5,1
JL 2,-8/12 hut 0,5
JR 2,7/12 hut -1,5
RL -3,-1/8 hut 2,6
JL 0,9/12 hut 0,-7
SJ 2,4/4 hut 3,4
JC -3,6/10 hut 2,-9
SJ -7,8/2 hut -6,7
RS 10,-4/8 huts 7,-2 9,-3
CL 4,-5/2 hut 9,-4
LC -9,9/2 hut -3,5
JS -2,11/2 hut -6,0
LS -3,12/8 hut 1,-7
LR 4,-9/6 hut 3,6
JS 8,-1/10 temple 2,0
CJ -4,-2/2 hut -7,4
CS -8,11/10 -
""",
)

# O-RANK, three players: seat 0 is eliminated, then seat 1 completes two kinds and leaves; seat 2
# is left alone.
RANK_OUT_THEN_FINISH = (
    "players=3 tiles=all found=isolated rank=on teams=off",
    """
CL 0,0/4 hut 0,1
LL 1,-1/2 hut 1,0
JR 4,-2/8 hut 2,-2
CJ 3,-3/12 hut 2,-1
JC 3,-5/2 hut 3,-4
CS -2,2/4 hut -2,3
CJ 2,1/12 huts 2,0 3,-2
LC 1,-4/4 huts 2,-4 4,-4
JS -4,4/2 huts -3,3 -1,2
JC -2,1/2 temple 3,-1
LJ 4,0/6 temple 1,-3
SJ -6,4/4 temple -3,4
CR -2,2/12 huts -1,1x2
LS 3,-5/6 huts 2,-4x2
JL 4,2/2 hut -6,5
CS 4,-8/4 huts -2,1x2
JS 0,-1/12 huts 0,-2 3,-4x2
JC -5,6/10 huts -5,4 -5,5
CJ 6,-2/10 temple -1,0
JC 1,-5/2 huts 1,-2 2,-5 4,-5
JC 0,-1/4 temple -6,6
RC 2,1/2 huts 1,-1x2 3,0x2
SC -2,-2/4 huts -1,-2 2,-6 4,-6
SL 5,4/10 hut -2,-1
SJ -3,0/4 huts -2,0 0,0x2
SJ 1,-4/12 huts 1,-5x2
JS -4,6/4 hut -4,7
RL 1,2/8 huts 0,2 3,1x2
SJ 1,-4/2 temple 2,-4
CC -6,8/2 huts -5,7 -5,8
SR -1,4/10 huts -3,1 -1,3
SS 3,-8/10 tower 2,-5
RJ -5,3/2 temple -3,6
JR -5,0/2 -
JL -7,9/6 hut -8,10
CJ 5,-6/12 huts -4,3 -2,4
RR -9,9/4 huts -9,10 -8,9
JJ -5,3/6 huts -6,4x2 -5,4x2
JC 7,-10/6 temple -7,10
""",
)

# O-RANK, three players: seat 2 completes two kinds first, then seat 0; seat 1 is left alone.
RANK_TWO_FINISH = (
    "players=3 tiles=all found=isolated rank=on teams=off",
    """
JR 0,0/10 hut -1,0
CJ 1,-3/8 hut 0,-3
RS 2,-2/12 hut 0,-2
LJ -2,1/4 huts -1,1 0,-1
JS 1,-5/6 hut -2,2
SR 3,-6/6 hut 0,-4
RC -1,3/10 temple -1,2
LL -2,1/2 huts -1,1x2
SJ 1,-5/4 huts 1,-4x2
CS 0,-6/6 huts -1,0x2
SS -4,3/2 huts -3,2 -3,3
JS -1,-2/10 huts -1,-3 2,-5x2
LR 4,-5/6 hut -2,-2
SC -3,-2/6 temple -2,3
JL -2,-1/4 temple 0,-5
JC -2,-1/2 huts -3,-1 -1,-2x2
JR 4,-3/6 hut -4,-1
RJ -5,2/2 huts -1,-1x2
RL -2,-4/6 temple -2,-3
SJ -3,-2/4 huts -3,-1x2
RC -2,-1/10 tower -2,-2
CS 5,-1/10 hut -4,1
SJ 2,-1/8 tower -3,-1
CC 4,-5/8 huts -1,-5 3,-5x2
JJ 0,0/2 huts -2,0 1,-1x2
LS 0,0/8 tower -1,1
JS 3,1/2 tower -1,0
RJ 1,-7/2 huts 1,0x2
SJ 5,1/4 hut -4,2
RR 8,-1/6 huts 3,-4x2
CR 2,-2/4 temple 2,-1
CJ -4,3/12 huts -3,2x2
CR -2,-6/4 huts -1,-6 3,-3 4,-4
SR 2,1/10 huts 1,1 3,-2x2
JL -4,5/10 huts -4,2x2 -4,4
JC 4,-3/10 huts -2,-5 3,-3x2
CJ 4,-3/8 tower 3,-2
SL -5,3/6 huts -5,4 -5,5
LC 5,4/10 hut -6,4
JC 3,-8/4 hut -3,-3
JC 0,-8/6 hut -1,-7
""",
)

# O-RANK, four players: seat 2 is eliminated, seat 0 completes two kinds; the last tile ends the
# game.
RANK_FOUR_PLAYERS = (
    "players=4 tiles=all found=isolated rank=on teams=off",
    """
CL 0,0/4 hut 0,1
LL 1,-1/2 hut 1,0
JR 4,-2/8 hut 2,-2
CJ 3,-3/12 hut 2,-1
JC 3,-5/2 hut 3,-4
CS -2,2/4 hut -2,3
CJ 0,-2/4 huts 1,-2 3,-2
LC 1,-1/12 huts 2,-2x2
JS 0,2/2 huts -1,2 1,1
JC -1,3/4 hut -1,4
LJ -1,0/8 hut -2,0
SJ -3,5/10 huts 1,-2x2
CR 5,-4/12 temple 1,2
LS 0,2/10 huts -3,4 -1,2x2
JL -3,2/10 huts -3,1 -2,1
CS 0,-3/10 temple 0,-1
JS 5,-1/12 huts 0,1x2
JC 5,-7/4 temple -4,5
CJ 6,-8/12 temple -4,2
JC -5,3/6 hut -6,4
JC 2,2/12 huts 0,3 2,1
RC -3,2/2 huts -2,2x2
SC -1,-1/10 huts -2,-1 -2,1x2
SL -1,-1/6 huts -1,0x2
SJ 5,-4/10 huts 4,-5 4,-4x2
SJ 3,-7/2 hut -5,4
JS -3,-1/6 huts -3,0 -2,0x2 -1,-2
RL 1,-3/2 huts 2,-3 3,-1
SJ -3,7/12 temple 2,-4
CC -4,3/4 huts -4,4 -3,3
SR -4,3/8 huts -5,3x2 -1,-3
SS -7,6/10 huts -5,4x2
RJ 5,-7/8 huts 4,-6x2 5,-6
JR -1,-4/10 hut -8,6
JL -1,-4/4 huts -4,0 -1,-3x2
CJ 0,-2/12 huts 1,-3x2
RR 3,-5/4 huts 3,-4x2 4,-5x2
JJ -10,7/2 huts -9,6 -9,7
JC -11,9/12 hut -11,8
LR -1,-6/12 huts 0,-3x2
RS 3,-5/2 tower 4,-6
SC -13,8/2 temple -10,8
RC -3,9/10 -
CR 3,-6/8 huts 0,-4x2
JS -8,8/12 tower 4,-5
SR -9,5/2 huts -8,5 -8,7 -7,5
RJ 5,1/10 hut -12,7
CJ -14,8/6 huts 5,-5x2
""",
)

# O-TEAMS: seat 1 completes temples and towers while partner seat 3 has placed all its huts: team
# 1 + 3 wins at once.
TEAMS_EARLY_VICTORY = (
    "players=4 tiles=all found=isolated rank=off teams=on",
    """
SS 0,0/12 hut 0,-1
JC 0,2/12 hut 0,1
CJ -1,-1/12 hut -1,-2
JC -1,4/12 hut -1,3
SL -1,1/10 huts -1,0 1,-1
LC 0,0/8 huts -1,1x2
SR -1,-1/2 huts 0,-2x2
SJ -2,2/6 huts -2,3 0,3
RR 0,0/10 tower 0,-1
JC -3,-2/2 tower -1,0
RJ 1,-4/6 huts -2,-2 1,-3
LJ -2,-1/8 temple -3,3
LL 3,-2/8 huts 2,-2 2,-1
CJ 1,-5/12 temple -2,1
CC -3,5/10 temple -3,-1
CS 0,2/6 huts -3,4 -1,3x2
LR 2,0/2 temple 3,-1
SC -4,-2/12 hut -4,-3
RC -3,-2/12 huts -2,-3x2 0,-3
CJ 4,-3/4 huts 0,3x2
JS 4,-3/6 huts 3,-2x2
CL -6,-3/2 huts -5,-3 -3,-3x2
JC 3,-4/6 huts -3,0 2,-3
SR 4,0/6 hut -5,-4
RC -4,2/2 huts 4,-2x2
CS -4,-4/2 temple -3,-4
JL -2,-1/12 temple -1,-2
SJ 3,-6/2 hut -4,5
CR 5,-2/6 huts 3,-3 4,-1
CJ -6,-2/8 hut -7,-2
SC 6,-2/2 huts -2,-2x2
RS 1,2/4 huts -3,2 1,3
JC 4,0/10 huts 4,-1x2 5,-3
JS -3,-2/2 tower -2,-3
SJ -2,-7/8 tower -2,-2
SJ -5,4/2 huts -4,4 2,2
JJ 6,1/10 huts 3,0x2
CJ -4,2/4 huts -3,2x2 1,1
JS -8,1/10 hut -9,1
JC 3,3/12 huts -4,3x2 3,2
RL 7,-5/6 huts 5,-1 6,-4
JR -8,-2/12 huts -7,-3 -7,-1
JS -11,2/12 huts -10,1 -8,0
JL -6,-3/4 huts -5,-3x2
JR 5,-2/4 huts 5,-1x2
RJ 7,1/4 temple -8,-3
CR -5,5/6 temple -11,1
LS -3,6/2 hut -6,6
""",
)

# O-TEAMS: a member completes two kinds while the partner has none done: no early win, the game
# goes on to the last tile.
TEAMS_TWO_KINDS_PARTNER_NONE = (
    "players=4 tiles=all found=isolated rank=off teams=on",
    """
RR 0,0/2 hut 1,-1
JC -1,0/8 hut -2,0
JS -3,0/12 hut -3,-1
CC 3,-2/8 hut -2,-1
LR 1,-3/4 huts 2,-2 2,-1
RC -4,1/4 huts -3,1 -2,1
RJ -5,0/4 hut -5,1
CS -4,1/2 huts -3,0x2
CJ -3,-3/4 temple 1,-2
JR -5,3/4 huts -3,1x2
JS -7,2/2 huts -6,2 -4,0
SJ 4,-3/2 hut -6,1
LL 0,-3/12 huts 1,0 2,-3
CJ 0,1/4 temple -4,2
SL 4,-5/4 temple -3,-2
CS 6,-6/4 hut -5,4
JC 0,-3/2 huts 1,-3x2 1,1
SJ -8,4/10 hut -9,4
SR 8,-5/10 hut -8,3
RJ -7,5/12 huts -6,4 -4,3
CJ 1,3/10 huts 0,2 1,-4x2 1,2
RS -1,-4/12 hut -7,4
JJ -5,-2/2 huts -4,-2 -2,-3
JS -7,6/2 temple -6,5
SC 0,1/12 temple 0,3
RL -6,-3/4 hut -6,-2
LJ -2,-2/2 huts -4,-3 -1,-3
SJ -5,6/12 huts -6,6 -5,5
JC 2,-6/8 huts 0,0x2 1,-5
CJ -5,-2/12 huts -5,-3x2
RC -2,-2/6 temple -3,-1
LS -5,3/6 huts -5,4x2 -4,5
SR -1,-4/2 huts 0,-4x2 1,0x2
SC -3,3/12 huts -3,2 -2,-1x2
SJ 1,-7/12 huts -4,-3x2
JC -2,-6/4 huts -6,4x2
CL -10,4/8 hut -11,4
JL 0,-1/10 huts -1,-2 -1,-1
SS 1,5/10 hut -11,5
CJ -1,6/6 hut -2,-5
LC 0,-3/12 tower 0,-4
JC -1,0/10 huts -1,-1x2 0,-2
JC -7,-2/10 hut -8,-2
JR -3,4/2 huts -2,0x2
JS -2,-7/12 tower 1,-4
CR -7,8/2 hut -7,-3
CR 7,-4/8 hut -6,7
JL -6,-5/8 hut -7,-5
""",
)

# O-TEAMS: seats 2 and 0 are eliminated: team 1 + 3 wins before the last tile.
TEAMS_LAST_TEAM = (
    "players=4 tiles=all found=isolated rank=off teams=on",
    """
LJ 0,0/6 hut -1,1
LR 0,2/6 hut -1,3
LL 0,4/2 hut 0,1
CS 1,0/12 hut 0,3
JC 1,0/10 huts 0,0x2
JL 2,1/4 hut 1,3
CR 1,-2/8 hut 0,-2
CS -2,4/8 hut -3,4
SS -1,-3/2 huts 1,-1x2
RC -2,1/8 hut -3,1
SJ -1,-1/10 huts -1,-2 0,-3
JC 4,-1/4 hut -3,2
JS -3,-2/2 temple 0,-1
SC 1,-3/12 hut -3,5
JS 6,-2/10 temple -2,-2
RL -4,1/12 hut -4,0
RJ 1,-2/10 huts 0,-2x2
JS 3,3/8 huts 2,2 2,3
SR -1,-3/4 huts -2,-3 -1,-2x2
RJ -6,1/12 huts -5,0 -3,0
SC -8,1/2 huts 0,-3x2 1,-3x2
CJ -3,-3/8 temple 1,4
JR -3,-2/12 huts -2,-3x2 -2,-1
CC -5,-2/10 temple -6,0
JR -9,1/10 huts 0,-4 2,-4
RS 0,6/2 huts 1,5 2,4
CJ -9,-2/4 huts -3,-3x2
SJ 7,-3/4 hut -10,1
SJ 3,-2/10 huts 1,-4 2,-1
SL 3,5/12 huts 3,1 3,4
JC -1,-4/10 huts -4,-3 -2,-4
LC 4,6/8 hut -9,-1
CJ 3,-6/8 huts 2,-5 2,-2
JJ 3,3/6 huts 2,4x2 4,0
SJ -1,-6/8 huts -4,-2 -2,-5 -1,-5
JC -11,0/12 huts -10,-1 -9,0 -8,-2
JS 1,-5/10 huts 0,-5 3,-3
CR 9,-3/12 huts 3,4x2
CL -1,-6/6 huts -5,-3 -2,-5x2
JC -9,-3/8 temple -11,-1
CJ 1,-8/8 hut -10,-3
JL 11,-4/12 hut -10,-2
RR 14,-7/6 -
LS -13,-1/2 hut -12,-2
JC 13,-4/10 -
""",
)

# O-TEAMS: seat 1 is eliminated; team 0 + 2 (4 temples) beats seat 3 alone (3 temples), though
# with seat 1's buildings team 1 + 3 would also have 4 temples, and a tower more.
TEAMS_ELIMINATED_COUNTS_FOR_NOBODY = (
    "players=4 tiles=all found=isolated rank=off teams=on",
    """
LC 0,0/8 hut -1,0
CJ 2,-2/8 hut -1,1
LS -1,2/4 hut -1,3
JS -2,-1/6 hut -3,0
JC -2,-3/6 hut -3,-2
SL 3,-1/10 hut -2,-2
JC 4,-3/4 hut -2,0
JL -3,-4/6 hut -4,-3
CJ -1,-5/6 hut -3,-3
SR -4,-2/6 hut -5,-1
SR -3,5/12 huts -2,4 0,2
LR -4,1/8 hut -5,1
RS -3,-4/4 huts -4,-1 -3,-3x2
SJ -4,-2/4 huts -4,-1x2
JR -7,0/4 temple -3,4
RC -6,2/10 huts -6,1 -5,2
RJ -8,3/6 huts -3,-2x2
JR -6,-2/6 huts -6,-1 -6,0
CS -10,5/4 hut -10,6
CJ -9,-1/4 temple -7,1
CC -8,-2/2 huts -2,-4x2
CS 6,-3/2 temple -7,-1
SJ -10,8/10 huts -10,7 -9,5
SS -5,-4/4 huts -5,-3 -4,-4
JS 0,-4/6 temple -1,-4
JC -4,-2/2 tower -3,-2
CJ 9,-6/8 temple -11,8
LJ 9,-4/8 temple -3,-3
CL -2,-3/4 huts -1,-3x2
CR 11,-8/8 huts -7,-2 -2,-2x2
LL -10,5/2 huts -9,5x2
RR -4,3/10 huts -5,3 -4,2
JJ 0,-2/6 huts -1,-1 0,-1
SJ -6,2/12 huts -8,-1 -6,1x2
RC 7,-7/2 huts -9,4x2
JC 0,4/12 temple -5,1
RL -9,8/2 temple 1,-2
JC -8,-2/6 huts -8,-1x2 -7,-3 -7,2
JL 0,0/10 huts -1,0x2
CR -4,1/6 huts -5,2x2
SC -11,1/4 huts 0,-1x2 1,-1
SJ -7,4/12 huts -9,-1x2 -7,3
SC 2,0/8 huts 0,3 1,1
JS -13,3/4 huts -4,2x2
CJ 2,-2/4 huts 2,-1x2
JC -2,3/10 -
RJ -1,2/8 huts -2,3x2 1,3
JS -7,5/2 huts -6,3 -6,4
""",
)

# O-TEAMS: seats 2, 3 and 0 are eliminated in that order; seat 1 is left.
TEAMS_LAST_PLAYER = (
    "players=4 tiles=all found=isolated rank=off teams=on",
    """
CR 0,0/12 hut 0,-1
CL 2,-1/2 hut 1,-1
CJ -1,2/12 hut -1,1
SR 0,2/6 hut -1,3
JC -1,0/10 hut -2,0
SJ -3,-1/2 hut -2,-2
JS -1,2/2 huts 0,1x2
SS -4,-2/4 huts 0,2x2
SJ -4,2/12 huts -3,1 -2,-1
JR -3,-1/10 huts -3,-2x2
JJ 2,0/8 huts 1,0 1,1
CJ -5,1/8 hut -6,1
LS 1,-3/8 temple -4,1
JC 1,4/8 huts -4,-1x2
RJ -1,0/4 temple -1,1
JR 1,3/12 huts 0,3 1,2
SC -3,-4/8 huts -1,-1 0,0x2
LC -6,-1/2 temple -5,-1
JC 2,-1/4 huts 2,0x2
SJ -2,5/4 temple 0,4
CS -3,3/12 huts -3,2 0,-2
CR -3,-3/2 huts -5,-2 -2,-3
CS 1,3/10 huts -2,2 1,2x2 3,-1x2
SC -3,4/2 huts -2,4 0,3x2
RC -4,2/2 temple -3,1
SL -3,-3/8 huts -4,-3x2
SR 5,-2/8 huts -3,2x2 4,-1
JL -3,3/2 huts -2,3x2 -1,5
JL -6,3/2 huts -5,2 0,-3
CJ -3,-3/6 tower -4,-2
CJ 2,-2/12 huts -2,2x2 3,-2
RL -3,3/12 tower -2,2
JS 5,-3/12 tower -3,2
RR -3,7/4 tower -3,-2
JC 3,1/2 huts 3,-3 4,0
RC -3,7/2 huts -2,6x2 0,5
SJ -5,4/2 huts -6,2 -5,3 -4,3
JC -8,4/12 hut -8,3
JS 5,-5/12 -
RJ -4,6/12 huts -3,5 -2,7x2
CC 1,-5/6 huts 0,-4 1,-4
JC -9,3/12 huts -8,2 -7,3
RS 0,7/10 huts -3,8 0,6
LL 1,-3/10 huts 0,-3x2 1,-4x2
CJ -5,10/2 temple -9,2
JS -7,5/10 -
LJ 5,0/2 -
""",
)


def load(game: tuple[str, str], turns: int | None = None) -> Game:
    """Replay the first ``turns`` turns (all by default) of a recorded game."""
    options, text = game
    lines = text.strip().splitlines()[:turns]
    return replay(lines, new_game(**Options.parse(options).to_dict()))
