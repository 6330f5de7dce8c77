"""The shell's screens: title, game select, pause overlay, rules viewer, settings, statistics.

Each module holds one Scene (see cardgames.engine.scene); `common` has the
pieces they share (backdrop, header, key hints, game tile) and `markdown`
renders the rules pages. Scenes import each other lazily, inside the action
that opens the next screen, so importing one screen never pulls in them all.
"""
