"""Mogelei's expert: hard's count with its own profile; legal whole matches, decisions from its own
view only (the same when the others' unseen cards are dealt differently), and the habits it was
tuned for (it expects more bluffs than hard does, so it accuses more)."""

import random

import pytest

from games.mogelei.engine import Game
from games.mogelei.engine.bots import Bot, play_bots
from games.mogelei.engine.expert import PROFILE, ExpertBot

from .test_bots import decisions, reshuffled_hands


def table(players, seed):
    return {s: (ExpertBot(seed) if (s + seed) % 2 else Bot("hard", seed)) for s in range(players)}


@pytest.mark.parametrize("players", (3, 5, 8))
def test_experts_and_hard_bots_play_whole_matches_with_legal_actions_only(players):
    game = Game.new(players, players, games=1)
    play_bots(game, table(players, players))      # Bot.choose asserts every action is legal
    assert game.over


def test_the_expert_is_hard_with_its_tuned_profile_and_the_profile_changes_its_play():
    bot = ExpertBot(3)
    assert bot.level == "hard" and bot.p["bluff_prior"] == PROFILE["bluff_prior"]

    def actions(make):
        game = Game.new(4, 11, games=1)
        return [action for _, _, _, _, action in decisions(game, {s: make() for s in range(4)})]
    assert actions(lambda: ExpertBot(11)) != actions(lambda: Bot("hard", 11))


def test_the_expert_accuses_more_often_than_hard_and_hits_more_often():
    totals = {"expert": [0, 0, 0], "hard": [0, 0, 0]}      # turns, accusations, right ones
    for seed in range(40):
        bots = table(4, seed)
        stats = play_bots(Game.new(4, seed, games=1), bots)
        for seat, bot in bots.items():
            t = totals["expert" if isinstance(bot, ExpertBot) else "hard"]
            for i, key in enumerate(("turns", "accusations", "right")):
                t[i] += stats[seat][key]
    expert, hard = totals["expert"], totals["hard"]
    assert expert[1] / expert[0] > hard[1] / hard[0] + 0.1
    assert expert[2] / expert[1] > hard[2] / hard[1]


def test_the_experts_decision_depends_only_on_what_its_seat_sees():
    swapped = 0
    for seed in range(10):
        game = Game.new(5, seed, games=1)
        bots = table(5, seed)
        target = random.Random(seed).randrange(20, 90)
        for n, (seat, view, legal, before, action) in enumerate(decisions(game, bots)):
            if n < target or not isinstance(bots[seat], ExpertBot):
                continue
            other = reshuffled_hands(game, seat, random.Random(seed))
            hidden = [s for s in range(5) if s != seat and other.passes and other.passes[-1][s] is not None
                      and s not in other.up[-1]]
            if len(hidden) >= 2:
                last = other.passes[-1]
                last[hidden[0]], last[hidden[1]] = last[hidden[1]], last[hidden[0]]
            assert other.view(seat) == view and other.to_json() != game.to_json()
            assert bots[seat].choose(other.view(seat), other.legal_actions(seat), before) == action
            swapped += 1
            break
    assert swapped == 10
