"""A practice table of this game started on a fixed position with fixed bot reflexes
(test_reflexes.py, test_pause.py)."""

from tests.platform.play_helpers import LOBBY


def fixed_table(settings, *, land_ms: int, grace_ms: int | None = None):
    """``make(client, scenario, profile, lang)``: a 3-player one-round game of ``scenario`` (a fixed
    position) with the bots' reflexes of ``profile``; returns its address and first page. The
    windows are long and the bots slow, so each test sets the moments that matter itself."""
    settings.MOGEL_BOT_PACE_MS = 1000
    settings.MOGEL_MOSQUITO_MS = 2500
    settings.MOGEL_COCKROACH_MS = 3000
    settings.MOGEL_ACT_MS = 2000
    settings.MOGEL_LAND_MS = land_ms
    settings.MOGEL_PLAY_SEED = 7
    if grace_ms is not None:
        settings.MOGEL_PAUSE_GRACE_MS = grace_ms

    def make(client, scenario, profile, lang="en"):
        settings.MOGEL_PLAY_SCENARIO = scenario
        settings.MOGEL_BOT_PROFILE = profile
        response = client.post(LOBBY[lang], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                             "ant_pile": "discard"})
        url = response.url
        return url, client.get(url).content.decode()

    return make
