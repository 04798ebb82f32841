"""A real phone server on 127.0.0.1 over a real session, and test phones to reach it."""

from __future__ import annotations

import pytest

from desktop.phones.server import PhoneServer
from tests.phones.phone_client import Phones


@pytest.fixture
def phones(qtbot):
    found = Phones(qtbot)
    yield found
    found.close()


@pytest.fixture
def serve(qtbot):
    """serve(session) -> a started PhoneServer on 127.0.0.1, stopped after the test."""
    servers = []

    def start(session) -> PhoneServer:
        server = PhoneServer(session)
        server.start("127.0.0.1")
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()
        server.session.close()
