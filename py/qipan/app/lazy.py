"""Features of the page made on first use, so their modules are imported then and not at start-up
(docs/startup.md, "Loaded when first used"). The memory snapshot still holds them: a return visit
pays for none of them."""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

T = TypeVar("T")


class Lazy(Generic[T]):
    """A feature made by `make` (which imports its module) the first time it is asked for."""

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._made: T | None = None

    def get(self) -> T:
        """The feature, made now if it was not yet."""
        if self._made is None:
            self._made = self._make()
        return self._made

    @property
    def made(self) -> T | None:
        """The feature if it was made, else None (what needs it only once it is shown asks this)."""
        return self._made

    def first(self, act: Callable[[T], None]) -> Callable[[object], None]:
        """An event handler for a control that opens the feature: the first event makes it and
        does `act`; later ones do nothing, as the feature, once made, binds its controls itself
        (a listener added while an event is dispatched does not hear that event)."""

        def handler(_event: object) -> None:
            if self._made is None:
                act(self.get())

        return handler
