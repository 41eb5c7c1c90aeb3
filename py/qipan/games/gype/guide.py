"""Uncle Chestnut's Table Gype (栗子叔叔的 Table Gype) for players: the rules page and the
first-game tutorial."""

from __future__ import annotations

from qipan.core.numbers import is_number
from qipan.boardkit.guide import Guide, Section, Step, Tutorial

FILES = "abcdefghij"


def board(dice: dict[str, str], seats: str = "SN", turn: int = 0) -> str:
    """A position text from {cell: face letter + player digit}, e.g. {"d1": "T0"}; every other
    cell empty. Rows run from North (rank 9) to South (rank 0); ranks 9 and 0 have 8 cells."""
    rows = []
    for y in range(9, -1, -1):
        xs = range(1, 9) if y in (0, 9) else range(10)
        rows.append("".join(dice.get(f"{FILES[x]}{y}", ".") for x in xs))
    return f"gype v1 seats={seats} turn={turn} quiet=0 board={'/'.join(rows)}"


def row(cells: str, rank: str, faces: str, player: int) -> dict[str, str]:
    """One Home Row: the cells of files `cells` on `rank` (or ranks `cells` on file `rank`)."""
    if is_number(rank, 1):
        return {f"{c}{rank}": f"{f}{player}" for c, f in zip(cells, faces)}
    return {f"{rank}{c}": f"{f}{player}" for c, f in zip(cells, faces)}


START = board({**row("bcdefghi", "0", "BBTTFFSS", 0), **row("bcdefghi", "9", "SSFFTTBB", 1)})

