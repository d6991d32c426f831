"""The baseline bot plays whole games from its own view."""

from games.mogel_motte.engine import Game
from games.mogel_motte.engine.bots import BaselineBot


def play_bots_only(players, seed, step_ms=300):
    game = Game.new(players, seed)
    bots = [BaselineBot(seed * 10 + s) for s in range(players)]
    now = 0
    for _ in range(10_000):
        if game.over:
            break
        now += step_ms
        game.advance(now)
        acted = False
        for seat in game.expected():
            action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
            if action is not None:
                game.apply(seat, action, now)
                acted = True
                break
        if not acted and game.next_deadline() is not None:
            now = max(now, game.next_deadline())
    return game


def test_baseline_bots_play_every_round_to_the_end():
    for players in (3, 4, 5):
        game = play_bots_only(players, seed=players)
        assert game.over and len(game.history) == players


def test_the_bot_sheds_its_costliest_card_and_gives_spider_gifts_to_the_leader(make):
    game = make([["2", "spider3", "4", "moth2"], ["1"], ["1", "1", "1"]], discard=["3"], guard=0)
    bot = BaselineBot()
    assert bot.choose(game.view(0), game.legal_actions(0)) == "play moth2", "the guard sheds the moth"
    game = make([["2", "spider3", "4", "moth2"], ["1"], ["1", "1", "1"]], discard=["4"], guard=2, turn=0)
    assert bot.choose(game.view(0), game.legal_actions(0)) == "play spider3"
    game.apply(0, "play spider3", 1)
    assert bot.choose(game.view(0), game.legal_actions(0)) == "give 4 1"


def test_the_bot_owes_nothing_when_only_cheats_are_legal(make):
    game = make([["2", "4"], ["1", "1"], ["1"]], discard=["3"])
    assert BaselineBot().choose(game.view(1), game.legal_actions(1)) is None
