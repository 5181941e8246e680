"""By-link links, measured (printed, not asserted): signatures, reading a link, link sizes.

``python -m taluva bench-bylink`` runs the same on CPython and in Pyodide (``make bench-bylink``),
so that the page's figures can be read beside the machine's (docs/formats.md, "By-link links").
"""

from __future__ import annotations

import platform
import random
import sys
import time
from collections.abc import Callable

from taluva.play import bylink
from taluva.play.bylink import ed25519, sign
from taluva.rules.game import BUILD, PLACE
from taluva.rules.options import Options


def honest_links(options: Options, seed: int = 1) -> list[str]:
    """Every link of one whole signed game with random moves, in the order they were sent."""
    rng = random.Random(seed)
    n = options.players
    link, secret = bylink.create(options, rng.randbytes(32), name="Ann")
    secrets, links = [secret], [link]
    for seat in range(1, n):
        link, secret = bylink.join(bylink.read_link(link), rng.randbytes(32), name=f"P{seat + 1}")
        secrets.append(secret)
        links.append(link)
    game = bylink.read_link(link)
    while game.stage != bylink.OVER_STAGE:
        seat = game.to_act
        assert seat is not None
        if game.confirming:
            links.append(bylink.confirm(game, secrets[seat]))
        else:
            turn = bylink.open_turn(game, secrets[seat])
            while turn.phase in (PLACE, BUILD):
                turn.play(turn.random_move(rng))
            links.append(bylink.hand_on(game, turn, secrets[seat]))
        game = bylink.read_link(links[-1])
    return links


def _ms(fn: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` calls, in milliseconds (the machine's noise only adds)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000.0


def _forget() -> None:
    bylink._read.cache_clear()
    sign.check.cache_clear()
    ed25519._key_table.cache_clear()


def run(repeat: int = 5, out: Callable[[str], None] = print) -> dict[str, float]:
    impl = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    out(f"by-link benchmark on {impl} {platform.python_version()} ({sys.platform})")
    seed = bytes(range(32))
    public, message = ed25519.public_key(seed), b"taluva" * 20
    signature = ed25519.sign(seed, message)
    figures = {
        "sign": _ms(lambda: ed25519.sign(seed, message), repeat * 4),
        "verify": _ms(lambda: ed25519.verify(public, message, signature), repeat * 4),
    }
    ed25519._key_table.cache_clear()

    def cold_verify() -> None:
        ed25519._key_table.cache_clear()
        ed25519.verify(public, message, signature)

    figures["verify, new key"] = _ms(cold_verify, repeat * 4)
    for name in ("sign", "verify", "verify, new key"):
        out(f"Ed25519 {name:<16}{figures[name]:8.2f} ms")
    for players in (2, 3, 4):
        links = honest_links(Options(players=players))
        final, before = links[-1], links[-2]
        turns = len(bylink.read_link(final).game.turns)

        def cold(text: str = final) -> None:
            _forget()
            bylink.read_link(text)

        def unsealed(text: str = final) -> None:
            _forget()
            bylink.read_link(text, check_seals=False)

        def after_kept(text: str = final, kept: str = before) -> None:
            _forget()
            bylink.read_link(kept)  # the device read the link before this one
            start = time.perf_counter()
            bylink.read_link(text)
            after_kept.ms = min(after_kept.ms, (time.perf_counter() - start) * 1000.0)  # type: ignore[attr-defined]

        after_kept.ms = float("inf")  # type: ignore[attr-defined]
        read_ms, plain_ms = _ms(cold, repeat), _ms(unsealed, repeat)
        _ms(after_kept, repeat)
        sizes = sorted(len(link) for link in links)
        figures[f"{players}p read"] = read_ms
        figures[f"{players}p read after kept"] = after_kept.ms  # type: ignore[attr-defined]
        figures[f"{players}p final length"] = len(final)
        out(
            f"{players} players, {turns} turns: reading the final link {read_ms:7.1f} ms"
            f" (of which the signatures {read_ms - plain_ms:5.1f}; after the link before it"
            f" {after_kept.ms:6.1f}); link length {sizes[0]}-{sizes[-1]}, final {len(final)}"  # type: ignore[attr-defined]
        )
    return figures
