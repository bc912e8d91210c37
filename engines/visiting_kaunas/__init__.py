"""Visiting Kaunas (rules 003): engine ``visiting-kaunas``, 2-4 players."""

from engines.visiting_kaunas.rules import VisitingKaunas
from engines.visiting_kaunas.ai import KaunasAI

VisitingKaunas.ai = KaunasAI()
engine = VisitingKaunas()

__all__ = ["engine", "VisitingKaunas"]
