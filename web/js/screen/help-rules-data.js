// Written from engine/taluva/play/help.py (the lesson's steps, their rule ids): do not edit;
// `HELP_WRITE=1 .venv/bin/python -m pytest tests/test_help.py` writes it again.

export const HELP_RULES = [
  { section: "help.place" },
  {
    text: "help.rule.first",
    rules: "R-TILE-1",
    ids: ["R-TILE-1", "R-MAT-2", "R-MAT-3"],
    picture: "first-tile",
  },
  {
    text: "help.rule.beside",
    rules: "R-TILE-2",
    ids: ["R-TILE-2", "R-TURN"],
    picture: "beside",
  },
  {
    text: "help.rule.erupt",
    rules: "R-TILE-3a–3c, 3e",
    ids: ["R-TILE-3a", "R-TILE-3b", "R-TILE-3e", "R-TILE-3c", "R-TILE-3"],
    picture: "volcanoes",
  },
  {
    text: "help.rule.bury",
    rules: "R-TILE-3d, 3f, 3g",
    ids: ["R-TILE-3d", "R-TILE-3f", "R-TILE-3g"],
    picture: "whole",
  },
  { section: "help.build" },
  {
    text: "help.rule.found",
    rules: "R-BUILD-1, O-FOUND",
    ids: ["R-BUILD-1", "O-FOUND", "R-BUILD-0", "R-BUILD"],
    picture: "found",
  },
  {
    text: "help.rule.expand",
    rules: "R-BUILD-2",
    ids: ["R-BUILD-2"],
    picture: "expand",
  },
  {
    text: "help.rule.temple",
    rules: "R-BUILD-3",
    ids: ["R-BUILD-3"],
    picture: "temple",
  },
  {
    text: "help.rule.tower",
    rules: "R-BUILD-4",
    ids: ["R-BUILD-4"],
    picture: "tower",
  },
  {
    text: "help.rule.one-each",
    rules: "R-BUILD-5",
    ids: ["R-BUILD-5", "R-BUILD-6"],
    picture: "one-each",
  },
  { section: "help.win" },
  {
    text: "help.rule.early",
    rules: "R-END-1",
    ids: ["R-END-1", "R-END", "O-RANK"],
    picture: "win",
  },
  {
    text: "help.rule.out",
    rules: "R-ELIM-1, R-ELIM-2",
    ids: ["R-ELIM-1", "R-ELIM-2", "R-ELIM"],
    picture: "elimination",
  },
  {
    text: "help.rule.end",
    rules: "R-END-2",
    ids: ["R-END-2"],
    picture: "last-tile",
  },
];
