"""Put on PYTHONPATH to block the network in a Python process and its children.

Every attempt to resolve a name or open an internet socket connection is
appended to the file named by ``REDRAFT_NET_LOG`` (one line each) and fails with
``OSError``. Local Unix sockets stay allowed (they do not leave the machine).
"""

import os
import socket
import traceback

_LOG = os.environ.get("REDRAFT_NET_LOG", "")
_INET = {socket.AF_INET, socket.AF_INET6}


def _record(what: str, target: object) -> None:
    stack = "".join(traceback.format_stack(limit=8)[:-2]).replace("\n", " | ")
    if _LOG:
        with open(_LOG, "a", encoding="utf-8") as fh:
            fh.write(f"{os.getpid()} {what} {target!r} at {stack}\n")
    raise OSError(f"network blocked by the Redraft offline test: {what} {target!r}")


_connect, _connect_ex = socket.socket.connect, socket.socket.connect_ex


def _guard_connect(self: socket.socket, address: object) -> None:
    if self.family in _INET:
        _record("connect", address)
    return _connect(self, address)


def _guard_connect_ex(self: socket.socket, address: object) -> int:
    if self.family in _INET:
        _record("connect_ex", address)
    return _connect_ex(self, address)


def _guard_sendto(self: socket.socket, *args: object) -> int:
    if self.family in _INET:
        _record("sendto", args[-1])
    return _sendto(self, *args)


def _blocked_getaddrinfo(host: object, *args: object, **kwargs: object) -> list:
    _record("getaddrinfo", host)
    return []


def _blocked_gethostbyname(host: object) -> str:
    _record("gethostbyname", host)
    return ""


_sendto = socket.socket.sendto
socket.socket.connect = _guard_connect
socket.socket.connect_ex = _guard_connect_ex
socket.socket.sendto = _guard_sendto
socket.getaddrinfo = _blocked_getaddrinfo
socket.gethostbyname = _blocked_gethostbyname
socket.create_connection = lambda address, *a, **k: _record("create_connection", address)
os.environ.setdefault("REDRAFT_NETBLOCK_ACTIVE", "1")
