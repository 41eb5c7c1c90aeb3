"""Qipan: rule engines and the browser app for five modern abstract and dice games."""

__version__ = "0.1.0"
