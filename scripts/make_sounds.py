"""Make the table's sounds: short, soft tones synthesised here and encoded as small MP3s.

    python scripts/make_sounds.py [OUT_DIR]      # default: each sound where it is served from

The table's shared sounds go to ``mogel/table/static/table/sounds``, Mogel Motte's own
(mosquito, cockroach, slap) to ``games/mogel_motte/static/mogel_motte/sounds``.

Needs Debian's ``lame`` (``apt-get install lame``) for this step only; the MP3s are
committed, so neither the site nor its tests need it. MP3 because every browser a family
uses plays it (Chromium, Firefox, Safari on iPhones). Mono, 22.05 kHz, 32 kbit/s: each file
stays under 10 KB. Every sound is quiet (peak about a third of full scale) and starts and
ends softly, so nothing clicks or startles.
"""

from __future__ import annotations

import math
import random
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 22050
PEAK = 0.35
ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT / "mogel/table/static/table/sounds"
MOGEL_MOTTE = ROOT / "games/mogel_motte/static/mogel_motte/sounds"
OWN = {"mosquito": MOGEL_MOTTE, "cockroach": MOGEL_MOTTE, "slap": MOGEL_MOTTE}


def envelope(i: int, n: int, attack: float = 0.01, release: float = 0.6) -> float:
    """Fade in over ``attack`` seconds; fade out exponentially over the last ``release`` share."""
    t = i / RATE
    a = min(1.0, t / attack) if attack else 1.0
    tail = n * (1 - release)
    r = 1.0 if i < tail else math.exp(-5 * (i - tail) / max(1, n - tail))
    return a * r


def tone(freq: float, seconds: float, *, shape: str = "sine", attack: float = 0.01, release: float = 0.7,
         vibrato: float = 0.0, tremolo: float = 0.0) -> list[float]:
    n = int(seconds * RATE)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        f = freq * (1 + vibrato * math.sin(2 * math.pi * 23 * t))
        phase += 2 * math.pi * f / RATE
        if shape == "sine":
            v = math.sin(phase)
        elif shape == "soft":  # a sine with a little second and third harmonic: a mallet
            v = 0.8 * math.sin(phase) + 0.15 * math.sin(2 * phase) + 0.05 * math.sin(3 * phase)
        else:  # "buzz": a few odd harmonics, a gentle square
            v = sum(math.sin(k * phase) / k for k in (1, 3, 5, 7)) * 0.8
        if tremolo:
            v *= 1 - tremolo * (0.5 + 0.5 * math.sin(2 * math.pi * 31 * t))
        out.append(v * envelope(i, n, attack, release))
    return out


def noise(seconds: float, *, smooth: int = 6, seed: int = 1, release: float = 0.9) -> list[float]:
    """Low-passed noise (a moving average): a soft thump or rustle rather than a hiss."""
    rng = random.Random(seed)
    n = int(seconds * RATE)
    raw = [rng.uniform(-1, 1) for _ in range(n + smooth)]
    out = []
    acc = sum(raw[:smooth])
    for i in range(n):
        acc += raw[i + smooth] - raw[i]
        out.append(acc / smooth * 2 * envelope(i, n, 0.002, release))
    return out


def mix(length: float, *parts: tuple[float, list[float], float]) -> list[float]:
    """Lay ``(start seconds, samples, gain)`` parts on one track."""
    out = [0.0] * int(length * RATE)
    for start, samples, gain in parts:
        s = int(start * RATE)
        for i, v in enumerate(samples[: max(0, len(out) - s)]):
            out[s + i] += v * gain
    return out


def normalise(samples: list[float], peak: float = PEAK) -> list[float]:
    top = max(abs(v) for v in samples) or 1.0
    return [v / top * peak for v in samples]


def sounds() -> dict[str, list[float]]:
    return {
        # Your turn: two soft rising mallet notes (E5, A5).
        "turn": mix(0.45, (0, tone(659, 0.22, shape="soft"), 1), (0.12, tone(880, 0.33, shape="soft"), 0.9)),
        # A mosquito: a thin buzz that wobbles, swelling and fading.
        "mosquito": mix(0.5, (0, tone(560, 0.5, shape="buzz", attack=0.12, release=0.5, vibrato=0.03,
                                       tremolo=0.4), 1)),
        # A cockroach: quick little scuttling ticks.
        "cockroach": mix(0.42, *((i * 0.045, noise(0.03, smooth=3, seed=i), 1 - i * 0.06) for i in range(9))),
        # A slap: a soft low thump.
        "slap": mix(0.18, (0, noise(0.16, smooth=14, seed=7, release=0.95), 1), (0, tone(110, 0.16, release=0.9), 0.8)),
        # Caught!: two bright quick notes, the second higher (G5, D6).
        "caught": mix(0.42, (0, tone(784, 0.14, shape="soft", release=0.5), 1),
                      (0.11, tone(1175, 0.3, shape="soft"), 0.9)),
        # End of a round: a gentle falling-then-rising phrase (C5 G4 C5).
        "round": mix(0.75, (0, tone(523, 0.25, shape="soft"), 1), (0.18, tone(392, 0.25, shape="soft"), 0.9),
                     (0.36, tone(523, 0.39, shape="soft"), 1)),
        # A lesson completed: a rising arpeggio (C5 E5 G5 C6) with a soft sparkle.
        "celebrate": mix(0.9, (0, tone(523, 0.3, shape="soft"), 1), (0.1, tone(659, 0.3, shape="soft"), 0.9),
                         (0.2, tone(784, 0.3, shape="soft"), 0.9), (0.3, tone(1047, 0.6, shape="soft"), 1),
                         (0.3, tone(2093, 0.4, release=0.9), 0.15)),
    }


def write_wav(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(int(max(-1, min(1, v)) * 32767).to_bytes(2, "little", signed=True)
                               for v in samples))


def main(out: Path | None = None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name, samples in sounds().items():
            wav = Path(tmp) / f"{name}.wav"
            write_wav(wav, normalise(samples))
            folder = out or OWN.get(name, SHARED)
            folder.mkdir(parents=True, exist_ok=True)
            mp3 = folder / f"{name}.mp3"
            subprocess.run(["lame", "--quiet", "-m", "m", "--resample", "22.05", "-b", "32", "--noreplaygain",
                            str(wav), str(mp3)], check=True)
            print(f"{mp3.name}: {mp3.stat().st_size} bytes")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
