# The two set-up commands: `make play` and `make test`. Both create .venv first.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
PYTHON := $(BIN)/python
STAMP := $(VENV)/.installed

.PHONY: play test bench monkey assets exe lint clean

$(STAMP): requirements.txt requirements-dev.txt
	@command -v $(PY) >/dev/null 2>&1 || { echo "make: $(PY) not found; run 'make PY=python3 ...'" >&2; exit 1; }
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $(STAMP)

play: $(STAMP)
	$(PYTHON) main.py $(ARGS)

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PYTHON) -m pytest -q $(PYTEST_ARGS)

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PYTHON) -m cardgames.bench $(ARGS)

# 200,000 frames of random input through every scene, then 200 kills of the real app at random moments
monkey: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PYTHON) -m cardgames.monkey --frames $(or $(FRAMES),200000) $(ARGS)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy CARDGAMES_KILLS=$(or $(KILLS),200) $(PYTHON) -m pytest -q -s tests/test_kill_resume.py

assets: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PYTHON) tools/make_assets.py

exe: $(STAMP)
	$(BIN)/pyinstaller --noconfirm --clean cardgames.spec

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf build dist
