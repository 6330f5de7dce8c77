"""Pure Python shared by every game's rules and AI. Never imports pygame."""
