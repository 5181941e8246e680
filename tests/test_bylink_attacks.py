"""A cheating player among honest ones, in signed by-link games of 2 to 4 players.

Each attack is made as a modified page would make it (tests/bylink_table.py's cheat signs its
own acts over what it changed); each is refused by the first honest device that sees the link,
as the page asks: the link read against the link that device kept (``compare``, with its seat),
then the link's own signatures. The refusal names who cheated and what was changed, and an
honest device never names its own seat.
"""

from __future__ import annotations

import random

import pytest

from bylink_table import (
    Table,
    confirm_unchecked,
    join_unchecked,
    played,
    puppet_entry,
    rebuilt,
    rewrite_turn,
    signed_as,
)
from taluva.play import bylink
from taluva.play.bylink import (
    ByLinkError,
    RecommitError,
    TamperedError,
    TwiceError,
    chain,
    fairdraw,
    protocol,
)
from taluva.play.bylink.fairdraw import chain_value, commitment
from taluva.rules.options import Options


def refusal(table: Table | str, seat: int, link: str, fresh_refuses: bool = True) -> ByLinkError:
    """What ``seat``'s honest device says of ``link`` (it must refuse it), as the page asks: the
    device kept the table's last link of its own, or the link given."""
    kept = bylink.read_link(table if isinstance(table, str) else table.kept[seat])
    with pytest.raises(ByLinkError) as caught:
        bylink.compare(kept, link, seat)
    if fresh_refuses:  # a device that kept nothing of the game (a fresh profile) refuses it too
        with pytest.raises(ByLinkError):
            bylink.read_link(link)
    return caught.value


@pytest.mark.parametrize(("players", "at"), [(3, 7), (4, 9), (3, 17), (4, 26)])
def test_a_relayer_who_rewrites_the_turn_before_its_own_is_named(players: int, at: int) -> None:
    """Seat ``cheat`` hands on a link in which the turn before its own (another seat's, which no
    device but the cheat has seen) is another legal turn: the next device names the cheat."""
    table = Table(Options(players=players, tiles="12"), at)
    table.play_to(at)
    cheat = table.last.to_act
    victim = table.last.game.turns[-1].seat
    forged = rewrite_turn(table, cheat, at - 1)
    following = (cheat + 1) % players
    error = refusal(table, following, forged)
    assert isinstance(error, TamperedError)
    assert error.facts["by"] == cheat and error.facts["seat"] == victim
    assert (error.facts["change"], error.facts["turn"]) == ("turn", at)


@pytest.mark.parametrize("players", [3, 4])
def test_a_rewrite_of_a_turn_the_next_device_kept_is_named_too(players: int) -> None:
    """An older turn (the next device's own, a round ago) rewritten: the device's kept copy
    says which turn differs, and its mover's signature that it was not the mover's doing."""
    table = Table(Options(players=players, tiles="12"), 40 + players)
    table.play_to(2 * players + 1)
    cheat = table.last.to_act
    following = (cheat + 1) % players
    target = len(table.last.game.turns) - players + 1  # the following seat's own last turn
    assert table.last.game.turns[target].seat == following
    error = refusal(table, following, rewrite_turn(table, cheat, target))
    assert isinstance(error, TamperedError)
    assert (error.facts["by"], error.facts["seat"], error.facts["turn"]) == (
        cheat,
        following,
        target + 1,
    )


@pytest.mark.parametrize("players", [3, 4])
def test_a_rewritten_turn_of_the_last_round_is_refused_naming_who_ended_the_game(
    players: int,
) -> None:
    """The last mover ends the game and sends the final link to everyone, with another seat's
    turn of the last round rewritten (which changed who won): every other device refuses it,
    naming the last mover. The last round is signed like every other."""
    # The game test_bylink plays to the end through links alone: played once.
    table = played(Options(players=players, tiles="12"), players - 1, 12 * players - 1)
    cheat = table.last.to_act
    assert cheat == players - 1
    for rewritten in (12 * players - players, 12 * players - 2):  # its first, the one before
        victim = table.last.game.turns[rewritten].seat
        forged = rewrite_turn(table, cheat, rewritten)
        assert bylink.read_link(forged, check_seals=False).game.phase == "over"
        for seat in range(players - 1):
            error = refusal(table, seat, forged)
            assert isinstance(error, TamperedError), error
            assert error.facts["by"] == cheat and error.facts["seat"] == victim
            assert error.facts["change"] == "turn" and error.facts["turn"] == (rewritten + 1)


