"""A game's table: pure Python (never pygame), the one authority over a game.

    games.py     what the table knows of each game: its rules and AI, the types its
                 observations and events may hold (the codec's whitelist), its rounds
    codec.py     a game's Observation and Event values to plain data and back, by type
    messages.py  the one message schema (msgspec): Intent, Update, Public, Refusal, ...;
                 encode / decode to bytes, WireError for anything else
    seats.py     who sits where: a human here, a human elsewhere, a computer and its level
    pace.py      when a computer acts and how long a "last card" catch window lasts
    table.py     Table: the State, intents in, updates out, the computers on the table's clock,
                 history and fair undo, the record (options, seed, seats, actions)
    updates.py   the update of one seat (or a spectator) from what that seat may know
    handles.py   a view's line to its table: in-process (objects) or wire (bytes)
    bench.py     an update through the wire handle (µs), a table's memory (`python -m cardgames.table.bench`)
"""
