"""The round summary's line about the Guard Bug speaks of the next round in every language: the
log just above it may end "Emil holds the Guard Bug now" (a Caught! in the round just over), so
a line saying "Lotte gets the Guard Bug" without naming the next round read as a contradiction."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation

# Each language's word for the next round (docs/glossary.md: round).
NEXT_ROUND = {"en": "Next round:", "de": "Nächste Runde:", "fr": "Manche suivante :",
              "nl": "Volgende ronde:", "it": "Prossimo giro:"}
SUMMARY = {"round": 1, "rows": [], "out": "Emil", "repeated": False, "next_guard": "Lotte",
           "next_guard_is_me": False}


def guard_line(lang, **summary):
    with translation.override(lang):
        html = render_to_string("mogel_motte/summary.html", {"summary": {**SUMMARY, **summary}})
    return html.split('class="summary__guard">')[1].split("</p>")[0]


@pytest.mark.parametrize("lang", sorted(NEXT_ROUND))
@pytest.mark.parametrize("is_me", [False, True], ids=["other", "me"])
def test_the_guard_line_names_the_next_round(lang, is_me):
    line = guard_line(lang, next_guard_is_me=is_me)
    assert line.startswith(NEXT_ROUND[lang])
    assert ("Lotte" in line) is not is_me


def test_the_german_line_no_longer_says_lotte_gets_it_now():
    assert guard_line("de") == "Nächste Runde: Lotte hat die Wächter-Wanze und fängt an."
