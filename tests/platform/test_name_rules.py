"""The rules every typed name goes through (mogel.play.name_rules): what is seen is what is
kept, and two names alike to the eye are alike to the table."""

import unicodedata

import pytest
from hypothesis import given, settings, strategies as st

from mogel.play.name_rules import INVISIBLE, MAX_LENGTH, NameRefused, clean, look_alike


@pytest.mark.parametrize("a,b", [
    ("Ann", "\u0410nn"),          # Cyrillic А
    ("Ann", "ANN"), ("Ann", "ａｎｎ"), ("Chloé", "Chloe"), ("Bea", "Be\u0301a"),
    ("Paul", "PauI"),             # capital I for small l
    ("Oscar", "0scar"), ("Emil", "Emi1"), ("Lucy", "Luc\u0443"), ("Mila", "Mil\u0430"),
    ("Ann Lee", "AnnLee"),
])
def test_names_that_look_the_same_are_alike(a, b):
    assert look_alike(a, b) and look_alike(b, a)


@pytest.mark.parametrize("a,b", [("Ann", "Anne"), ("Eli", "Ell"), ("Sam", "Sem"), ("Lotte", "Iotte"),
                                 ("Ben", "Bea"), ("Noor", "Noé"), ("李雷", "李明")])
def test_names_a_reader_tells_apart_are_not(a, b):
    assert not look_alike(a, b)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_a_kept_name_is_all_visible_short_and_stays_as_it_is(typed):
    try:
        name = clean(typed)
    except NameRefused as refused:
        assert refused.code in ("bad_name", "name_too_long", "name_reserved")
        return
    assert name and len(name) <= MAX_LENGTH and name == name.strip()
    assert not any(unicodedata.category(ch) in INVISIBLE for ch in name)
    assert clean(name) == name
