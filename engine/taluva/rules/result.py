"""How a game ends and who takes which place (R-ELIM-2, R-END, O-RANK, O-TEAMS).

>>> places_from_order([[2], [0, 1], [3]])
[2, 2, 1, 4]
"""

from __future__ import annotations

from dataclasses import dataclass

from taluva.rules.reasons import RESULTS

EARLY_VICTORY = "early-victory"  # R-END-1, or the team condition of O-TEAMS
LAST_TILE = "last-tile"  # R-END-2
LAST_STANDING = "last-player-standing"  # R-ELIM-2 (and O-RANK when one player is left)
LAST_TEAM = "last-team-standing"  # O-TEAMS: the other team has both members eliminated

# The English sentence of each ending, from the one registry of codes (taluva.rules.reasons).
REASON_TEXT = {code: entry.template for code, entry in RESULTS.items()}


@dataclass(frozen=True)
class Result:
    """The end of a game: why, each seat's place (1 = best, ties share), and the winners."""

    reason: str
    places: tuple[int, ...]
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        """``reason`` is the code (message ``result.<reason>``), repeated as ``code`` beside the
        ``rule`` and ``args`` (none: who won is ``winners`` and ``places``), as in a reason."""
        return {
            "reason": self.reason,
            "rule": RESULTS[self.reason].rule,
            "code": self.reason,
            "args": {},
            "text": REASON_TEXT[self.reason],
            "places": list(self.places),
            "winners": list(self.winners),
        }


Score = tuple[int, int, int]  # temples built, towers built, huts built (R-END-2 order)


def places_from_order(groups: list[list[int]]) -> list[int]:
    """Seats listed best group first (a group shares a place) -> place of each seat."""
    n = sum(len(g) for g in groups)
    places = [0] * n
    taken = 0
    for group in groups:
        for seat in group:
            places[seat] = taken + 1
        taken += len(group)
    return places


def rank_by_score(seats: list[int], scores: list[Score]) -> list[list[int]]:
    """Group seats by R-END-2 score, best first; equal scores share a place."""
    groups: list[list[int]] = []
    for seat in sorted(seats, key=lambda s: scores[s], reverse=True):
        if groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def player_result(
    reason: str,
    finished: list[int],
    playing: list[int],
    eliminated: list[int],
    scores: list[Score],
) -> Result:
    """Places when each player plays for themselves.

    ``finished`` are the players who completed two kinds, in order (the early winner, or
    O-RANK's leavers); they take the best places. The players still in share the places
    between by R-END-2; the eliminated take the last places, first eliminated last.
    """
    groups = [[s] for s in finished] + rank_by_score(playing, scores)
    groups += [[s] for s in reversed(eliminated)]
    places = places_from_order(groups)
    winners = tuple(s for s in range(len(places)) if places[s] == 1 and s not in eliminated)
    return Result(reason, tuple(places), winners)


def team_result(
    reason: str,
    winner_team: int | None,
    eliminated: list[int],
    scores: list[Score],
    players: int,
) -> Result:
    """Places in the 4-player team game (O-TEAMS): seats 0 and 2 against 1 and 3.

    With no early or last-team winner, the members' buildings are added up, an eliminated
    member's counting for nobody, and compared as in R-END-2; a team with both members
    eliminated has lost.
    """
    if winner_team is None:
        totals = []
        for team in (0, 1):
            members = [s for s in range(team, players, 2) if s not in eliminated]
            totals.append(
                tuple(sum(scores[s][i] for s in members) for i in range(3)) if members else None
            )
        if totals[0] is None or (totals[1] is not None and totals[1] > totals[0]):
            winner_team = 1
        elif totals[1] is None or totals[0] > totals[1]:
            winner_team = 0
    places = tuple(1 if winner_team is None or s % 2 == winner_team else 2 for s in range(players))
    winners = tuple(s for s in range(players) if places[s] == 1)
    return Result(reason, places, winners)
