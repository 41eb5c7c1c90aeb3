"""Every user-visible string of the app, in English and Traditional Chinese (Taiwan).

One table: key -> {"en": ..., "zh-TW": ...}. Terms follow shared/glossary.md. Placeholders use
str.format names, the same in both languages. A test fails on a missing or unbalanced entry.
"""

from __future__ import annotations

LANGS = ("en", "zh-TW")

TABLE: dict[str, dict[str, str]] = {
    # App frame
    "app.title": {"en": "Qipan", "zh-TW": "棋盤"},
    "app.loading": {"en": "Loading the game engine…", "zh-TW": "正在載入遊戲引擎…"},
    "app.games": {"en": "Games", "zh-TW": "遊戲"},
    "app.language": {"en": "中文", "zh-TW": "English"},
    "app.language.label": {"en": "Language: switch to Traditional Chinese", "zh-TW": "語言:切換為英文"},
    "app.offline_ready": {"en": "Ready to play offline.", "zh-TW": "已可離線遊玩。"},
    "app.no_storage": {"en": "This browser refuses storage here: you can play, but progress will not be kept.",
                       "zh-TW": "此瀏覽器在這裡不允許儲存資料:可以遊玩,但進度不會保留。"},
    "app.save_unreadable": {
        "en": "A saved {game} game could not be read ({reason}). It was kept aside untouched; a new game was started.",
        "zh-TW": "無法讀取已儲存的《{game}》遊戲({reason})。原存檔已原封不動另存;已開始新遊戲。"},
    "app.save_failed": {"en": "This move could not be saved: {reason}", "zh-TW": "這一步無法儲存:{reason}"},
    "app.quota": {"en": "the browser's storage is full", "zh-TW": "瀏覽器的儲存空間已滿"},
    # Picker
    "picker.heading": {"en": "Choose a game", "zh-TW": "選擇遊戲"},
    "picker.play": {"en": "Play", "zh-TW": "開始遊戲"},
    "picker.resume": {"en": "Resume", "zh-TW": "繼續遊戲"},
    "picker.coming": {"en": "Coming soon", "zh-TW": "即將推出"},
    "picker.players": {"en": "{min}–{max} players", "zh-TW": "{min}–{max} 位玩家"},
    "picker.players_two": {"en": "2 players", "zh-TW": "2 位玩家"},
    "game.quorsum": {"en": "Quorsum", "zh-TW": "骰棋"},
    "game.gype": {"en": "Uncle Chestnut's Table Gype", "zh-TW": "栗子叔叔的 Table Gype"},
    "game.lyngk": {"en": "LYNGK", "zh-TW": "彩疊棋"},
    "game.hezong": {"en": "Hezong Lianheng", "zh-TW": "合縱連橫"},
    "game.calavera": {"en": "Calavera", "zh-TW": "骷髏骰"},
    "blurb.quorsum": {"en": "Race two pawns home across flipping tiles; plan your dice, then risk the roll.",
                      "zh-TW": "分配骰子、冒險擲骰,讓兩枚棋子穿越可翻轉的板塊回到家園。"},
    "blurb.gype": {"en": "Dice are the pieces: race them across the board, re-rolling whatever you jump.",
                   "zh-TW": "骰子就是棋子:讓它們衝過棋盤,跳過的骰子都要重擲。"},
    "blurb.lyngk": {"en": "Stack five colours, claim two of them, and chain moves across your own colour.",
                    "zh-TW": "疊起五種顏色、佔領其中兩種,並沿著自己的顏色連續移動。"},
    "blurb.hezong": {"en": "Place stones in line on a random tetromino map; attack along rows and columns.",
                     "zh-TW": "在隨機拼圖地圖上同行列擺放棋子,沿著行列攻擊敵家。"},
    "blurb.calavera": {"en": "Roll, keep and push your luck; fill your score sheet before the skulls catch you.",
                       "zh-TW": "擲骰、保留、挑戰運氣,在骷髏的詛咒之前填好作答紙。"},
    # Shared game controls
    "ctl.new_game": {"en": "New game", "zh-TW": "新遊戲"},
    "ctl.undo": {"en": "Undo", "zh-TW": "復原"},
    "ctl.pass": {"en": "Pass", "zh-TW": "跳過回合"},
    "ctl.cancel": {"en": "Cancel", "zh-TW": "取消"},
    "ctl.confirm_new": {"en": "Start a new game? The game in progress will be lost.",
                        "zh-TW": "要開始新遊戲嗎?進行中的遊戲將會遺失。"},
    "ctl.start": {"en": "Start new game", "zh-TW": "開始新遊戲"},
    "ctl.position": {"en": "Position text", "zh-TW": "局面記譜"},
    "player.n": {"en": "Player {n}", "zh-TW": "玩家 {n}"},
    "turn.to_move": {"en": "{player} to move", "zh-TW": "輪到{player}"},
    "over.title": {"en": "Game over", "zh-TW": "遊戲結束"},
    "over.winner": {"en": "{player} wins!", "zh-TW": "{player}獲勝!"},
    "over.draw": {"en": "Draw", "zh-TW": "平手"},
    # LYNGK
    "lyngk.colour.I": {"en": "ivory", "zh-TW": "象牙"},
    "lyngk.colour.B": {"en": "blue", "zh-TW": "藍色"},
    "lyngk.colour.R": {"en": "red", "zh-TW": "紅色"},
    "lyngk.colour.G": {"en": "green", "zh-TW": "綠色"},
    "lyngk.colour.K": {"en": "black", "zh-TW": "黑色"},
    "lyngk.colour.J": {"en": "joker", "zh-TW": "百搭棋子"},
    "lyngk.claimed": {"en": "Claimed", "zh-TW": "已佔領"},
    "lyngk.none_claimed": {"en": "no colour yet", "zh-TW": "尚未佔領顏色"},
    "lyngk.neutral": {"en": "Neutral", "zh-TW": "中立"},
    "lyngk.score": {"en": "Completed stacks: {n}", "zh-TW": "彩疊:{n} 分"},
    "lyngk.claim": {"en": "Claim a colour before you move (optional, {left} left)",
                    "zh-TW": "移動前可佔領一種顏色(可選,尚可佔領 {left} 種)"},
    "lyngk.claim_button": {"en": "Claim {colour}", "zh-TW": "佔領{colour}"},
    "lyngk.claim_chosen": {"en": "You will claim {colour} with this move.", "zh-TW": "這一步將佔領{colour}。"},
    "lyngk.forced_claim": {"en": "No move without a claim: you must claim a colour, then move (forced claim).",
                           "zh-TW": "不佔領就無法移動:必須先佔領一種顏色再移動(強制佔領)。"},
    "lyngk.forced_pass": {"en": "{player} has no legal turn, not even with a claim, and must pass.",
                          "zh-TW": "{player}沒有任何合法的回合(佔領後也沒有),必須跳過回合。"},
    "lyngk.pick_stack": {"en": "Pick a stack to move.", "zh-TW": "選擇要移動的一疊棋子。"},
    "lyngk.pick_target": {"en": "Pick where the stack on {point} goes ({n} targets).",
                          "zh-TW": "選擇 {point} 這疊棋子的目的地(共 {n} 處)。"},
    "lyngk.err.empty": {"en": "{point} is empty.", "zh-TW": "{point} 是空的交點。"},
    "lyngk.err.joker": {"en": "A lone joker never moves.", "zh-TW": "單獨的百搭棋子不能移動。"},
    "lyngk.err.foreign": {"en": "{point} is topped by your opponent's colour.",
                          "zh-TW": "{point} 最上方的棋子是對手的顏色。"},
    "lyngk.err.stuck": {"en": "The stack on {point} has nowhere to go.", "zh-TW": "{point} 這疊棋子無處可去。"},
    "lyngk.err.not_target": {"en": "The stack on {origin} cannot go to {point}.",
                             "zh-TW": "{origin} 這疊棋子不能移動到 {point}。"},
    "lyngk.err.needs_claim": {"en": "Only with a claim: pick a colour to claim first.",
                              "zh-TW": "必須先佔領顏色才能這樣移動。"},
    "lyngk.moved": {"en": "{player}: {move}", "zh-TW": "{player}:{move}"},
    "lyngk.removed": {"en": "{player} completes a five-colour stack and scores!",
                      "zh-TW": "{player}完成彩疊,得 1 分!"},
    "lyngk.completed": {"en": "Completed", "zh-TW": "彩疊"},
    "lyngk.height_col": {"en": "Stacks of {h}", "zh-TW": "{h} 個一疊"},
    "lyngk.tiebreak": {"en": "Tie-break: completed stacks, then own-topped stacks of 4, 3, 2, 1",
                       "zh-TW": "同分判定:彩疊數,再比自己顏色在頂的 4、3、2、1 疊"},
    "lyngk.tiebreak6": {"en": "Tie-break: own-topped stacks of 5, 4, 3, 2, 1",
                        "zh-TW": "同分判定:自己顏色在頂的 5、4、3、2、1 疊"},
    "lyngk.six": {"en": "{player} completed a stack of six.", "zh-TW": "{player}完成 6 個棋子一疊。"},
    "lyngk.variant.standard": {"en": "Standard", "zh-TW": "標準規則"},
    "lyngk.variant.stack6": {"en": "Stack of 6 (sudden death)", "zh-TW": "6 個棋子一疊(驟死)"},
    "lyngk.stack_view": {"en": "Stack on {point}, bottom to top: {pieces}",
                         "zh-TW": "{point} 的棋子,由下而上:{pieces}"},
    "lyngk.board_label": {"en": "LYNGK board. {summary}", "zh-TW": "彩疊棋圖板。{summary}"},
    "lyngk.summary": {"en": "{stacks} stacks on the board; {player} to move.",
                      "zh-TW": "圖板上有 {stacks} 疊;輪到{player}。"},
}


def t(key: str, lang: str, **values: object) -> str:
    """The string for `key` in `lang` (falling back to English), with placeholders filled."""
    entry = TABLE[key]
    return entry.get(lang, entry["en"]).format(**values)


def pick_language(preferred: list[str]) -> str:
    """The app language for a browser's language list (zh-* → zh-TW, else en)."""
    for tag in preferred:
        if tag.lower().startswith("zh"):
            return "zh-TW"
        if tag.lower().startswith("en"):
            return "en"
    return "en"
