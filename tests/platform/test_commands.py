import sys
import types
from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_loadcontent_calls_each_apps_content_loader_and_is_repeatable(monkeypatch):
    calls = []
    fake = types.ModuleType("tutorial.content")
    fake.load = lambda: calls.append(1) or "3 lessons"
    monkeypatch.setitem(sys.modules, "tutorial.content", fake)

    for _ in range(2):
        out = StringIO()
        call_command("loadcontent", stdout=out)
        assert "tutorial: 3 lessons" in out.getvalue()
    assert len(calls) == 2
