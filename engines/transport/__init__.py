"""Transport, the conveyor-belt tile game (id ``transport``)."""

from engines.transport.engine import Transport

engine = Transport()

__all__ = ["Transport", "engine"]
