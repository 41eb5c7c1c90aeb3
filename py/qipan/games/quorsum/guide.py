"""Quorsum (骰棋) for players: the rules page and the first-game tutorial."""

from __future__ import annotations

from qipan.boardkit.guide import Guide, Section, Step, Tutorial

# The tutorial's board (rank 4 first). Player 1 starts on a1 (dark, heading for d4) and d1 (light,
# heading for a4); Player 2 on a4 and d4. The pawn on d1 is boxed in by dark tiles until d2 flips.
BOARD = "6l2l5d6d/4d3l2d4l/5l5l6l2d/2d3d4d3l"
FLIPPED = "6l2l5d6d/4d3l2d4l/5l5l6l2l/2d3d4d3l"
START_PAWNS = "a1>d4,d1>a4/a4>d1,d4>a1"


def position(board: str = BOARD, pawns: str = START_PAWNS, phase: str = "alloc:1", todo: str = "-",
             extra: str = "", locks: str = "-") -> str:
    """A position text of a turn in progress (see docs/notation/quorsum.md)."""
    more = f" {extra}" if extra else ""
    return (f"standard {board} pawns={pawns} locks={locks} phase={phase} todo={todo}{more} "
            f"stalemate=0 score=0-0 chooser=2")


START = position()

RULES = (
    Section(
        {"en": "The goal", "zh-TW": "遊戲目標"},
        {"en": ("Quorsum is a race for two on a 4×4 board of tiles. Each player has two pawns that start on "
                "corners, and each pawn heads for its home: the corner diagonally opposite its start. The first "
                "player with both pawns home wins.",
                "Every tile shows a value from 2 to 6 and has a dark side and a light side. A pawn walks only on "
                "tiles of its own colour. To step onto a tile, or to flip it over, you roll dice: you need at "
                "least one die showing the tile's value or more."),
         "zh-TW": ("《骰棋》是 2 人的競速遊戲，在 4×4 的板塊上進行。每位玩家有 2 枚棋子，從角落出發，"
                   "各自前往自己的家園板塊：起始板塊斜對面的角落。最先把 2 枚棋子都移到家園的玩家獲勝。",
                   "每個板塊標有 2 到 6 的點數，並且有深色和淺色兩面。棋子只能走在自己顏色的板塊上。"
                   "要移動到一個板塊上，或把它翻面，都要擲骰：至少要有一個骰子擲出與該板塊點數相同或更大的點數。")},
        diagram=START,
        caption={"en": "Player 1 (blue) starts on a1 and d1 and heads for d4 and a4; Player 2 (orange) the other "
                       "way. Arrows point home; the houses mark the homes.",
                 "zh-TW": "玩家 1（藍色）從 a1 和 d1 出發，前往 d4 和 a4；玩家 2（橘色）方向相反。"
                          "箭頭指向家園，小房子標示家園板塊。"}),
    Section(
        {"en": "Setting up", "zh-TW": "遊戲設置"},
        {"en": ("16 of the 25 tiles (five each of 2, 3, 4, 5 and 6) are laid out unseen on a 4×4 grid, each "
                "showing a random side.",
                "Each player rolls a die; ties roll again. The higher roller chooses either to go first or to "
                "place the pawns, and the other player gets the other option. The placer puts all four pawns "
                "on the four corners, one each, deciding which corners are whose. Then the other player takes "
                "the first turn.",
                "Each pawn's colour is the colour of its starting corner. It keeps it all game, because a tile "
                "with a pawn on it can never be flipped."),
         "zh-TW": ("從 25 個板塊（點數 2、3、4、5、6 各 5 個）中不看內容取 16 個，隨機擺成 4×4 的矩陣，"
                   "每個板塊朝上的一面也是隨機的。",
                   "每位玩家各擲一顆骰子，點數相同就重擲。點數較高的玩家做開場選擇：先手，或是擺放棋子；"
                   "另一位玩家得到剩下的選項。擺放棋子的玩家把 4 枚棋子放在 4 個角落，每角 1 枚，"
                   "由他決定哪些角落放誰的棋子。接著由另一位玩家進行第一個回合。",
                   "棋子的顏色就是它起始板塊的顏色。因為有棋子的板塊不能翻轉，這個顏色整場遊戲都不會改變。")}),
    Section(
        {"en": "Your turn: allocate four dice", "zh-TW": "你的回合：分配骰子"},
        {"en": ("You have four dice. Before rolling any of them, decide what each one is for: moving one of "
                "your pawns, or flipping a tile. You may put several dice on one action, even all four, and "
                "you may give dice up. Each pawn gets at most one move and each tile one flip per turn.",
                "Then carry out your actions one at a time, in any order you like; each is finished before the "
                "next begins. You may end the turn early: actions not yet tried are lost."),
         "zh-TW": ("你有 4 個骰子。擲任何一個骰子之前，要先決定每個骰子的用途：移動你的一枚棋子，或翻轉一個板塊。"
                   "一個行動可以用好幾個骰子，甚至 4 個全用；也可以放棄骰子。每回合每枚棋子最多一個移動行動，"
                   "每個板塊最多一個翻轉行動。",
                   "接著一次執行一個行動，順序隨你決定；一個行動做完才開始下一個。你也可以提早結束回合，"
                   "還沒執行的行動就作廢。")},
        diagram=position(phase="resolve:1", todo="flip@d2x1,move@a1x3"),
        caption={"en": "Three dice on the pawn on a1, one on flipping d2: the board shows the chance of reaching "
                       "each tile on the way, and of the flip.",
                 "zh-TW": "3 個骰子用來移動 a1 的棋子，1 個用來翻轉 d2：圖板上標出途中每個板塊的到達機率，以及翻轉的成功機率。"}),
    Section(
        {"en": "Moving: a chain of steps", "zh-TW": "移動與連續移動"},
        {"en": ("A pawn steps one tile at a time, up, down, left or right (never diagonally), onto an empty "
                "tile of the same colour as the tile it stands on. Pawns never share a tile, and nobody is "
                "captured.",
                "Name the tile, then roll all the move's dice: if at least one shows the tile's value or more, "
                "the pawn steps onto it. The dice that met the value carry on: roll just those for the next "
                "step, and so on. When no die meets the value, the pawn stays where it is and the move ends. "
                "You may also stop while dice remain; they are lost.",
                "Example: three dice for a step onto a 4 show 5, 4 and 2. The pawn steps, and two dice (the 5 "
                "and the 4) are rolled again for its next step."),
         "zh-TW": ("棋子每次往上、下、左或右移動一格（不能斜走），移到與它目前所在板塊相同顏色的空板塊上。"
                   "棋子不能共用板塊，也不會吃子。",
                   "先指定要移動過去的板塊，再擲這個移動行動的所有骰子：至少有一個骰子的點數與該板塊點數相同或更大，"
                   "棋子就移過去。達到點數的骰子可以繼續使用：只擲這些骰子來移動下一步，依此類推。"
                   "沒有任何骰子達到點數時，棋子留在原地，移動結束。你也可以在還有骰子時停下，剩下的骰子作廢。",
                   "範例：為了移動到點數 4 的板塊擲 3 個骰子，擲出 5、4、2。棋子移過去，"
                   "達到點數的 2 個骰子（5 和 4）再擲一次，用來移動下一步。")},
        diagram=position(pawns="b1>d4(6),d1>a4/a4>d1,d4>a1", phase="chain:1", todo="flip@d2x1",
                         extra="chain=b1x2"),
        caption={"en": "Mid-move: the pawn on b1 has two dice left. It may step to c1 (dark, value 4: 75%) or "
                       "back to a1; b2 is light, so not for this pawn.",
                 "zh-TW": "移動中：b1 的棋子還有 2 個骰子。可以移到 c1（深色，點數 4：75%）或退回 a1；"
                          "b2 是淺色，這枚棋子不能走。"}),
    Section(
        {"en": "Flipping a tile", "zh-TW": "翻轉板塊"},
        {"en": ("Flipping turns an empty tile over to its other colour; its value stays the same. Roll the "
                "flip's dice once: it succeeds if at least one shows the tile's value or more. A tile with a "
                "pawn on it cannot be flipped: if a pawn still stands there when you come to the flip, its "
                "dice are wasted.",
                "A flipped tile is locked: nobody may flip it again until the flipper's next turn begins, so "
                "your opponent cannot flip it straight back.",
                "Flip tiles to open a path for your pawns, or to close one in front of your opponent's."),
         "zh-TW": ("翻轉是把一個空的板塊翻到另一種顏色的那一面；點數不變。翻轉的骰子只擲一次："
                   "至少有一個骰子的點數與該板塊點數相同或更大，就翻轉成功。有棋子的板塊不能翻轉："
                   "輪到執行翻轉時，板塊上若還有棋子，這些骰子就作廢。",
                   "翻轉過的板塊會被鎖定：直到翻轉者的下一個回合開始前，誰都不能再翻轉它，所以對手不能立刻把它翻回來。",
                   "翻轉板塊可以替自己的棋子打開路線，也可以擋住對手的去路。")},
        diagram=position(board=FLIPPED, pawns="c1>d4,d1>a4/a4>d1,d4>a1", phase="alloc:2", locks="d2:1"),
        caption={"en": "Player 1 flipped d2 to light (the padlock says who locked it): the light pawn on d1, "
                       "boxed in by dark tiles, can now step onto it.",
                 "zh-TW": "玩家 1 把 d2 翻成淺色（鎖頭標示是誰鎖定的）：原本被深色板塊困住的 d1 淺色棋子，"
                          "現在可以移到 d2。"}),
    Section(
        {"en": "Winning", "zh-TW": "遊戲結束"},
        {"en": ("You win the moment both your pawns stand on their homes, even in the middle of a turn. If "
                "at that moment neither of your opponent's pawns is home, it is a double win, worth two "
                "games.",
                "A home can be blocked: a pawn still on its starting corner stands on an opponent's home, and "
                "there is no capture. The stalemate rule settles such games."),
         "zh-TW": ("一旦你的 2 枚棋子都站在自己的家園板塊上，你立刻獲勝，即使是在回合中途。"
                   "如果這時對手的 2 枚棋子都不在家園，你就「贏得兩場遊戲」（雙倍勝利）。",
                   "家園可能被擋住：還留在起始板塊的棋子正好站在對手的家園上，而且不能吃子。這種局面由僵局規則解決。")}),
    Section(
        {"en": "Stalemate", "zh-TW": "僵局"},
        {"en": ("The stalemate cube counts turns in a row in which no pawn got closer to its home. A turn in "
                "which one of your pawns ends nearer home than it began sets it back to 0. When it reaches 6 "
                "(three turns each), the game ends at once.",
                "Then compare how far the pawns are from home, counted in steps along rows and columns: the "
                "player whose nearest pawn is closer wins; if those are equal (or both home), the other pawn "
                "decides. Still equal: a draw."),
         "zh-TW": ("僵局方塊記錄連續幾個回合沒有棋子更接近家園。你的回合結束時，只要有一枚棋子比回合開始時更接近家園，"
                   "計數就歸零。計數到 6（每位玩家各 3 個回合）時，遊戲立刻以僵局結束。",
                   "這時比較離家園距離（沿橫列、直行計算的步數）：最接近家園的棋子較近的玩家獲勝；"
                   "如果相同（或都已抵達家園），再比另一枚棋子。仍然相同就是平局。")}),
    Section(
        {"en": "Match play", "zh-TW": "競賽玩法"},
        {"en": ("For a match, agree a target score (New game → House rules). Each won or drawn game scores "
                "1 point (a draw gives both players 1), and a double win 2. In each later game the opening "
                "choice alternates: the player who did not choose last time chooses, without a roll. The first "
                "to reach the target with the lead wins the match. When a game ends, a box says who won it "
                "and how, the match score and what each player still needs; the next game's tiles are laid "
                "out only when you press Next game."),
         "zh-TW": ("進行競賽玩法時，先約定目標點數（新遊戲 → 自訂規則）。每贏一場或平局可得 1 點（平局時雙方各得 1 點），"
                   "贏得兩場遊戲則得 2 點。之後每一場輪流做開場選擇：上一場沒有做選擇的玩家直接選擇，不必擲骰。"
                   "先達到目標點數而且領先的玩家贏得競賽。每場結束時，會有一個訊息框說明誰贏了、怎麼贏的、競賽比分，"
                   "以及雙方還需要幾點；按下「下一場」後才會排列下一場的板塊。")}),
    Section(
        {"en": "Variant: Sprint", "zh-TW": "變體規則：衝刺版"},
        {"en": ("In Quorsum Sprint every tile lies on the same side and tiles are never flipped: all your "
                "dice go to moving, and the colour rule never gets in the way. Choose it under New game → "
                "Variant."),
         "zh-TW": ("衝刺版的所有板塊都朝上同一面，而且不能翻轉：骰子全都用來移動，不必顧慮顏色限制。"
                   "在「新遊戲 → 變體規則」中選擇。")}),
    Section(
        {"en": "Our choices", "zh-TW": "本程式的規則選擇"},
        {"en": ("The rules leave a few points open; this is how Qipan plays them.",
                "At the allocation you name only which pawn moves; each step's tile is named just before its "
                "roll. Actions are never mixed: a move's whole chain is finished before anything else is "
                "rolled.",
                "For the stalemate rule, distance to home is counted in steps along rows and columns, whatever "
                "the colours of the tiles.",
                "The points below can be changed under New game → House rules; the value shown is our default."),
         "zh-TW": ("規則有幾處沒有說清楚，本程式的做法如下。",
                   "分配骰子時只指定要移動哪一枚棋子；每一步要移到哪個板塊，在那一步擲骰前才指定。"
                   "行動不會交錯進行：一個移動行動的連續移動全部結束後，才會擲其他行動的骰子。",
                   "僵局規則的離家園距離，以沿橫列、直行計算的步數為準，不管板塊的顏色。",
                   "下列項目可以在「新遊戲 → 自訂規則」中更改，顯示的是預設值。")},
        choices=True),
)