@pytest.mark.parametrize(
    ("players", "cheat", "victim"), [(3, 2, 1), (4, 3, 2), (4, 2, 1), (4, 3, 1)]
)
def test_a_puppet_join_is_refused_before_anything_is_revealed(
    players: int, cheat: int, victim: int
) -> None:
    """A joiner puts a puppet of its own in an earlier joiner's place (the victim's name, the
    puppet's key and commitment, the puppet's joining signed by the puppet). On the way back the
    link reaches the victim, or a seat between them whose own signature no longer holds, before
    anyone but the last joiner has revealed a value: refused, naming the cheat."""
    rng = random.Random(players * 10 + cheat)
    table = Table(Options(players=players, tiles="12"), 70 + cheat)
    names = bylink.read_link(table.links[players - 1]).names
    puppet = rng.randbytes(32)  # the cheat's second secret
    made = bylink.join(bylink.read_link(table.links[victim - 1]), puppet, name=names[victim])[0]
    puppeted = bylink.read_link(made)
    real = bylink.read_link(table.links[cheat - 1])  # what the cheat was sent
    keys, tops = list(real.keys), list(real.commitments)
    keys[victim], tops[victim] = puppeted.keys[victim], puppeted.commitments[victim]
    seals = {**protocol._carried(real), victim: protocol._carried(puppeted)[victim]}
    base = rebuilt(real, keys=keys, commitments=tops, seals=seals)
    link = join_unchecked(base, table.secrets[cheat], names[cheat])
    for seat in range(cheat + 1, players):  # honest joiners after the cheat
        link = bylink.join(bylink.read_link(link), table.secrets[seat], name=names[seat])[0]
    game = bylink.read_link(link, check_seals=False)
    while game.confirming and game.to_act != victim:
        seat = game.to_act
        kept = table.links[seat]  # the seat's own joining
        if seat != cheat:  # an honest seat checks the table against what it kept
            try:
                bylink.compare(bylink.read_link(kept), link, seat)
            except TamperedError as error:
                assert (error.facts["by"], error.facts["seat"]) == (seat + 1, victim)
                assert seat + 1 == cheat
                break
        link = confirm_unchecked(game, table.secrets[seat])
        game = bylink.read_link(link, check_seals=False)
    else:
        assert game.to_act == victim
        error = refusal(table.links[victim], victim, link, fresh_refuses=False)
        assert isinstance(error, TamperedError), error
        assert (error.facts["by"], error.facts["seat"], error.facts["change"]) == (
            cheat,
            victim,
            "place",
        )
    assert all(entry is None for entry in game.revealed[: victim + 1])  # nothing revealed


def test_a_puppet_keeping_the_victims_commitment_cannot_sign_for_it() -> None:
    """A puppet that keeps the victim's commitment (so the draws still use the victim's values)
    and puts in its own key: the victim's device refuses it, even with nothing kept."""
    table = Table(Options(players=3, tiles="12"), 81)
    game = table.last
    rng = random.Random(1)
    puppet, key, _ = puppet_entry(rng, game.length)
    keys = list(game.keys)
    keys[1] = key
    forged = signed_as(
        rebuilt(game, keys=keys, seals={**protocol._carried(game)}), table.secrets[1]
    )
    with pytest.raises(ByLinkError):
        bylink.read_link(forged)
    with pytest.raises(TamperedError) as caught:
        protocol._own_seat(rebuilt(game, keys=keys), table.secrets[1], 1)
    assert caught.value.facts["change"] == "place" and caught.value.facts["seat"] == 1
    del puppet


@pytest.mark.parametrize("players", [2, 3])
def test_seat_0_who_recommits_after_seeing_the_values_is_refused(players: int) -> None:
    """Seat 0 sees every other seat's value for the first draw, tries chains of its own until
    the first tile suits it, and plays its first turn with that chain under its key: the next
    device refuses it as a re-commitment (with its kept link) or as seat 0 changing what the
    others signed (without)."""
    table = Table(Options(players=players, tiles="12"), 90 + players)
    game = table.last
    rng = random.Random(2)
    start = rng.randbytes(32)  # another chain: the grinding itself is beside the point
    top = commitment(start, game.length)
    commitments = [top, *game.commitments[1:]]
    grinder = rebuilt(game, commitments=commitments)
    values = grinder.values_for(0)
    values[0] = chain_value(start, game.length, 0)
    turn = grinder.game.copy()
    turn.draw(fairdraw.draw_tile(grinder.draw_id, 0, values, turn.unseen()))  # type: ignore[arg-type]
    while turn.phase in ("place", "build"):
        turn.play(turn.random_move(rng))
    depth = chain.reveal_after_turn(turn, 0, 0, game.length)
    revealed = [(depth, chain_value(start, game.length, depth)), *game.revealed[1:]]
    moves = [m for m in (turn.turns[0].placement, turn.turns[0].build) if m]
    forged = signed_as(
        rebuilt(game, commitments=commitments, revealed=revealed, moves=moves), table.secrets[0]
    )
    error = refusal(table, 1, forged)
    assert isinstance(error, RecommitError) and error.facts["seat"] == 0
    with pytest.raises(TamperedError) as caught:
        bylink.read_link(forged)
    assert caught.value.facts["by"] == 0 and caught.value.facts["change"] == "joined"


