"""Mogel Motte's card table, shared by its lessons and its practice game: presenting a seat's view, translating events and refusals.

The presenter knows the engine's ``view``/``legal_actions`` and nothing of games in the
database, bots or lessons. ``kind.py`` is Mogel Motte as a game kind of the shared practice
game (``mogel.games``, ``docs/platform.md``), with ``bots.py`` (its bots there) and
``lobby.py`` (its lobby fields); the table's shell around ``mogel_motte/table.html#body`` is the
platform's (``templates/play/table.html``).

Usage (a view)::

    from games.mogel_motte.table.present import present

    game.advance(now)
    context = present(
        game.view(seat), game.legal_actions(seat), names,   # names: one display name per seat
        action_url=reverse("tutorial:act", args=[...]),       # every button POSTs here
        version=len(game.log),                                # echoed back as POST "version"
        extra={"poll_url": ..., "poll_ms": 400,               # optional: the table polls itself (GET, version=…)
               "message": ..., "message_url": ...,            # optional: a refusal shown with role=alert
               "message_kind": "refusal" | "notice",
               "after_centre": "my/panel.html",               # optional: a template included under the piles
               "table_label": "…"},
        announce=new_events,       # optional: events (as the seat sees them) to read out via #announcer
        moved=new_events,          # optional: events to animate (default: announce), see games.mogel_motte.table.motion
    )
    if request.htmx:
        return render(request, "mogel_motte/table.html#table", context)   # the fragment: <section id="table">
    # on the page: {% include "mogel_motte/table.html#table" %}; in {% block head %} link
    # {% static 'table/cards.css' %}, {% static 'table/table.css' %} and {% static 'table/motion.css' %},
    # in {% block scripts %} {% static 'table/table.js' %} (Space slaps, windows count down) and
    # {% static 'table/motion.js' %} (moves fly, sounds); {% include "table/_sound.html" %} is the
    # page's sound toggle.

What a button posts: ``action`` in the engine's notation ("play 3", "draw", "keep", "slap",
"race 3", "hand 4", "catch 2") plus ``version``; a spider gift posts ``action="give <card>"``
and ``to=<seat>`` (join them: ``f"{action} {to}"``). Buttons target ``#table`` with
``outerHTML``; refusals may come back as 4xx (set htmx's ``responseHandling`` to swap 4xx, see
``templates/play/_head.html``). Other partials of ``mogel_motte/table.html``: ``seats``, ``centre``,
``controls``, ``hand``, ``log``.

Also:

* ``games.mogel_motte.table.events.describe(event, names, me) -> str`` – one translated sentence per
  engine event ("you" forms for ``me``); ``events.visible(event, seat)`` filters raw
  ``game.log`` entries like ``Game.view`` does.
* ``games.mogel_motte.table.refusals.explain(code, params) -> (message, rule_slug)`` for every
  ``IllegalAction`` code (``exc.code, exc.params``); ``refusals.rule_link(slug)`` is the
  rules-page URL or None while the rules page is missing.
* ``games.mogel_motte.table.present.card_svg(card, size)`` – cached ``{% card %}`` SVG; ``sort_key`` –
  the hand order (numbers, actions, moths; by value).
"""
