"""LYNGK (彩疊棋) for players: the rules page and the first-game tutorial."""

from __future__ import annotations

from qipan.games.lyngk.board import LABELS
from qipan.boardkit.guide import Guide, Section, Step, Tutorial


def board(stacks: dict[str, str], claims: str = "-/-", to_move: int = 1, removed: str = "0/0",
          variant: str = "standard") -> str:
    """A position text from {point: stack bottom to top}; every other point empty."""
    return "/".join(stacks.get(p, ".") for p in LABELS) + f" {claims} {to_move} {removed} {variant}"


FULL = ("J/B/B/R/B/I/R/I/G/K/I/I/R/K/G/G/G/B/I/K/K/J/G/G/B/I/I/B/G/R/B/G/K/K/B/J/R/K/R/K/R/I/R "
        "-/- 1 0/0 standard")

RULES = (
    Section(
        {"en": "The goal", "zh-TW": "遊戲目標"},
        {"en": ("Build stacks of five different colours with one of your own colours on top. Each such stack "
                "is taken off the board and scores 1 point. Whoever has more points at the end wins.",
                "At the start every one of the 43 intersections holds one piece: 8 of each colour (ivory, blue, "
                "red, green, black) and 3 jokers, placed at random. Nobody owns a colour yet."),
         "zh-TW": ("把 5 種不同顏色的棋子疊成一疊，而且最上方的棋子是你佔領的顏色，這疊就是你的彩疊："
                   "從圖板上移走，得 1 分。遊戲結束時分數較高的玩家獲勝。",
                   "開局時圖板上 43 個交點各放一個棋子：象牙、藍色、紅色、綠色、黑色各 8 個，加上 3 個百搭棋子，"
                   "隨機擺放。這時所有顏色都是中立的，還沒有人佔領。")},
        diagram=FULL,
        caption={"en": "A starting board: one piece on every intersection.",
                 "zh-TW": "開局的圖板：每個交點一個棋子。"}),
    Section(
        {"en": "Your turn", "zh-TW": "你的回合"},
        {"en": ("On your turn you may first claim one colour, then you must move one stack. You may claim at "
                "most two colours in the whole game, and a claim is for good. Once both players hold two "
                "colours, the fifth stays neutral: both may move it.",
                "A stack belongs to whoever claimed the colour of its top piece. You may move a stack whose top "
                "is neutral or your colour; never one topped by your opponent's colour, and never a lone joker.",
                "On the board, a purple triangle ▲ at the top left of a stack marks it as Player 1's, a purple "
                "square ■ as Player 2's (the same shapes stand beside the players' names); a stack without one "
                "is neutral. The number in the white circle is the stack's height: how many pieces it holds. "
                "A single piece shows no number."),
         "zh-TW": ("輪到你時，可以先佔領一種顏色（可選），然後必須移動一疊棋子。整場遊戲每人最多佔領 2 種顏色，"
                   "佔領後不能改變。雙方都佔領 2 種顏色後，第五種顏色一直保持中立，雙方都可以移動。",
                   "一疊棋子屬於誰，看最上方的棋子是誰佔領的顏色。你可以移動最上方是中立顏色或你的顏色的一疊棋子；"
                   "不能移動最上方是對手顏色的，也不能移動單獨的百搭棋子。",
                   "圖板上，一疊棋子左上角的紫色三角形 ▲ 表示這疊屬於玩家 1，紫色正方形 ■ 表示屬於玩家 2"
                   "（玩家名稱旁邊也有同樣的圖形）；沒有圖形的一疊是中立的。白色圓圈裡的數字是這疊的高度，"
                   "也就是有幾個棋子；單獨的棋子不顯示數字。")},
        diagram=board({"E4": "GR", "C4": "IKB", "E6": "K", "G3": "B", "D2": "IG", "F5": "R", "G5": "IGKR"},
                      claims="R/B"),
        caption={"en": "Red is Player 1's colour, blue Player 2's: ▲ on the red tops, ■ on the blue ones. The "
                       "stack on G5 holds 4 pieces; black on E6 and green on D2 are neutral.",
                 "zh-TW": "玩家 1 佔領紅色，玩家 2 佔領藍色：紅色在頂的有 ▲，藍色在頂的有 ■。G5 這疊有 4 個棋子；"
                          "E6 的黑色和 D2 的綠色是中立的。"}),
    Section(
        {"en": "Moving and stacking", "zh-TW": "移動與疊放"},
        {"en": ("A stack moves along one of the lines onto the first piece it meets: the next intersection, or "
                "further across empty ones. It never jumps over a piece and never stops on an empty point. "
                "The whole stack moves and lands on top of the other.",
                "A stack never holds more than 5 pieces and never two pieces of the same colour. A joker counts "
                "as any colour the stack is missing.",
                "A stack with a neutral top may land only on a stack that is no taller than itself (a single "
                "piece only on a single piece). A stack with your colour on top may land on any stack, "
                "whatever its height or owner."),
         "zh-TW": ("一疊棋子沿著圖板上的線移動，疊到遇到的第一個棋子上：可以是相鄰的交點，也可以越過空的交點。"
                   "不能跳過棋子，也不能停在空的交點。整疊棋子一起移動，疊到對方上面。",
                   "一疊最多 5 個棋子，而且不能有兩個相同顏色的棋子。百搭棋子可以當作這疊缺少的任何一種顏色。",
                   "最上方是中立顏色的一疊，只能疊到高度不超過自己的一疊上（單獨的棋子只能疊到單獨的棋子上）。"
                   "最上方是你的顏色的一疊，可以疊到任何高度、任何人的一疊上。")},
        diagram=board({"E4": "R", "E5": "B", "D3": "GI", "E2": "K", "C4": "BR"}),
        caption={"en": "The neutral blue piece on E5 may go onto E4 (red); the stack G-I on D3 may go onto a stack "
                       "of one or two.",
                 "zh-TW": "E5 的中立藍色棋子可以疊到 E4（紅色）；D3 的綠色+象牙一疊可以疊到一個或兩個棋子高的一疊上。"}),
    Section(
        {"en": "The LYNGK move", "zh-TW": "彩疊點連續移動"},
        {"en": ("When a stack with your colour on top reaches a piece showing that same colour, it does not "
                "stop there: that piece is a LYNGK point, and the stack carries on from it with a new move. It "
                "may link several LYNGK points of the same colour, each once, and must end on a stack it may "
                "land on. Jokers and neutral pieces are never LYNGK points."),
         "zh-TW": ("最上方是你的顏色的一疊棋子，遇到最上方也是同一種顏色的棋子時，不會停下來：那個棋子是彩疊點，"
                   "這疊棋子從那裡繼續移動。可以連續經過好幾個同色的彩疊點（每個只能用一次），最後必須停在可以疊上去的"
                   "一疊上。百搭棋子和中立顏色的棋子都不是彩疊點。")},
        diagram=board({"G5": "R", "G2": "R", "F2": "JI", "H2": "BG"}, claims="R/-"),
        caption={"en": "Red is yours: the red piece on G5 reaches G2 (red), goes on from there and lands on F2.",
                 "zh-TW": "你佔領了紅色：G5 的紅色棋子到達 G2（紅色彩疊點），從那裡繼續，停在 F2。"}),
    Section(
        {"en": "Completing a stack", "zh-TW": "完成彩疊"},
        {"en": ("A stack of five pieces with your colour on top is taken off the board at once and scores 1 "
                "point. A five-piece stack with a neutral top stays on the board as an obstacle: it can never "
                "move again, nothing can land on it, and it counts for nobody."),
         "zh-TW": ("5 個棋子一疊、最上方是你的顏色時，立刻從圖板上移走，你得 1 分。最上方是中立顏色的 5 個一疊留在圖板上"
                   "成為障礙：不能再移動，也不能再疊上去，不屬於任何人。")}),
    Section(
        {"en": "Passing and the end", "zh-TW": "跳過回合與遊戲結束"},
        {"en": ("If you can move, you must. If you can move only after claiming a colour, you must claim one "
                "(a forced claim). Only with no legal turn at all do you pass; you move again as soon as you "
                "can. The game ends when neither player can move.",
                "The player with more completed stacks wins. If tied, compare the stacks of 4 left on the board "
                "with your colour on top, then stacks of 3, of 2, then single pieces. Still equal: a draw."),
         "zh-TW": ("能移動就必須移動。只有佔領一種顏色後才能移動時，必須佔領（強制佔領）。完全沒有合法的回合時才跳過回合；"
                   "之後一旦可以移動，就要繼續移動。雙方都無法移動時，遊戲結束。",
                   "彩疊較多的玩家獲勝。同分時（同分判定），比較圖板上最上方是自己顏色的 4 個一疊的數量，"
                   "再比 3 個、2 個一疊，最後比單獨的棋子。仍然相同就是平局。")}),
    Section(
        {"en": "Variant: stack of 6", "zh-TW": "變體規則：6 個棋子一疊"},
        {"en": ("Stacks may grow to six and are never taken off. Jokers also count as a sixth colour, white. "
                "Whoever makes a stack of six with their colour on top wins at once (sudden death). Otherwise "
                "the end compares own-topped stacks of 5, then 4, 3, 2 and 1."),
         "zh-TW": ("一疊最多 6 個棋子，完成的 5 個一疊不移走。百搭棋子也可以當作第六種顏色「白色」。"
                   "誰疊出最上方是自己顏色的 6 個一疊，立刻獲勝（驟死）。否則遊戲結束時依序比較自己顏色在頂的"
                   " 5、4、3、2、1 個一疊。")}),
    Section(
        {"en": "Our choices", "zh-TW": "本程式的規則選擇"},
        {"en": ("The rulebook leaves a few points open; this is how Qipan plays them.",
                "A neutral stack may land on a stack of the same height or lower (the rulebook's \"at most the "
                "same height\"; a translation says \"the same height or a single piece\").",
                "Claiming is optional, up to two colours, except for the forced claim. A claim must be followed "
                "by a move. The tie-break counts only stacks topped by your own colours.",
                "The points below can be changed under New game → House rules; the value shown is our default."),
         "zh-TW": ("規則書有幾處沒有說清楚，本程式的做法如下。",
                   "中立的一疊可以疊到相同高度或更矮的一疊上（規則書原文是「最多同樣高度」；有的中文翻譯寫成"
                   "「同樣高度或單獨的棋子」）。",
                   "佔領是可選的，最多 2 種顏色，但強制佔領除外。佔領後一定要移動。同分判定只計算最上方是自己顏色的一疊。",
                   "下列項目可以在「新遊戲 → 自訂規則」中更改，顯示的是預設值。")},
        choices=True),
)

