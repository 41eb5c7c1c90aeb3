"""Post-game analysis: the mistakes, the turning point, and luck against skill (docs/analysis.md).

For every decision of a match, the best move the computer's search finds and the value the move
played gave away, graded by thresholds each game may set (`GameAI.grades`); for every chance
outcome, its luck: V after it minus V averaged over every outcome with its exact probability;
per player the sums, the graph's series, the turning point and one sentence in each language.

    analyser = Analyser(match, DEEPER)       # or a record (GameRecord, dict or JSON text)
    for progress in analyser.steps():        # one ply per step; stop iterating to cancel
        report(progress.done, progress.total)
    result = analyser.result()               # the plies done so far, also when cancelled
    stored = result.to_json()                # versioned; Analysis.from_json(stored) reads it back

This layer sits between `qipan.match` and `qipan.app`; it has no UI, worker or page of its own.
Importing it imports no search: the analysis's results and summary are imported at once (the page
shows stored analyses), its engine (`Analyser`, `Valuer`, and the computer players' search under
them) when first asked for (`engine_names`, docs/startup.md).
"""

from typing import TYPE_CHECKING

from qipan.analysis.result import (
    DEEPER, GRADES, PRESETS, QUICK, Analysis, AnalysisFormatError, Decision, PlayerTotals, Roll, Settings,
    TurningPoint, grade,
)
from qipan.analysis.summary import summary
from qipan.core import Grades
from qipan.core.lazy_names import engine_names

__all__ = [
    "DEEPER", "GRADES", "PRESETS", "QUICK", "Analyser", "Analysis", "AnalysisFormatError", "Decision", "Grades",
    "PlayerTotals", "Progress", "Roll", "Settings", "TurningPoint", "Valuer", "analyse", "grade", "grades_of",
    "roll_luck", "summary",
]

if TYPE_CHECKING:
    from qipan.analysis.engine import Analyser, Progress, analyse, grades_of, roll_luck
    from qipan.analysis.values import Valuer
else:
    __getattr__ = engine_names(__name__, ("engine", "values"),
                               ("Analyser", "Progress", "analyse", "grades_of", "roll_luck", "Valuer"))