RULES = (
    Section(
        {"en": "The goal", "zh-TW": "遊戲目標"},
        {"en": ("Each player has 8 dice of one colour. Move all 8 from your start row, along your edge of the "
                "board, into the goal row on the opposite edge. The first player with all 8 dice in the goal "
                "row wins.",
                "The board is an 8×8 field with a Home Row of 8 cells along each of its four edges (no corner "
                "cells). With two players you face each other from South and North; the side rows are not "
                "used. Turns go clockwise: the player on your left goes next."),
         "zh-TW": ("每位玩家有 8 顆同色的骰子。把 8 顆骰子從自己這一邊的起始列，全部移動到棋盤對面的終點列。"
                   "最先讓 8 顆骰子都進入終點列的玩家獲勝。",
                   "棋盤中間是 8×8 的格子，四邊各有一排 8 格的邊列（各是某位玩家的起始列，對面就是他的終點列；四個角落沒有格子）。"
                   "兩人遊戲時，雙方從南、北兩邊面對面出發，左右兩側的列不使用。依順時針方向輪流，"
                   "左手邊的玩家是下一家。")},
        diagram=START,
        caption={"en": "A two-player start: your dice (1) along the bottom, your opponent's (2) along the top. "
                       "Your goal row is the top edge.",
                 "zh-TW": "兩人遊戲的開局：你的骰子（1）在下方，對手的骰子（2）在上方。你的終點列是最上面那一排。"}),
    Section(
        {"en": "Setting up", "zh-TW": "遊戲配置"},
        {"en": ("Place your 8 dice in your start row showing 2 Swords, 2 Trees, 2 Books and 2 Flames (never an "
                "Ear or a Hat), in any order you like.",
                "In the app the players arrange one after another: select two of your dice to swap them, then "
                "confirm. Rows already arranged stay hidden from the next player, so pass the device."),
         "zh-TW": ("把 8 顆骰子放在自己的起始列，圖案為 2 個雙劍、2 棵樹、2 本書、2 團火焰（不能是耳朵或帽子），"
                   "順序隨你安排。",
                   "在本程式中玩家依序排列：點兩顆自己的骰子交換位置，然後確認。已排好的起始列不會讓下一位玩家看到，"
                   "請把裝置交給下一位。")}),
    Section(
        {"en": "Your turn", "zh-TW": "你的回合"},
        {"en": ("On your turn do exactly one thing:",
                "Re-roll one of your own dice where it stands (any one of them), or",
                "move one of your dice as its face allows (next sections).",
                "There are no captures: a die only ever moves onto an empty cell. You never pass, since a "
                "re-roll is always possible."),
         "zh-TW": ("輪到你時，從下列兩個動作擇一進行：",
                   "重擲任意一顆自己的骰子（留在原地），或",
                   "依照骰子朝上的圖案移動一顆自己的骰子（見下文）。",
                   "遊戲沒有吃子：骰子只能移動到空格。永遠可以選擇重擲，所以不會有跳過回合的情況。")}),
    Section(
        {"en": "The six faces", "zh-TW": "六種圖案"},
        {"en": ("The face on top says how a die moves, one step onto an adjacent empty cell:",
                "Ear: cannot move at all. Re-roll it to get a better face.",
                "Book: one step straight: forward, back or sideways (never more than one cell).",
                "Swords: one step diagonally, in any of the 4 diagonal directions.",
                "Flame: one step in any of the 8 directions.",
                "Tree: one step forward, diagonally forward, or straight back; never sideways, never "
                "diagonally back.",
                "Hat: a knight's leap, see below. \"Forward\" always means toward your goal row."),
         "zh-TW": ("骰子朝上的圖案決定它怎麼移動，每次移動 1 格到相鄰的空格：",
                   "耳朵：完全不能移動，只能重擲換個圖案。",
                   "書：直線移動 1 格，可以前進、後退或橫移（只走 1 格）。",
                   "雙劍：斜角移動 1 格，4 個斜角方向都可以。",
                   "火焰：往 8 個方向之一移動 1 格。",
                   "樹：前進、左前或右前 1 格，或向後退 1 格；不能橫移，也不能往後斜角移動。",
                   "帽子：像西洋棋的騎士一樣走日字，見下文。「前進」一律是朝自己的終點列的方向。")},
        diagram=board({"c2": "E0", "e2": "B0", "g2": "T0", "c4": "F0", "e4": "S0", "g4": "H0",
                       **row("bi", "0", "TF", 0), **row("bcdefghi", "9", "SSFFTTBB", 1)}),
        caption={"en": "Your six faces in the field. Lower row, left to right: Ear, Book, Tree. Upper row: Flame, "
                       "Swords, Hat.",
                 "zh-TW": "你的六種圖案。下排由左到右：耳朵、書、樹；上排：火焰、雙劍、帽子。"}),
    Section(
        {"en": "Jumping", "zh-TW": "跳躍"},
        {"en": ("Instead of a step, every face except the Ear and the Hat may jump: in a direction its face "
                "allows, over the adjacent die (yours or anyone's) onto the empty cell just behind it.",
                "The die jumped over is re-rolled at once. That is the luck of Gype: jumping your own die may "
                "give it a better face, jumping an opponent's may spoil theirs.",
                "After a jump the same die may jump again, as often as it can, and stop after any jump: a "
                "jump chain. Its face stays the same all along. A die jumped twice in one chain is re-rolled "
                "only the first time. A plain step ends the move: you cannot jump after stepping."),
         "zh-TW": ("除了耳朵和帽子，每種圖案都可以用跳躍代替移動：朝它可以走的方向，跨越相鄰的一顆骰子"
                   "（自己的或別人的都可以），停在它後面的空格。",
                   "被跨越的骰子要立刻重擲。這就是遊戲的運氣成分：跨越自己的骰子可能換到更好的圖案，"
                   "跨越對手的骰子則可能打亂他的計畫。",
                   "跳躍後，同一顆骰子可以繼續跳躍，次數不限，在任何一次跳躍後都可以停下：這就是連續跳躍。"
                   "跳躍中的骰子圖案不變。同一次連續跳躍中被跨越兩次的骰子，只有第一次要重擲。"
                   "一般移動 1 格就結束了，移動後不能再跳躍。")},
        diagram=board({"d3": "F0", "g5": "B0", **row("bcefhi", "0", "BTTFSS", 0),
                       "e4": "S1", **row("bcdfghi", "9", "SFFTTBB", 1)}),
        caption={"en": "The Flame on d3 may jump e4 to land on f5, then jump g5 to land on h5: both jumped dice "
                       "are re-rolled. Or it may stop on f5, or just step.",
                 "zh-TW": "d3 的火焰可以跨越 e4 停在 f5，再跨越 g5 停在 h5：兩顆被跨越的骰子都要重擲。"
                          "也可以停在 f5，或只移動 1 格。"}),
    Section(
        {"en": "The Hat", "zh-TW": "帽子"},
        {"en": ("The Hat leaps like a chess knight: two cells in one direction and one to the side, to an empty "
                "cell. The cells in between need not be empty.",
                "There are two paths to each landing cell: \"2 then 1\" (two cells straight first, then the "
                "side step) or \"1 then 2\" (the side step first). Each crosses two cells, and every die on "
                "the path you choose is re-rolled. The Hat moves once: it never jumps or chains.",
                "When both paths lead to the cell you picked, the app numbers them on the board: choose 1 or 2 "
                "(key or button)."),
         "zh-TW": ("帽子像西洋棋的騎士一樣走日字：往一個方向走 2 格再橫移 1 格，停在空格。中間經過的格子不必是空格。",
                   "到同一個落點有兩條路徑：「先二後一」（先直走 2 格再橫移 1 格）和「先一後二」（先橫移 1 格再直走 2 格）。"
                   "每條路徑都經過 2 格，你選的那條路徑上的骰子全部都要重擲。帽子每回合只移動 1 次，不能跳躍或連續跳躍。",
                   "當兩條路徑都到達你選的格子時，本程式會在棋盤上為路徑編號：按 1 或 2（鍵盤或按鈕）選擇。")},
        diagram=board({"d3": "H0", "e3": "T0", **row("bcfghi", "0", "BTFFSS", 0),
                       "d4": "F1", **row("bcdefgh", "9", "SSFTTBB", 1)}),
        caption={"en": "The Hat on d3 may leap to e5. Path 2 then 1 crosses d4 and d5: it re-rolls your "
                       "opponent's Flame. Path 1 then 2 crosses e3 and e4: it re-rolls your own Tree.",
                 "zh-TW": "d3 的帽子可以跳到 e5。先二後一經過 d4、d5，會重擲對手的火焰；先一後二經過 e3、e4，"
                          "會重擲你自己的樹。"}),
    Section(
        {"en": "Home rows", "zh-TW": "起始列與終點列"},
        {"en": ("Your dice may stand on the 8×8 field and in your goal row. While a die has never left your "
                "start row it may also move along it (a Book or Flame can step or jump sideways there). Once "
                "it leaves, it can never come back. Every other Home Row is closed to you: you may neither "
                "stop nor land there.",
                "A die that begins your turn in its goal row is home for good: it may not move any more (it "
                "can still be jumped over, and re-rolled). A die that lands in its goal row during a jump "
                "chain may finish the chain, even out of the row again.",
                "With four players every start row is the goal row of the player opposite. With three, the "
                "seats are South, West and North: the empty East row is West's goal."),
         "zh-TW": ("你的骰子可以停在 8×8 的格子和自己的終點列。還沒離開過起始列的骰子，也可以在起始列中移動"
                   "（例如書或火焰可以在列中橫移或跳躍）。一旦離開起始列，就不能再回去。除了自己的起始列和終點列，其他的列都不能進入："
                   "不能停留，也不能跳躍落在那裡。",
                   "回合開始時已在終點列的骰子就到家了：不能再移動（但仍可以被跨越而重擲）。在連續跳躍中落進終點列的骰子，"
                   "可以把連續跳躍完成，甚至再跳出終點列。",
                   "四人遊戲時，每位玩家的起始列都是對面玩家的終點列。三人遊戲時座位是南、西、北：空著的東邊一列是西邊玩家的終點列。")},
        diagram=board({**row("bcdefghi", "0", "BBTTFFSS", 0), **row("12345678", "a", "SSFFTTBB", 1),
                       **row("bcdefghi", "9", "SSFFTTBB", 2), **row("12345678", "j", "BBTTFFSS", 3)},
                      seats="SWNE"),
        caption={"en": "Four players: South (1), West (2), North (3) and East (4), each heading for the row "
                       "opposite.",
                 "zh-TW": "四人遊戲：南（1）、西（2）、北（3）、東（4），各自前往對面的終點列。"}),
    Section(
        {"en": "Winning", "zh-TW": "獲勝"},
        {"en": ("You win the moment a move of yours ends with all 8 of your dice in your goal row; the order "
                "in which they arrived does not matter.",
                "Your goal row has exactly 8 cells, so a die of another player left there blocks your win. "
                "The rules do not deal with this; our stall limit (below) ends such a game."),
         "zh-TW": ("你的移動結束時，如果 8 顆骰子都在你的終點列，你立刻獲勝；骰子進入終點列的先後順序不重要。",
                   "終點列正好 8 格，所以其他玩家留在那裡的骰子會擋住你的勝利。規則沒有處理這種情況；"
                   "本程式用僵持上限（見下文）結束這樣的對局。")}),
    Section(
        {"en": "Variants", "zh-TW": "變體規則"},
        {"en": ("Three variants, each switched on by itself under New game → House rules:",
                "No roll on jumps: dice jumped over are not re-rolled (less luck). In our version the Hat's "
                "path re-rolls nothing either, unless you say otherwise.",
                "Random start: each player rolls all 8 dice and arranges them in the start row as rolled. "
                "Ears are rolled again first, unless you say otherwise. Best played with No roll on jumps.",
                "Utter chaos: while any of your dice is still in your start row, none of your dice may land "
                "beyond the midline, in the half of the field nearer your goal, or in the goal row."),
         "zh-TW": ("三種變體規則，可以在「新遊戲 → 自訂規則」中分別開啟：",
                   "跳躍不重擲：被跨越的骰子不重擲（降低運氣成分）。本程式中帽子路徑上的骰子預設也不重擲。",
                   "隨機圖案：每位玩家先擲 8 顆骰子，依擲出的圖案排列在起始列。預設會先把耳朵重擲成其他圖案。"
                   "建議搭配跳躍不重擲使用。",
                   "混亂至極：只要你還有骰子留在起始列，你的骰子都不能越過中線，停在靠近終點列的那半邊或終點列。")}),
    Section(
        {"en": "Our choices", "zh-TW": "本程式的規則選擇"},
        {"en": ("The rules sheet leaves some points open; this is how Qipan plays them.",
                "The Book moves one cell, not like a rook. Each die is re-rolled the first time it is jumped in "
                "a turn. A jump chain never lands twice on the same cell nor returns to where it started. A "
                "Hat's path may cross cells the Hat could not stop on. Re-rolling a die already home is "
                "allowed (in effect a pass). The start rows are arranged one player after another, each "
                "hidden from the players still to arrange.",
                "The three-player seats, the stall limit and the finer points of the variants are our own "
                "reconstructions. They can be changed under New game → House rules; the value shown is our "
                "default."),
         "zh-TW": ("規則書有幾處沒有說清楚，本程式的做法如下。",
                   "書只移動 1 格，不像城堡一樣直走到底。每顆骰子在一個回合中第一次被跨越時重擲。連續跳躍不會兩次停在同一格，"
                   "也不會回到出發的格子。帽子的路徑可以經過它不能停留的格子。已在終點列的骰子也可以重擲（等於跳過回合）。"
                   "起始列由玩家依序排列，已排好的列不讓還沒排列的玩家看到。",
                   "三人遊戲的座位、僵持上限和變體規則的細節是本程式自己的補充。可以在「新遊戲 → 自訂規則」中更改，"
                   "顯示的是預設值。")},
        choices=True),
)

