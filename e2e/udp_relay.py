"""A UDP relay on loopback that two WebRTC peers are made to talk through, so that a browser test
can cut their link for real: while it is cut the relay drops every packet both ways (ICE's
consent checks, SCTP's data and retransmissions), as a phone that sleeps or changes networks
does. Both peers are given only the relay's address as the other's ICE candidate (the
invitation's and the reply's candidates rewritten), and each learns the other's real address
from the first packet it sends (both peers send connectivity checks to the candidate they know).
Chromium's network emulation cannot do this: it does not reach WebRTC."""

from __future__ import annotations

import selectors
import socket
import threading
import time


class UdpRelay:
    """Two loopback sockets, `a_port` (given to one peer as the other's address) and `b_port`
    (given to the other): a packet received on one is sent out of the other to the last
    address heard there. `cut()` drops everything until `mend()`."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.socks = []
        for _ in range(2):
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            s.bind((host, 0))
            s.setblocking(False)
            self.socks.append(s)
        self.a_port, self.b_port = (s.getsockname()[1] for s in self.socks)
        self.peer: list[tuple[str, int] | None] = [None, None]  # who was last heard on each socket
        self.cut_since: float | None = None
        self.forwarded = self.dropped = 0
        self.last_forward = 0.0  # when a packet last went through (monotonic)
        self._stop = False
        self._sel = selectors.DefaultSelector()
        for i, s in enumerate(self.socks):
            self._sel.register(s, selectors.EVENT_READ, i)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop:
            for key, _ in self._sel.select(timeout=0.1):
                i = key.data
                try:
                    data, addr = self.socks[i].recvfrom(65536)
                except OSError:
                    continue
                self.peer[i] = addr
                other = self.peer[1 - i]
                if self.cut_since is not None or other is None:
                    self.dropped += 1
                    continue
                try:
                    self.socks[1 - i].sendto(data, other)
                    self.forwarded += 1
                    self.last_forward = time.monotonic()
                except OSError:
                    self.dropped += 1

    def cut(self) -> None:
        self.cut_since = time.monotonic()

    def mend(self) -> None:
        self.cut_since = None

    def close(self) -> None:
        self._stop = True
        self._thread.join(timeout=2)
        for s in self.socks:
            s.close()

    def __enter__(self) -> "UdpRelay":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
