"""Game options: player count and the editions' differences (RULES.md section O).

>>> Options.parse("players=3 found=any")
Options(players=3, tiles='12', found='any', rank=False, teams=False)
>>> Options(players=2, tiles='all').format()
'players=2 tiles=all found=isolated rank=off teams=off'
>>> Options(players=4, tiles='24').tile_count
Traceback (most recent call last):
...
taluva.rules.errors.OptionsError: O-TILES: 18 or 24 tiles per player are for 2 players only
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from taluva.rules.errors import OptionsError
from taluva.rules.tiles import FULL_SET

TILES_VALUES = ("12", "18", "24", "all")
FOUND_VALUES = ("isolated", "any")


@dataclass(frozen=True)
class Options:
    """Everything that is fixed when a game starts, with the defaults of RULES.md."""

    players: int = 2
    tiles: str = "12"  # O-TILES: tiles per player, or "all" 48
    found: str = "isolated"  # O-FOUND
    rank: bool = False  # O-RANK
    teams: bool = False  # O-TEAMS

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise OptionsError(f"R-MAT-1: 2 to 4 players, not {self.players!r}", rule="R-MAT-1")
        if self.tiles not in TILES_VALUES:
            raise OptionsError(
                f"O-TILES: tiles must be one of {', '.join(TILES_VALUES)}", rule="O-TILES"
            )
        if self.tiles in ("18", "24") and self.players != 2:
            raise OptionsError(
                "O-TILES: 18 or 24 tiles per player are for 2 players only", rule="O-TILES"
            )
        if self.found not in FOUND_VALUES:
            raise OptionsError(
                f"O-FOUND: found must be one of {', '.join(FOUND_VALUES)}", rule="O-FOUND"
            )
        if self.teams and self.players != 4:
            raise OptionsError("O-TEAMS: the team variant is for 4 players only", rule="O-TEAMS")
        if self.teams and self.rank:
            raise OptionsError(
                "O-TEAMS and O-RANK cannot be combined: ranks are per player", rule="O-TEAMS"
            )

    @property
    def tile_count(self) -> int:
        """How many tiles are in play (O-TILES, R-SETUP-1)."""
        self.__post_init__()
        return len(FULL_SET) if self.tiles == "all" else int(self.tiles) * self.players

    def format(self) -> str:
        """The options as ``key=value`` words; :meth:`parse` reads them back."""
        words = []
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool):
                value = "on" if value else "off"
            words.append(f"{f.name}={value}")
        return " ".join(words)

    @classmethod
    def parse(cls, text: str) -> Options:
        """Read ``key=value`` words; unknown keys and bad values raise :class:`OptionsError`."""
        values: dict[str, object] = {}
        for word in text.split():
            key, sep, value = word.partition("=")
            if not sep:
                raise OptionsError(f"option {word!r} is not key=value")
            values[key] = value
        return cls.from_dict(values)

    @classmethod
    def from_dict(cls, values: dict[str, object]) -> Options:
        """Build options from a JSON-like mapping; strings are accepted for every value."""
        known = {f.name for f in fields(cls)}
        kwargs: dict[str, object] = {}
        for key, value in values.items():
            if key not in known:
                raise OptionsError(f"unknown option {key!r} (known: {', '.join(sorted(known))})")
            if key == "players":
                try:
                    value = int(value)  # type: ignore[call-overload]
                except (TypeError, ValueError, OverflowError):
                    raise OptionsError(
                        f"R-MAT-1: players must be 2, 3 or 4, not {value!r}", rule="R-MAT-1"
                    ) from None
            elif key in ("rank", "teams"):
                value = _parse_switch(key, value)
            else:
                value = str(value)
            kwargs[key] = value
        return cls(**kwargs)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _parse_switch(key: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("on", "true", "1", "yes"):
        return True
    if value in ("off", "false", "0", "no"):
        return False
    raise OptionsError(
        f"O-{key.upper()}: {key} must be on or off, not {value!r}", rule=f"O-{key.upper()}"
    )