NOTES = {
    "no_roll_on_jumps": {
        "en": "Variant: dice jumped over are not re-rolled (the Chinese post's luck-reducing variant).",
        "zh-TW": "變體規則：被跨越的骰子不重擲（中文介紹文中降低運氣的變體）。"},
    "no_roll_on_hat": {
        "en": "With No roll on jumps, the Hat's path re-rolls nothing either (our reading: those dice are "
              "jumped over too). Switch it off to keep the Hat's re-rolls.",
        "zh-TW": "開啟跳躍不重擲時，帽子路徑上的骰子也不重擲（本程式的解讀：那些骰子同樣是被跨越的）。"
                 "關閉此項則帽子路徑照常重擲。"},
    "random_start": {
        "en": "Variant: roll your 8 dice, then arrange them in your start row with the faces rolled.",
        "zh-TW": "變體規則：先擲 8 顆骰子，再依擲出的圖案排列在起始列。"},
    "reroll_start_ears": {
        "en": "Random start only: an Ear rolled at the start is rolled again until it shows another face, "
              "as the Chinese post suggests.",
        "zh-TW": "僅限隨機圖案：開局擲出的耳朵要重擲到出現其他圖案為止（中文介紹文的建議）。"},
    "utter_chaos": {
        "en": "Variant: while any other die of yours is still in your start row, your dice may not land in "
              "your far half (field rows 5–8 from your side) or your goal row.",
        "zh-TW": "變體規則：只要你還有其他骰子在起始列，你的骰子就不能落在中線另一邊（從你這邊數第 5–8 排）或終點列。"},
    "chaos_every_landing": {
        "en": "Utter chaos only: the ban covers every landing of a jump chain; switched off, only where the "
              "move ends counts.",
        "zh-TW": "僅限混亂至極：連續跳躍的每次落點都受限制；關閉後只看最後停下的格子。"},
    "chain_rejump": {
        "en": "A jump chain may jump the same die again along another line; it is not re-rolled again. The "
              "rules do not forbid it.",
        "zh-TW": "連續跳躍可以沿另一條線再次跨越同一顆骰子，但不會再重擲。規則沒有禁止。"},
    "chain_leaves_goal": {
        "en": "A die that lands in its goal row mid-chain may jump out of it again; switched off, it may "
              "only keep jumping inside the goal row.",
        "zh-TW": "連續跳躍中落進終點列的骰子可以再跳出終點列；關閉後只能在終點列中繼續跳躍。"},
    "three_player_seats": {
        "en": "No source gives the three-player seats. We use South, West and North (East stays empty as "
              "West's goal); the mirror South, East, North is offered.",
        "zh-TW": "沒有資料說明三人遊戲的座位。本程式使用南、西、北（東邊一列空著，是西邊玩家的終點列）；也可以選擇對稱的南、東、北。"},
    "first_player": {
        "en": "The rules let players choose the first player any way they like: pick Player 1, Player 2 and so "
              "on, or Random to let the computer draw one.",
        "zh-TW": "規則讓玩家自行決定誰先手：可以指定玩家 1、玩家 2 等，或選「隨機」由電腦抽出。"},
    "stall_rounds": {
        "en": "Our safety valve: a die left in someone's goal row can block them for good, so the game ends "
              "after this many rounds without any die entering a goal row. 0 turns it off.",
        "zh-TW": "本程式的保險機制：留在別人終點列的骰子可能永遠擋住對方，所以連續這麼多輪沒有骰子進入終點列時，"
                 "遊戲結束。0 表示不使用。"},
    "stall_result": {
        "en": "What the stall limit gives: a draw, or a win for whoever has the most dice in their goal row.",
        "zh-TW": "達到僵持上限時的結果：平手，或終點列骰子最多的玩家獲勝。"},
    "full_goal_win": {
        "en": "An anti-blocking house rule (from Chinese checkers): you also win when your goal row is full "
              "and holds at least one of your own dice.",
        "zh-TW": "防止阻擋的自訂規則（取自跳棋）：當你的終點列已經填滿，而且其中至少有一顆是你的骰子時，你也獲勝。"},
}

