"""Fixtures of the language tests."""

from __future__ import annotations

import pytest
import simcord.interactions


@pytest.fixture
def locales(monkeypatch):
    """``locales["locale"]`` / ``locales["guild_locale"]``: what the next interactions carry."""

    state = {"locale": "en-US", "guild_locale": "en-US"}
    real = simcord.interactions.base_payload

    def with_locales(*args, **kwargs):
        record, payload = real(*args, **kwargs)
        payload["locale"] = state["locale"]
        if "guild_locale" in payload:
            payload["guild_locale"] = state["guild_locale"]
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)
    return state