NOTES = {
    "claim_captures_neutral_fives": {
        "en": "A neutral five-stack whose colour you claim later becomes yours at once (1 point). The rulebook "
              "is silent; both major online versions do this.",
        "zh-TW": "中立的 5 個一疊，若你之後佔領了它最上方的顏色，立刻歸你（得 1 分）。規則書沒有提到；兩個主要的線上版本都這樣做。"},
    "late_claim_six_wins": {
        "en": "Stack of 6 only: claiming the colour of a neutral six-stack does not win; only making one does.",
        "zh-TW": "僅限 6 個棋子一疊：佔領中立 6 疊的顏色不算獲勝，只有親手疊出來才算。"},
}

_START = board({"E4": "R", "E5": "B", "D3": "GI", "E6": "K", "G5": "R", "G2": "R", "H2": "BG", "F2": "JI",
                "B1": "I", "B2": "G", "C6": "B", "C7": "I", "B4": "G", "C5": "I", "C1": "B", "C2": "G"})

TUTORIAL = Tutorial(
    _START,
    (
        Step({"en": "Nobody owns a colour yet, so every piece is neutral. Move the blue piece on E5 onto the red "
                    "piece on E4: select E5, then E4.",
              "zh-TW": "目前沒有人佔領顏色，所有棋子都是中立的。把 E5 的藍色棋子疊到 E4 的紅色棋子上：先選 E5，再選 E4。"},
             ("E5-E4",),
             {"en": "Not that one: select the blue piece on E5, then the red piece on E4.",
              "zh-TW": "不是這一步：先選 E5 的藍色棋子，再選 E4 的紅色棋子。"},
             reply=("B1-B2",)),
        Step({"en": "Your opponent moved too. A neutral stack may land on a stack no taller than itself. Move the "
                    "stack of two on D3 (green, ivory) onto your new stack of two on E4.",
              "zh-TW": "對手也移動了。中立的一疊只能疊到高度不超過自己的一疊上。把 D3 的兩個一疊（綠色、象牙）"
                       "疊到 E4 的兩個一疊上。"},
             ("D3-E4",),
             {"en": "Move the stack on D3 onto E4 (two pieces onto two pieces).",
              "zh-TW": "把 D3 這疊移到 E4（兩個疊到兩個上）。"},
             reply=("C6-C7",)),
        Step({"en": "E4 now holds four colours. Claim black (the Claim black button), then move the black piece "
                    "on E6 onto E4: your own colour may land on a taller stack, and five colours with yours on "
                    "top score a point.",
              "zh-TW": "E4 已經有四種顏色。先按「佔領黑色」，再把 E6 的黑色棋子疊到 E4：你的顏色可以疊到更高的一疊上，"
                       "5 種顏色而且你的顏色在最上方，就得 1 分。"},
             ("+K E6-E4",),
             {"en": "First press Claim black in the panel, then move E6 onto E4.",
              "zh-TW": "先按面板上的「佔領黑色」，再把 E6 移到 E4。"},
             reply=("B4-C5",)),
        Step({"en": "One point! Now the LYNGK move. Claim red, then move the red piece on G5 to F2: it reaches the "
                    "red piece on G2, a LYNGK point, and carries on to F2.",
              "zh-TW": "得 1 分！接下來是彩疊點連續移動。佔領紅色，再把 G5 的紅色棋子移到 F2：它先到 G2 的紅色彩疊點，"
                       "再從那裡繼續到 F2。"},
             ("+R G5-F2",),
             {"en": "Press Claim red, select G5, then F2 (F2 lights up once G5 is selected).",
              "zh-TW": "按「佔領紅色」，選 G5，再選 F2（選了 G5 之後 F2 會亮起）。"},
             reply=("C1-C2",)),
        Step({"en": "F2 holds joker, ivory and your red on top. The joker counts as any missing colour. Move F2 "
                    "onto H2 (blue, green) to complete a second stack.",
              "zh-TW": "F2 現在是百搭棋子、象牙，最上方是你的紅色。百搭棋子可以當作缺少的任何顏色。"
                       "把 F2 疊到 H2（藍色、綠色）上，完成第二個彩疊。"},
             ("F2-H2",),
             {"en": "Select F2, then H2.", "zh-TW": "選 F2，再選 H2。"}),
    ),
    intro={"en": "Play the first player. Five short steps: neutral moves, claiming, the LYNGK move and scoring.",
           "zh-TW": "你是玩家 1。五個簡短的步驟：中立移動、佔領、彩疊點連續移動和得分。"},
    done={"en": "Two completed stacks: you know LYNGK! In a real game, claim your colours wisely: each claim also "
                "takes stacks away from your opponent.",
          "zh-TW": "完成兩個彩疊，你已經會玩彩疊棋了！實際對局時要慎選佔領的顏色：每次佔領也會讓對手少了可以移動的棋子。"},
)


GUIDE = Guide(RULES, TUTORIAL, NOTES)
"""The rules page, the first-game tutorial and the notes on the options."""
