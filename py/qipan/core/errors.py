"""The errors every engine raises: text that does not parse, and actions that are not legal."""


class NotationError(ValueError):
    """Text (a position, an action or a record) that does not parse or describes the impossible."""


class IllegalAction(ValueError):
    """A well-formed action that is not legal in the position it was played in."""


class RecordError(NotationError):
    """A game record (a save, an imported file, a share link) that cannot be read."""
