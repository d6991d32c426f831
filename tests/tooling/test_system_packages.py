"""make test's first step: install Chromium and PostgreSQL where it may, else say what to do."""

import subprocess

import pytest
import system_packages
from system_packages import Package


@pytest.fixture
def machine(monkeypatch):
    """A machine with chosen packages installed; apt-get installs for real only in `ran`."""
    class Machine:
        installed = {"python3-venv"}
        ran: list[list[str]] = []

    def present(name):
        return lambda: name in Machine.installed

    monkeypatch.setattr(system_packages, "PACKAGES", tuple(
        Package(p.name, p.tests, present(p.name)) for p in system_packages.PACKAGES))

    def run(command, **kwargs):
        Machine.ran.append(command)
        if command[-2:] != ["-q", "update"]:
            Machine.installed.update(command[command.index("-y") + 1:])
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(system_packages.subprocess, "run", run)
    monkeypatch.delenv(system_packages.ALLOW_SKIP, raising=False)
    return Machine


def test_nothing_is_done_or_said_when_both_are_installed(machine, capsys, monkeypatch):
    machine.installed |= {"chromium", "postgresql"}
    monkeypatch.setattr(system_packages, "as_root", lambda: pytest.fail("asked for root"))
    assert system_packages.install() == 0
    assert system_packages.report() == 0
    assert capsys.readouterr() == ("", "")


def test_as_root_it_installs_what_is_missing(machine, monkeypatch):
    machine.installed.add("chromium")
    monkeypatch.setattr(system_packages, "as_root", lambda: [])
    assert system_packages.install() == 0
    assert machine.ran == [
        ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-q", "update"],
        ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-q", "install", "-y", "postgresql"],
    ]
    assert system_packages.main(["has", "postgresql"]) == 0


def test_without_root_it_stops_with_one_line_saying_what_to_install(machine, capsys, monkeypatch):
    monkeypatch.setattr(system_packages, "as_root", lambda: None)
    assert system_packages.install() == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "`sudo apt-get install chromium postgresql`" in err and "make test ALLOW_SKIP=1" in err
    assert machine.ran == []


def test_asked_to_skip_it_goes_on_and_the_last_line_says_what_was_skipped(machine, capsys, monkeypatch):
    machine.installed.add("postgresql")
    monkeypatch.setattr(system_packages, "as_root", lambda: None)
    monkeypatch.setenv(system_packages.ALLOW_SKIP, "1")
    assert system_packages.install() == 0
    assert "the browser tests will be SKIPPED" in capsys.readouterr().out
    system_packages.report()
    assert capsys.readouterr().out == (
        "!!! make test was NOT A FULL RUN: it skipped the browser tests (chromium not installed). "
        "For a full run: sudo apt-get install chromium\n")


def test_a_failed_install_stops_the_tests(machine, capsys, monkeypatch):
    monkeypatch.setattr(system_packages, "as_root", lambda: ["sudo", "-n"])
    monkeypatch.setattr(system_packages.subprocess, "run",
                        lambda command, **kw: subprocess.CompletedProcess(command, 100))
    assert system_packages.install() == 1
    assert "apt-get could not install chromium postgresql" in capsys.readouterr().err


def test_without_python3_venv_nothing_can_run_so_it_is_never_skipped(machine, capsys, monkeypatch):
    machine.installed = {"chromium", "postgresql"}
    monkeypatch.setattr(system_packages, "as_root", lambda: None)
    monkeypatch.setenv(system_packages.ALLOW_SKIP, "1")
    assert system_packages.install() == 1
    err = capsys.readouterr().err
    assert "`sudo apt-get install python3-venv`." in err and "ALLOW_SKIP" not in err
