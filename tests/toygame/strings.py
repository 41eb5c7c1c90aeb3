"""Strings of Dice Race (骰子賽跑). Keys start with "race."."""

STRINGS: dict[str, dict[str, str]] = {
    "blurb.race": {"en": "Roll to run ahead, and bank your points before a 1 takes them away.",
                   "zh-TW": "擲骰往前跑，在擲出 1 把點數拿走之前先入袋。"},
    "race.variant.standard": {"en": "Standard", "zh-TW": "標準規則"},
    "race.option.goal": {"en": "The goal cell", "zh-TW": "終點的格數"},
    "race.option.rounds": {"en": "Rounds before the race ends", "zh-TW": "比賽結束前的回合數"},
    "race.cell": {"en": "Cell {n}", "zh-TW": "第 {n} 格"},
    "race.total": {"en": "This turn: {n}", "zh-TW": "本回合：{n} 點"},
    "race.last_roll": {"en": "Last roll: {face}", "zh-TW": "上一次擲出：{face}"},
    "race.roll": {"en": "Roll again", "zh-TW": "再擲一次"},
    "race.bank": {"en": "Bank {n}", "zh-TW": "入袋 {n} 點"},
    "race.round": {"en": "Round {k} of {n}", "zh-TW": "第 {k} 回合，共 {n} 回合"},
    "race.runner": {"en": "{player} on cell {cell}", "zh-TW": "{player} 在第 {cell} 格"},
    "race.board_label": {"en": "Dice Race to cell {goal}: {runners}.",
                         "zh-TW": "骰子賽跑，終點第 {goal} 格：{runners}。"},
    "race.over.goal": {"en": "{player} reached the goal.", "zh-TW": "{player} 抵達終點。"},
    "race.over.shared": {"en": "{players} share the win!", "zh-TW": "{players} 並列獲勝！"},
    "race.over.rounds": {"en": "After {n} rounds the runners furthest along win.",
                         "zh-TW": "{n} 回合結束，跑得最遠的人獲勝。"},
    # The move log (ui/words.py)
    "race.log.roll": {"en": "rolls {face}, {n} this turn", "zh-TW": "擲出 {face}，本回合 {n} 點"},
    "race.log.bust": {"en": "rolls a 1: loses {n}", "zh-TW": "擲出 1：失去 {n} 點"},
    "race.log.one": {"en": "rolls a 1: the turn passes", "zh-TW": "擲出 1：換下一位"},
    "race.log.goal": {"en": "rolls {face} and reaches the goal", "zh-TW": "擲出 {face}，抵達終點"},
    "race.log.again": {"en": "rolls again", "zh-TW": "再擲一次"},
    "race.log.bank": {"en": "banks {n}, on to cell {cell}", "zh-TW": "入袋 {n} 點，前進到第 {cell} 格"},
}
