"""The address's parameters of an embedded board (`?embed=1&…`) and of a shared game (`?share=…`):
the shell looks for them at start and imports app/links.py, which opens them, only when one is there
(docs/startup.md, section 3)."""

EMBED = "embed"
SHARE = "share"
LINK_KEYS = (EMBED, SHARE)
