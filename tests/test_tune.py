"""The fitted evaluation weights (taluva.ai.weights, taluva.ai.tune): the shipped file is whole,
the strong and master levels play with it at their table size (intermediate and below keep
theirs), and the tuner's fit lowers the log-loss on a small fixed set of games."""

from __future__ import annotations

from taluva.ai.evaluate import DEFAULT, Weights
from taluva.ai.players import INTERMEDIATE, StrongConfig, level_config, level_weights
from taluva.ai.tune import fit, log_loss, play_game
from taluva.ai.weights import table, tuned
from taluva.rules.game import Game
from taluva.rules.options import Options


def test_the_weights_file_has_every_field_and_only_the_counts_that_differ_from_the_defaults() -> (
    None
):
    weights = table()
    assert sorted(weights) == [3]  # 2 and 4 players keep the defaults (docs/ai.md)
    for w in weights.values():
        assert isinstance(w, Weights) and len(w) == len(Weights._fields)
        assert all(isinstance(v, float) for v in w)
        assert w.temple > 0 and w.opponents > 0 and w.rival_softness >= 0
        assert w != DEFAULT  # the defaults live once, in evaluate.py
    # Two players keep the hand-set weights: the 2-player arena figures were measured with them.
    assert tuned(2) == DEFAULT and tuned(4) == DEFAULT


def test_writing_a_fit_equal_to_the_defaults_removes_the_entry(tmp_path, monkeypatch) -> None:
    import json
    import pickle

    import taluva.ai.tune as tune

    weights_file = tmp_path / "weights.json"
    shipped = tuned(3)._asdict()
    weights_file.write_text(json.dumps({"2": shipped, "3": shipped}))
    monkeypatch.setattr(tune, "__file__", str(tmp_path / "tune.py"))
    cache = tmp_path / "games.pkl"  # four copies of one game: nothing to play
    cache.write_bytes(pickle.dumps([play_game(2, 11)] * 4))
    argv = ["--players", "2", "--rounds", "0", "--write", "--cache", str(cache)]
    assert tune.main(argv) == 0  # --rounds 0: the fit is the defaults
    assert set(json.loads(weights_file.read_text())) == {"3"}


def test_strong_and_master_use_the_weights_fitted_for_their_table() -> None:
    for players in (2, 3, 4):
        game = Game(Options(players=players), seed=1)
        for level in ("strong", "master"):
            assert level_weights(game, level_config(level, game)) == tuned(players)
    teams = Game(Options(players=4, teams=True), seed=1)
    for level in ("strong", "master"):  # the fit is free-for-all
        assert level_weights(teams, level_config(level, teams)) == DEFAULT
    named = StrongConfig(weights=INTERMEDIATE)
    assert level_weights(Game(Options(players=3), seed=1), named) == INTERMEDIATE


def test_the_tuners_fit_lowers_the_log_loss_of_its_games() -> None:
    positions = play_game(2, 11)  # one game: a light test (the suite runs in Pyodide too)
    assert len(positions) > 10 and all(sum(p.result) == 1 for p in positions)

    def loss(w: Weights) -> float:
        return log_loss([p.sample(w) for p in positions])

    fitted = fit(lambda w: [loss(w)], DEFAULT, rounds=1)
    assert loss(fitted) < loss(DEFAULT)
    assert fitted != DEFAULT


def test_weights_are_read_at_import_not_on_first_use(monkeypatch) -> None:
    """A restored page snapshot has the imported modules but not the wheel's files: the table
    must already be in memory (the browser's snapshot route broke on this)."""
    import importlib

    import taluva.ai.weights as weights

    importlib.reload(weights)  # as the worker imports it before the snapshot: nothing cached yet

    def no_files(self, *args, **kwargs):
        raise FileNotFoundError(f"{self}: no files after a snapshot restore")

    monkeypatch.setattr(weights.Path, "read_text", no_files)
    assert set(weights.table()) == {3}
    assert weights.table()[3] == weights.tuned(3)