NOTES = {
    "flip_lock": {
        "en": "The translated rules only forbid flipping a tile back \"before the next player's turn\"; a "
              "designer's analysis has the opponent unable to flip it straight back. Our default covers both: "
              "locked for everyone until the flipper's next turn. \"For this turn only\" unlocks it when the "
              "flipper's turn ends.",
        "zh-TW": "中文規則只說翻轉後「在輪到下一個玩家的回合之前」不能翻回來；設計師的分析則是對手不能立刻翻回來。"
                 "預設值兩者都涵蓋：鎖定到翻轉者的下一回合，誰都不能翻。選「僅限本回合」時，翻轉者的回合結束就解鎖。"},
    "one_move_per_pawn": {
        "en": "On: one move action per pawn per turn, so its chain ends at the first failed step. Off: a pawn "
              "may get several move actions (say 2 + 2 dice), each a fresh chain.",
        "zh-TW": "開啟：每回合每枚棋子只有一個移動行動，第一次移動失敗就結束。關閉：一枚棋子可以有好幾個移動行動"
                 "（例如 2 + 2 個骰子），每個行動重新開始連續移動。"},
    "may_stop_chain": {
        "en": "On: you may stop a move while dice remain (as the designer's analysis allows). Off: the pawn "
              "keeps stepping until a roll fails or it has nowhere to go.",
        "zh-TW": "開啟：還有骰子時也可以停下（設計師的分析允許）。關閉：棋子必須繼續移動，直到移動失敗或無處可走。"},
    "freeze_home": {
        "en": "Off: a pawn that has reached its home may leave it again; no rule forbids it. On: it stays "
              "home for good.",
        "zh-TW": "關閉：已回到家園的棋子可以再離開，規則沒有禁止。開啟：回到家園後就不再移動。"},
    "stalemate_progress": {
        "en": "What \"getting closer\" means for the stalemate cube. Default: a pawn ends the turn closer to "
              "home than it began it. \"Ever before\": closer than its best so far, so stepping away and back "
              "never counts.",
        "zh-TW": "僵局方塊所說的「更接近家園」。預設值：棋子在回合結束時比回合開始時更接近家園。"
                 "「以往任何時候」：要比它以往最接近的距離更近，所以離開再走回來不算。"},
    "stalemate_double": {
        "en": "Off: a stalemate win is always a single win; the rules mention the double win only for "
              "reaching home. On: it counts double when the loser has no pawn home.",
        "zh-TW": "關閉：僵局勝利一律算一般勝利；規則只在棋子回到家園時提到雙倍勝利。開啟：輸家沒有棋子在家園時算雙倍。"},
    "draw_points": {
        "en": "The rules give 1 point for a game won or drawn; we read it as 1 point to each player for a "
              "draw.",
        "zh-TW": "規則說每贏一場或平手可以取得 1 點；本程式解讀為平局時雙方各得 1 點。"},
    "match_target": {
        "en": "0 plays a single game; any other number plays a match to that many points.",
        "zh-TW": "0 表示只玩一局；其他數字表示進行競賽，先達到該點數者勝。"},
    "match_tie": {
        "en": "Only a draw can bring both players to the target at once. Default: keep playing games until "
              "one player leads; or call the match a draw.",
        "zh-TW": "只有平局會讓雙方同時達到目標點數。預設值：繼續比賽，直到有一方領先；也可以設為比賽平局。"},
    "setup_colours": {
        "en": "The tiles are laid out unseen, so each shows a random side (our default). \"8 dark, 8 light\" "
              "deals an even board.",
        "zh-TW": "板塊是不看內容擺放的，所以每塊朝上的一面都是隨機的（預設值）。選「8 深 8 淺」則深淺各半。"},
}

