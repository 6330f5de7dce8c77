"""What the README promises about the project's own files holds: every file or folder it names exists,
and `make install` installs without starting the game."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

# Names the README uses for things that are made later or live elsewhere, not files of the checkout.
NOT_IN_THE_CHECKOUT = {"achievements.json", "errors.log", "dist/", "dist/cardarcade/"}
PATH = re.compile(r"^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]*)*\.(md|py|txt|sh|json|spec|cfg|toml)$"
                  r"|^[A-Za-z0-9_.-]+/([A-Za-z0-9_.-]+/)*$")


def named_paths(text: str) -> set[str]:
    return {t for t in re.findall(r"`([^`\s]+)`", text) if PATH.match(t)}


def test_every_file_the_readme_names_exists():
    missing = []
    for name in sorted(named_paths(README) - NOT_IN_THE_CHECKOUT):
        bare = name.rsplit("/", 1)[-1]
        where = [ROOT / name, ROOT / "cardgames" / name]
        if "/" not in name.rstrip("/"):   # a bare file name ("rules.py"): some game or folder has it
            where += list(ROOT.glob(f"cardgames/**/{bare}"))
        if not any(p.exists() for p in where):
            missing.append(name)
    assert missing == []


def test_the_check_catches_a_missing_file():
    assert named_paths("see `ARCHITECTURE.md` and `docs/` and `make test`") == {"ARCHITECTURE.md", "docs/"}


def test_make_install_installs_and_starts_nothing():
    run = subprocess.run(["make", "-n", "install"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert "main.py" not in run.stdout and "make install" in README
