"""Strings of the log feature (keys start with "log.")."""

STRINGS: dict[str, dict[str, str]] = {
    "log.heading": {"en": "Moves", "zh-TW": "棋譜"},
    "log.count": {"en": "{n} so far", "zh-TW": "共 {n} 步"},
    "log.viewing": {"en": "Viewing move {k} of {n}", "zh-TW": "正在檢視第 {k} 步（共 {n} 步）"},
    "log.live": {"en": "Back to the game", "zh-TW": "回到目前局面"},
    "log.start": {"en": "Start position", "zh-TW": "開局局面"},
    "log.turn": {"en": "Turn {n} · {player}", "zh-TW": "第 {n} 回合 · {player}"},
    "log.chance": {"en": "Set-up and dice", "zh-TW": "開局與擲骰"},
    "log.setup": {"en": "Set-up · {player}", "zh-TW": "設置 · {player}"},
    "log.game": {"en": "Game {n}", "zh-TW": "第 {n} 場"},
    "log.steps": {"en": "Step through the moves", "zh-TW": "逐步檢視棋譜"},
    "log.list": {"en": "Move list", "zh-TW": "棋譜列表"},
    "log.help": {"en": "Click a move to see that position; arrow keys step, Home and End jump.",
                 "zh-TW": "點選一步即可檢視該局面；方向鍵逐步移動，Home 與 End 跳到開頭與結尾。"},
    "log.start_step": {"en": "To the start", "zh-TW": "回到開局"},
    "log.back": {"en": "One move back", "zh-TW": "上一步"},
    "log.forward": {"en": "One move forward", "zh-TW": "下一步"},
    "log.end": {"en": "To the game now", "zh-TW": "回到目前局面"},
    "log.list_sep": {"en": ", ", "zh-TW": "、"},
    "log.detail_sep": {"en": "; ", "zh-TW": "，"},
}
