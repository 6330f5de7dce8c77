# The two set-up commands: `make play` and `make test`. Both create .venv first.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
PYTHON := $(BIN)/python
STAMP := $(VENV)/.installed

.PHONY: install play test bench monkey assets exe lint clean translations mo redis cluster-soak

$(STAMP): requirements.txt requirements-dev.txt
	@command -v $(PY) >/dev/null 2>&1 || { echo "make: $(PY) not found; run 'make PY=python3 ...'" >&2; exit 1; }
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP) mo

play: $(STAMP) mo
	$(PYTHON) main.py $(ARGS)

test: $(STAMP) mo redis
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PYTHON) -m pytest -q $(PYTEST_ARGS)

# The scale-out tests start their own redis-server (tests/redis_fixture.py: a free loopback port, never the
# system's service). Where it is missing, Debian's package is installed (root, or sudo without a password):
# the distribution's maintained Redis, the binary an operator runs (README "Run a server").
redis:
	@command -v redis-server >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then SUDO=; \
	  elif command -v apt-get >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; \
	  else echo "make: redis-server not found; install Redis (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis)" >&2; exit 1; fi; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q redis-server || \
	  { $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q redis-server; }; }

# The scale-out tests at full size: 200 bot tables over three processes, 20 SIGKILLs (make test runs 8 and 3)
cluster-soak: $(STAMP) redis
	CARDGAMES_CLUSTER_TABLES=$(or $(TABLES),200) CARDGAMES_CLUSTER_KILLS=$(or $(KILLS),20) \
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PYTHON) -m pytest -q -p no:cacheprovider tests/test_net_cluster.py -k killed

bench: $(STAMP) redis
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PYTHON) -m cardgames.bench $(ARGS)

# 200,000 frames of random input through every scene, then 200 kills of the real app at random moments
monkey: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PYTHON) -m cardgames.monkey --frames $(or $(FRAMES),200000) $(ARGS)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy CARDGAMES_KILLS=$(or $(KILLS),200) $(PYTHON) -m pytest -q -s tests/test_kill_resume.py

assets: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PYTHON) tools/make_assets.py

exe: $(STAMP) mo
	$(BIN)/pyinstaller --noconfirm --clean cardgames.spec

# The languages (cardgames/i18n.py). Text drawn by these calls is a message without marking;
# `_`, `N_` and `ngettext` mark the rest. `make translations`: extract every message to the .pot,
# merge it into each language's .po (the sources, edited by hand; lines wrapped at 100), compile the .mo files.
LOCALE := cardgames/locale
BABEL := $(PYTHON) -m babel.messages.frontend -q
LANGS := ta te kn
KEYWORDS := -k _ -k N_ -k tr -k ngettext:1,2 -k draw_text:2 -k text_surface:1 -k draw_header:2 -k draw_hints:2 \
	-k draw_wrapped:2 -k wrap_lines:1 -k draw_prompt:3 -k Button:2 -k Label:2 -k Cycler:2 -k Slider:2 -k push:1 -k Figure:2 \
	-k said -k said_n:1,2 -k pop_text:1 -k pgettext:1c,2 -k IllegalAction:1 -k said_en -k said_en_n:1,2
POS := $(foreach l,$(LANGS),$(LOCALE)/$(l)/LC_MESSAGES/cardgames.po)
MOS := $(POS:.po=.mo)

translations: $(STAMP)
	$(BABEL) extract -F babel.cfg --no-location --sort-output -w 100 --project "Card Arcade" $(KEYWORDS) -o $(LOCALE)/cardgames.pot cardgames levels
	for l in $(LANGS); do $(BABEL) update --init-missing --no-fuzzy-matching -w 100 -D cardgames \
		-i $(LOCALE)/cardgames.pot -d $(LOCALE) -l $$l || exit 1; done
	$(MAKE) mo

mo: $(MOS)

$(LOCALE)/%/LC_MESSAGES/cardgames.mo: $(LOCALE)/%/LC_MESSAGES/cardgames.po $(STAMP)
	$(BABEL) compile --use-fuzzy -D cardgames -d $(LOCALE) -l $*

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf build dist
