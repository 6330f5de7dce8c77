"""Play across computers: a table server and a view's line to it (issue 25).

    config.py   the server's settings and limits (one place), the rate limit of a line
    rooms.py    Room: one Table by its room code, its seats (open, player, computer), its clock
                on the event loop, a dropped player's grace and a computer taking over
    server.py   Server: the WebSocket lines, their limits and errors; ServerThread; the
                `python -m cardgames.server` command
    client.py   NetHandle: a view's line to a table on a server (LocalHandle's interface), the
                websocket client in a thread of its own
    loop.py     the event loop a server process runs on (uvloop where installed)
    bots.py     a headless player (the tests and the bench)
    bench.py    server CPU per action and intent-to-update latency with bot clients on loopback

The messages are the table's (cardgames/table/messages.py) and the handshake's
(cardgames/table/lobby.py). Nothing here imports pygame.
"""