def test_swapped_names_are_refused_naming_who_swapped_them() -> None:
    table = Table(Options(players=3, tiles="12"), 100)
    table.play_to(4)
    cheat = table.last.to_act
    game = table.last
    names = list(game.names)
    names[0], names[2] = names[2], names[0]
    turn = bylink.open_turn(game, table.secrets[cheat])
    while turn.phase in ("place", "build"):
        turn.play(turn.random_move(random.Random(0)))
    honest = bylink.read_link(bylink.hand_on(game, turn, table.secrets[cheat]))
    forged = signed_as(rebuilt(honest, names=names), table.secrets[cheat])
    following = (cheat + 1) % 3
    error = refusal(table, following, forged)
    assert isinstance(error, TamperedError)
    assert (error.facts["by"], error.facts["change"], error.facts["seat"]) == (cheat, "name", 0)


def test_rebuilt_options_are_refused_not_taken_for_another_game() -> None:
    table = Table(Options(players=3, tiles="12"), 110)
    table.play_to(4)
    cheat = table.last.to_act
    game = table.last
    turn = bylink.open_turn(game, table.secrets[cheat])
    while turn.phase in ("place", "build"):
        turn.play(turn.random_move(random.Random(0)))
    honest = bylink.read_link(bylink.hand_on(game, turn, table.secrets[cheat]))
    options = Options(players=3, tiles="12", rank=not game.options.rank)
    forged = signed_as(rebuilt(honest, options=options), table.secrets[cheat])
    assert bylink.read_link(forged, check_seals=False).game_id == game.game_id
    error = refusal(table, (cheat + 1) % 3, forged)
    assert isinstance(error, TamperedError)
    assert (error.facts["by"], error.facts["change"]) == (cheat, "options")


@pytest.mark.parametrize("players", [3, 4])
def test_a_corrupted_signature_names_the_relayer_never_its_honest_owner(players: int) -> None:
    """A relayer hands on its link with the previous mover's signature corrupted. The next
    device names the relayer; the previous mover's own device, shown the link, says its
    signature was altered by the relayer and never blames itself."""
    table = Table(Options(players=players, tiles="12"), 120 + players)
    table.play_to(2 * players)
    owner = table.last.game.turns[-1].seat
    cheat = table.last.to_act
    turn = bylink.open_turn(table.last, table.secrets[cheat])
    while turn.phase in ("place", "build"):
        turn.play(turn.random_move(random.Random(0)))
    honest = bylink.read_link(bylink.hand_on(table.last, turn, table.secrets[cheat]))
    carried = protocol._carried(honest)
    seal, x = carried[owner]
    carried[owner] = (bytes([seal[0] ^ 1]) + seal[1:], x)
    forged = signed_as(rebuilt(honest, seals=carried), table.secrets[cheat])
    error = refusal(table, (cheat + 1) % players, forged)
    assert isinstance(error, TamperedError)
    assert (error.facts["by"], error.facts["seat"]) == (cheat, owner)
    own = refusal(table, owner, forged)
    assert isinstance(own, TamperedError)
    assert own.facts["by"] == cheat and own.facts["seat"] == owner
    assert own.facts["change"] == "seal"


def test_a_mover_who_sends_two_versions_of_its_turn_is_named() -> None:
    """A mover who hands on one turn, then another in its place (to another player): a device
    that kept the first refuses the second, naming the mover, who signed both."""
    table = Table(Options(players=3, tiles="12"), 130)
    table.play_to(3)
    game = table.last
    mover = game.to_act
    links = []
    for seed in (1, 2):
        turn = bylink.open_turn(game, table.secrets[mover])
        while turn.phase in ("place", "build"):
            turn.play(turn.random_move(random.Random(seed)))
        links.append(bylink.hand_on(game, turn, table.secrets[mover]))
    assert links[0] != links[1]
    with pytest.raises(TwiceError) as caught:
        bylink.compare(bylink.read_link(links[0]), links[1], (mover + 1) % 3)
    assert caught.value.facts == {"seat": mover, "turn": 4, "gameId": game.game_id}
