"""Cardavia: rules engine and computer players for traditional Italian card games."""

__version__ = "0.1.0"
