"""Strings of the post-game analysis (keys start with "analysis."). {skill} and {luck} are signed
values on the scale of the evaluation (e.g. "+0.40"): what the decisions and the dice gave the
player named, against the others (docs/analysis.md)."""

STRINGS: dict[str, dict[str, str]] = {
    "analysis.summary.won": {"en": "{player} won: {skill} from the decisions, {luck} from the dice.",
                             "zh-TW": "{player} 獲勝：決策貢獻 {skill}，骰運貢獻 {luck}。"},
    "analysis.summary.won_no_dice": {"en": "{player} won: {skill} from the decisions.",
                                     "zh-TW": "{player} 獲勝：決策貢獻 {skill}。"},
    "analysis.summary.ahead": {"en": "{player} is ahead so far: {skill} from the decisions, {luck} from the dice.",
                               "zh-TW": "目前 {player} 領先：決策貢獻 {skill}，骰運貢獻 {luck}。"},
    "analysis.summary.ahead_no_dice": {"en": "{player} is ahead so far: {skill} from the decisions.",
                                       "zh-TW": "目前 {player} 領先：決策貢獻 {skill}。"},
    "analysis.summary.draw": {"en": "The game ended without a sole winner.",
                              "zh-TW": "本局沒有單獨的勝者。"},
    "analysis.summary.level": {"en": "No one is ahead so far.", "zh-TW": "目前無人領先。"},
    "analysis.grade.best": {"en": "Best", "zh-TW": "最佳"},
    "analysis.grade.good": {"en": "Good", "zh-TW": "良好"},
    "analysis.grade.inaccuracy": {"en": "Inaccuracy", "zh-TW": "不精確"},
    "analysis.grade.mistake": {"en": "Mistake", "zh-TW": "失誤"},
    "analysis.grade.blunder": {"en": "Blunder", "zh-TW": "重大失誤"},
}
