"""A loopback HTTP server speaking the part of Ollama's API that discovery uses.

``/api/tags`` lists the installed tags; ``/api/generate`` (``stream: false``,
``format: "json"``) answers from scripted replies chosen by a marker substring
of the prompt. Modes: ``ok``, ``slow`` (sleeps before answering), ``malformed``
(the ``response`` field is not JSON), ``wrong_shape`` (a JSON array), ``garbage``
(the body is not JSON). An unknown model tag gets HTTP 404 like Ollama.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class OllamaStub:
    def __init__(self, replies: dict[str, Any] | None = None, *, tags: tuple[str, ...] = ("gemma4:e4b",)) -> None:
        self.replies: dict[str, Any] = dict(replies or {})
        self.tags = tags
        self.mode = "ok"
        self.delay = 0.0
        self.requests: list[dict[str, Any]] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def _send(self, status: int, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def do_GET(self) -> None:
                if self.path == "/api/tags":
                    self._send(200, json.dumps({"models": [{"name": t} for t in stub.tags]}).encode())
                else:
                    self._send(404, b'{"error":"not found"}')

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                req = json.loads(self.rfile.read(length))
                stub.requests.append(req)
                if self.path != "/api/generate":
                    return self._send(404, b'{"error":"not found"}')
                if req.get("model") not in stub.tags:
                    return self._send(404, json.dumps({"error": f"model '{req.get('model')}' not found"}).encode())
                if stub.mode == "slow":
                    time.sleep(stub.delay)
                answer: Any = {}
                for marker, reply in stub.replies.items():
                    if marker in req.get("prompt", ""):
                        answer = reply
                        break
                if stub.mode == "malformed":
                    response = "{not json"
                elif stub.mode == "wrong_shape":
                    response = json.dumps(["a", "list"])
                else:
                    response = json.dumps(answer)
                if stub.mode == "garbage":
                    return self._send(200, b"<html>oops</html>")
                self._send(200, json.dumps({"model": req["model"], "response": response, "done": True}).encode())

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)

    def __enter__(self) -> OllamaStub:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


def closed_port_endpoint() -> str:
    """A loopback URL on which nothing listens (connection refused)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"
