"""Networked play (docs/protocol.md): one authoritative server hosts many tables; players join
from their own terminals with a code.

The server half: `wire` (the messages, read strictly) and `framing` (reading a client's lines),
`codes` (join codes and the rate limit on wrong ones), `tables` (a table: a journaled
LocalSession, its codes and who is connected), `lobby` (the tables of a server, found by their
codes), `store` (the server's data folder), `requests` (a request applied to a table), `robots`
(the computer seats), `timer` (the server's clock and waits, faked in tests), `server` (the
asyncio server) and `commands` (`tilegames serve` and `host`).
The client half is `remote_session` and `client_*`.

The package imports core and games, never the UI: a server runs without Textual.
"""
