"""The option kinds the ``racerlab`` subcommands share (``racerlab.cli_args``)."""

from __future__ import annotations

import argparse

from racerlab.cli import build_parser
from racerlab.cli_args import flag, repeatable


def _option(parser: argparse.ArgumentParser, command: str, name: str) -> argparse.Action:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return next(a for a in sub.choices[command]._actions if name in a.option_strings)


def test_a_flag_is_off_unless_given_and_says_what_it_does():
    p = argparse.ArgumentParser()
    flag(p, "--no-show", "do not open a browser")
    assert p.parse_args([]).no_show is False
    assert p.parse_args(["--no-show"]).no_show is True
    assert "do not open a browser" in p.format_help()


def test_a_repeatable_option_gathers_its_values_in_order():
    p = argparse.ArgumentParser()
    repeatable(p, "--option", "NAME=VALUE", "a rule option")
    assert p.parse_args([]).option == []
    assert p.parse_args(["--option", "a=1", "--option", "b=2"]).option == ["a=1", "b=2"]
    assert "--option NAME=VALUE" in p.format_help()


def test_the_subcommands_switches_and_repeatable_options_come_from_the_helpers():
    parser = build_parser()
    for command, name in [
        ("validate", "--provenance"),
        ("serve", "--no-show"),
        ("simulate", "--reshuffle-unseen"),
        ("simulate", "--no-progress"),
    ]:
        action = _option(parser, command, name)
        assert isinstance(action, argparse._StoreTrueAction), (command, name)
        assert action.default is False
    for command, name, metavar in [
        ("serve", "--allow-websocket-origin", "HOST[:PORT]"),
        ("simulate", "--option", "NAME=VALUE"),
    ]:
        action = _option(parser, command, name)
        assert isinstance(action, argparse._AppendAction), (command, name)
        assert action.default == [] and action.metavar == metavar
    args = parser.parse_args(["simulate", "coin-race", "--option", "x=1", "--no-progress"])
    assert args.option == ["x=1"] and args.no_progress and not args.reshuffle_unseen
