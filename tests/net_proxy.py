"""A fault-injecting TCP proxy for the network tests (loopback only): between a client and the
server it passes the bytes on `delay` seconds late, in small pieces (`split`: a WebSocket frame
arrives in many TCP reads; `piece_delay` seconds apart), and cut() ends every connection through it at once (a cable
pulled: no close handshake)."""
from __future__ import annotations

import asyncio
import threading


class Proxy:
    def __init__(self, target_port: int, split: int = 0, delay: float = 0.0, piece_delay: float = 0.0) -> None:
        self.target_port, self.split, self.delay, self.piece_delay = target_port, split, delay, piece_delay
        self.port = 0
        self._writers: set[asyncio.StreamWriter] = set()
        self._ready = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="proxy", daemon=True)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Proxy:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(10)
        return self

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        self._writers |= {writer, up_writer}
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                if self.delay:
                    await asyncio.sleep(self.delay)
                step = self.split or len(data)
                for i in range(0, len(data), step):
                    if self.piece_delay and i:
                        await asyncio.sleep(self.piece_delay)
                    writer.write(data[i:i + step])
                    await writer.drain()
        finally:
            self._writers.discard(writer)
            writer.transport.abort()

    def cut(self) -> None:
        """Every connection through the proxy ends at once (reset, no goodbye)."""
        def abort() -> None:
            for writer in list(self._writers):
                writer.transport.abort()
            self._writers.clear()
        self._loop.call_soon_threadsafe(abort)

    async def _shutdown(self) -> None:
        self._server.close()
        for writer in list(self._writers):
            writer.transport.abort()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
