"""Strings of the 合縱連橫 screen. Keys start with "hezong."."""

STRINGS: dict[str, dict[str, str]] = {
    "hezong.variant.standard": {"en": "Standard", "zh-TW": "標準規則"},
    "hezong.where_first": {"en": "First stone: any cell.", "zh-TW": "第一顆棋子:可擺放在任何棋格。"},
    "hezong.where_line": {"en": "Place in the row or column of {last} ({n} marked cells).",
                          "zh-TW": "擺放在 {last} 的同行列(標記的 {n} 個棋格)。"},
    "hezong.at_quiet": {"en": "{cell}: a stone here attacks nothing.", "zh-TW": "{cell}:擺放在這裡不會攻擊。"},
    "hezong.at_attack": {"en": "{cell}: a stone here removes {n} stone(s): {cells}.",
                         "zh-TW": "{cell}:擺放在這裡會移除 {n} 顆棋子:{cells}。"},
    "hezong.sel_quiet": {"en": "{cell} attacks nothing. Click {cell} again (or press Enter) to place.",
                         "zh-TW": "{cell} 不會攻擊。再點一次 {cell}(或按 Enter)即擺放。"},
    "hezong.sel_attack": {"en": "{cell} removes {n} stone(s): {cells}. Click {cell} again (or press Enter) to place.",
                          "zh-TW": "{cell} 會移除 {n} 顆棋子:{cells}。再點一次 {cell}(或按 Enter)即擺放。"},
    "hezong.preview_none": {"en": "{cell}: no attack.", "zh-TW": "{cell}:沒有攻擊。"},
    "hezong.preview_removes": {"en": "{cell} removes:", "zh-TW": "{cell} 會移除:"},
    "hezong.err.taken": {"en": "{cell} already holds a stone of Player {n}.",
                         "zh-TW": "{cell} 已有玩家 {n} 的棋子。"},
    "hezong.err.closed": {"en": "{cell} is closed (a stone was removed there).",
                          "zh-TW": "{cell} 已封閉(棋子曾在此被移除)。"},
    "hezong.err.off_line": {"en": "{cell} is not in the row or column of {last}, the last stone.",
                            "zh-TW": "{cell} 不在上一顆棋子 {last} 的同行列。"},
    "hezong.placed": {"en": "Player {n} placed on {cell}.", "zh-TW": "玩家 {n} 擺放在 {cell}。"},
    "hezong.attacked": {"en": "Player {n} placed on {cell} and removed {k} stone(s): {cells}.",
                        "zh-TW": "玩家 {n} 擺放在 {cell},攻擊移除 {k} 顆棋子:{cells}。"},
    "hezong.live_score": {"en": "Score now, in turn order", "zh-TW": "目前分數(依遊戲順位)"},
    "hezong.final_score": {"en": "Final score", "zh-TW": "分數結算"},
    "hezong.col.player": {"en": "Player", "zh-TW": "玩家"},
    "hezong.col.left": {"en": "Left", "zh-TW": "剩餘"},
    "hezong.col.lost": {"en": "Lost", "zh-TW": "失去"},
    "hezong.col.exclusive": {"en": "Excl.", "zh-TW": "獨佔"},
    "hezong.col.shared": {"en": "Shared", "zh-TW": "非獨佔"},
    "hezong.col.adjustment": {"en": "Adj.", "zh-TW": "調整"},
    "hezong.col.score": {"en": "Score", "zh-TW": "分數"},
    "hezong.col.rank": {"en": "Rank", "zh-TW": "名次"},
    "hezong.show_regions": {"en": "Show region owners", "zh-TW": "顯示區塊歸屬"},
    "hezong.regions_help": {
        "en": "Coloured region with +2: held by one player alone (exclusive). Hatched region with +1: shared, "
              "1 point to each player in it.",
        "zh-TW": "著色且標 +2 的區塊:單一玩家獨佔。斜線且標 +1 的區塊:非獨佔,區塊內每位玩家各得 1 分。"},
    "hezong.shared_win": {"en": "{players} share the win!", "zh-TW": "{players}並列獲勝!"},
    "hezong.scoring": {
        "en": "2 points per exclusive region, 1 per shared region, minus the turn-order adjustment "
              "(0 for the start player, then 1, 2, …). Tie-break: more exclusive regions.",
        "zh-TW": "每個獨佔區塊 2 分,每個非獨佔區塊 1 分,再減去遊戲順位調整分(起始玩家 0,之後依序 1、2…)。"
                 "同分時單色獨佔多者勝。"},
    "hezong.board_label": {
        "en": "Hezong Lianheng board, 12 by 12 cells in 36 regions. {stones} stones on the board; last stone on {last}; {turn}.",
        "zh-TW": "合縱連橫棋盤,12×12 棋格,36 個區塊。棋盤上有 {stones} 顆棋子;上一顆棋子在 {last};{turn}。"},
}