# A few turns later: the pawn from d1 is home on a4; the other has four dice and one step to go.
_FINISH = position(board=FLIPPED, pawns="a4>a4,c4>d4/a3>a1,b2>d1", phase="chain:1", extra="chain=c4x4")

TUTORIAL = Tutorial(
    START,
    (
        Step({"en": "Your pawn on a1 heads for d4 and walks on dark tiles. Before any roll you decide what all "
                    "four dice are for. Put three dice on moving it: select a1, then press 3 (or the ×3 button).",
              "zh-TW": "你在 a1 的棋子要前往 d4，只能走深色板塊。擲骰之前，要先決定 4 個骰子的用途。"
                       "分配 3 個骰子來移動它：選 a1，再按 3（或 ×3 按鈕）。"},
             ("move a1 x3",),
             {"en": "Select your pawn on a1, then choose 3 dice.",
              "zh-TW": "選你在 a1 的棋子，再選 3 個骰子。"}),
        Step({"en": "Your other pawn, on d1, walks on light tiles, but its neighbours c1 and d2 are dark: it is "
                    "stuck. Put the last die on flipping d2 (value 2): select d2, then press 1.",
              "zh-TW": "你的另一枚棋子在 d1，只能走淺色板塊，但相鄰的 c1 和 d2 都是深色：它動不了。"
                       "把最後 1 個骰子用來翻轉 d2（點數 2）：選 d2，再按 1。"},
             ("flip d2 x1",),
             {"en": "Select the tile d2, then choose 1 die.", "zh-TW": "選 d2 這個板塊，再選 1 個骰子。"}),
        Step({"en": "All four dice have a job, so the rolling begins. Carry out your actions in any order: "
                    "start with the move. Select your pawn on a1.",
              "zh-TW": "4 個骰子都分配好了，開始擲骰。行動可以依任意順序執行：先移動。選你在 a1 的棋子。"},
             ("try move a1 x3",),
             {"en": "Select the pawn on a1 to start its move.", "zh-TW": "選 a1 的棋子，開始移動。"}),
        Step({"en": "A pawn moves one tile at a time. a2 is light, so its only step is onto b1 (value 3). Select "
                    "b1: the three dice are rolled, and each that shows 3 or more carries on.",
              "zh-TW": "棋子每次移動一格。a2 是淺色，所以它只能移到 b1（點數 3）。選 b1："
                       "擲 3 個骰子，點數 3 以上的骰子可以繼續使用。"},
             ("step b1",),
             {"en": "Select b1, the dark tile next to a1.", "zh-TW": "選 b1，也就是 a1 旁邊的深色板塊。"},
             dice=("met 2",)),
        Step({"en": "Two of the three dice met the value: the pawn is on b1 with two dice left. Step on to c1 "
                    "(value 4): with two dice that works 75% of the time.",
              "zh-TW": "3 個骰子中有 2 個達到點數：棋子到了 b1，還有 2 個骰子。繼續移到 c1（點數 4）："
                       "用 2 個骰子，成功機率 75%。"},
             ("step c1",),
             {"en": "Select c1, the dark tile to the right of b1.", "zh-TW": "選 c1，也就是 b1 右邊的深色板塊。"},
             dice=("met 1",)),
        Step({"en": "One die carried on. From c1 the only dark tile to step to is b1, back where you came from. "
                    "You may stop a move while dice remain (they are lost): press s, or Stop here in the panel.",
              "zh-TW": "有 1 個骰子可以繼續使用。但從 c1 只能走回 b1 這個深色板塊，等於退回去。"
                       "還有骰子時也可以停下（剩下的骰子作廢）：按 s，或按側欄的「停在這裡」。"},
             ("stop",),
             {"en": "Stop the move here: press s, or Stop here.", "zh-TW": "在這裡停下：按 s，或按「停在這裡」。"}),
        Step({"en": "Now the flip: select d2. One die against a 2 succeeds 5 times in 6. A flipped tile is "
                    "locked until your next turn, so your opponent cannot flip it back.",
              "zh-TW": "接著翻轉：選 d2。用 1 個骰子對點數 2，成功機率是 6 分之 5。翻轉過的板塊會鎖定到你的下一回合，"
                       "對手不能把它翻回來。"},
             ("try flip d2 x1",),
             {"en": "Select d2 to roll for the flip.", "zh-TW": "選 d2，為翻轉擲骰。"},
             dice=("met 1",)),
        Step({"en": "A few turns later: your pawn from d1 is home on a4, and you started a move of the pawn on "
                    "c4 with all four dice. One step to go: d4 is a 6, so you need at least one 6 among four "
                    "dice (52%). Select d4.",
              "zh-TW": "幾個回合之後：你從 d1 出發的棋子已經回到家園 a4，而你用全部 4 個骰子移動 c4 的棋子。"
                       "只差一步：d4 的點數是 6,4 個骰子中至少要擲出一個 6（機率 52%）。選 d4。"},
             ("step d4",),
             {"en": "Select d4, your pawn's home.", "zh-TW": "選 d4，這枚棋子的家園。"},
             dice=("met 1",),
             position=_FINISH),
    ),
    intro={"en": "You are Player 1 (blue). Eight short steps: allocating dice, stepping, the chain of dice, "
                 "stopping, flipping and reaching home.",
           "zh-TW": "你是玩家 1（藍色）。八個簡短的步驟：分配骰子、移動、連續移動、停下、翻轉板塊，以及回到家園。"},
    done={"en": "Both your pawns are home and neither of your opponent's is: a double win, worth 2 points in a "
                "match! In a real game, watch the stalemate cube: six turns in a row without a pawn getting "
                "closer end the game.",
          "zh-TW": "你的 2 枚棋子都回到家園，而對手一枚也沒有：贏得兩場遊戲，在競賽中得 2 點！"
                   "實際對局時要留意僵局方塊：連續 6 個回合沒有棋子更接近家園，遊戲就會結束。"},
)


GUIDE = Guide(RULES, TUTORIAL, NOTES)
"""The rules page, the first-game tutorial and the notes on the options."""
