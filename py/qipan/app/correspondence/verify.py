"""Re-check a correspondence game, finished or not, on any device, long after: every move
replayed, every roll drawn again from its two shares, every reveal compared with its commitment."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from qipan.app.correspondence import link
from qipan.app.correspondence.errors import CorrespondenceError
from qipan.app.correspondence.model import FRIENDLY, CorrespondenceRecord, Replay


@dataclass(frozen=True)
class Verdict:
    """`ok` and a `correspondence.verify.*` key: "dice verified" (with how many rolls), "friendly
    dice" (nothing to verify: the seed was shared), or "failed" naming the step and the reason."""

    ok: bool
    key: str
    values: dict[str, Any] = field(default_factory=dict)
    error: CorrespondenceError | None = None

    def text(self, tr: Callable[..., str]) -> str:
        if self.error is not None:
            return tr(self.key, reason=self.error.text(tr), **self.values)
        return tr(self.key, **self.values)


def verify(record: CorrespondenceRecord | str | bytes) -> Verdict:
    """Check a record (or a link, or a file). Never raises for a bad record: the verdict says it."""
    try:
        if isinstance(record, bytes):
            record = link.from_file(record)
        elif isinstance(record, str):
            record = link.decode(record)
        replay = Replay(record)
    except CorrespondenceError as exc:
        step = exc.values.get("step", 0)
        return Verdict(False, "correspondence.verify.failed", {"step": step}, exc)
    pending = len(replay.unrevealed())
    if record.table.dice == FRIENDLY:
        return Verdict(True, "correspondence.verify.friendly", {"moves": replay.plies})
    return Verdict(True, "correspondence.verify.ok",
                   {"rolls": replay.rolls_verified, "moves": replay.plies, "hidden": pending})