_SETUP = board({})

_LATE = board({**row("bcdefg", "9", "BTSFHE", 0), "h8": "E0", "g5": "F0",
               **row("bcdef", "0", "BTEHS", 1), "h6": "T1", "i8": "S1", "c4": "F1"})

TUTORIAL = Tutorial(
    _SETUP,
    (
        Step({"en": "First arrange your start row (the bottom edge). Swap the Book on b0 with the Swords on i0: "
                    "select b0, then i0. Then press Confirm my start row.",
              "zh-TW": "先排列你的起始列（最下面一排）。把 b0 的書和 i0 的雙劍交換：先選 b0，再選 i0，"
                       "然後按「確認起始列」。"},
             ("arrange SBTTFFSB",),
             {"en": "Select b0 and i0 to swap them (only those two), then press Confirm my start row.",
              "zh-TW": "選 b0 和 i0 交換（只換這兩顆），再按「確認起始列」。"},
             reply=("arrange SSFFTTBB",)),
        Step({"en": "Both rows are set and you begin. A Tree steps forward, diagonally forward, or straight back. "
                    "Move the Tree on d0 forward to d1: select d0, then d1.",
              "zh-TW": "雙方的起始列都排好了，由你先開始。樹可以前進、往左前或右前，或直線後退 1 格。"
                       "把 d0 的樹前進到 d1：先選 d0，再選 d1。"},
             ("d0-d1",),
             {"en": "Select the Tree on d0, then the cell d1 just above it.",
              "zh-TW": "先選 d0 的樹，再選它正上方的 d1。"},
             reply=("f9-f8",)),
        Step({"en": "Now jump. The Tree on e0 can jump diagonally forward over your die on d1 and land on the empty "
                    "c2. A die jumped over is re-rolled. Select e0, then c2.",
              "zh-TW": "接下來是跳躍。e0 的樹可以往左前方跨越 d1 的骰子，停在空格 c2。被跨越的骰子要重擲。"
                       "先選 e0，再選 c2。"},
             ("e0xc2",),
             {"en": "Select the Tree on e0, then c2 (jumping over d1).",
              "zh-TW": "先選 e0 的樹，再選 c2（跨越 d1）。"},
             dice=("d1=H",),
             reply=("e9-e8",)),
        Step({"en": "The jumped die on d1 rolled a Hat! A Hat leaps like a knight, by one of two paths, and "
                    "re-rolls every die on its path. Leap to c3: select d1, then c3, then take path 1 (2 then 1, "
                    "over the empty d2 and d3). Path 2 would re-roll your Tree on c2.",
              "zh-TW": "d1 被跨越的骰子擲出了帽子！帽子走日字，有兩條路徑可選，路徑上的骰子全部要重擲。"
                       "跳到 c3：先選 d1，再選 c3，然後選路徑 1（先二後一，經過空的 d2、d3）。"
                       "路徑 2 會重擲你在 c2 的樹。"},
             ("d1-c3/L",),
             {"en": "Select the Hat on d1, then c3, then press 1 (path 2 then 1).",
              "zh-TW": "先選 d1 的帽子，再選 c3，然後按 1（先二後一）。"}),
        Step({"en": "Later in the game: six of your dice are home in your goal row, the top edge. The Ear on h8 "
                    "cannot move, so re-roll it: select h8, then press R (or Re-roll this die).",
              "zh-TW": "遊戲後段：你已有 6 顆骰子進入終點列（最上面一排）。h8 的耳朵不能移動，所以重擲它："
                       "先選 h8，再按 R（或「重擲這顆骰子」）。"},
             ("roll h8",),
             {"en": "Select the Ear on h8, then press R to re-roll it.",
              "zh-TW": "先選 h8 的耳朵，再按 R 重擲。"},
             dice=("h8=B",),
             reply=("c4-c3",),
             position=_LATE),
        Step({"en": "A Book: it moves straight. Step it into your goal row on h9. A die that starts a turn in its "
                    "goal row never moves again.",
              "zh-TW": "擲出了書：它可以直線移動。把它前進到終點列的 h9。回合開始時已在終點列的骰子不能再移動。"},
             ("h8-h9",),
             {"en": "Select the Book on h8, then h9 above it.",
              "zh-TW": "先選 h8 的書，再選上方的 h9。"},
             reply=("c3-c2",)),
        Step({"en": "Last die: the Flame on g5. Jump over h6 to i7, then over i8 into your goal row on i9: a jump "
                    "chain. Select g5, then i9.",
              "zh-TW": "最後一顆：g5 的火焰。跨越 h6 停在 i7，再跨越 i8 跳進終點列的 i9：這就是連續跳躍。"
                       "先選 g5，再選 i9。"},
             ("g5xi7xi9",),
             {"en": "Select the Flame on g5, then i9 (the chain jumps h6, then i8).",
              "zh-TW": "先選 g5 的火焰，再選 i9（連續跨越 h6 和 i8）。"}),
    ),
    intro={"en": "You play South, at the bottom. Seven short steps: arranging your row, stepping, jumping and "
                 "re-rolls, the Hat's paths, re-rolling an Ear and bringing your dice home.",
           "zh-TW": "你是南邊（下方）的玩家。七個簡短的步驟：排列起始列、移動、跳躍與重擲、帽子的路徑、重擲耳朵，"
                    "以及讓骰子進入終點列。"},
    done={"en": "All 8 dice in your goal row: you win! In a real game, jump your own dice to improve their faces "
                "and your opponent's to spoil theirs.",
          "zh-TW": "8 顆骰子都進入終點列，你獲勝了！實際對局時，可以跨越自己的骰子換個好圖案，也可以跨越對手的骰子打亂他的計畫。"},
)


GUIDE = Guide(RULES, TUTORIAL, NOTES)
"""The rules page, the first-game tutorial and the notes on the options."""
