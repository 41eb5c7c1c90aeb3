"""Calavera (骷髏骰) for players: the rules page and the first-game tutorial.

The printed score sheet was never found (docs/rules/calavera.md §2): the box values, rose
thresholds, bonus lines and death zone are our reconstruction, and the page says so twice.
"""

from __future__ import annotations

from qipan.boardkit.guide import Guide, Section, Step, Tutorial


def table(sheets: str, bonus: str = "---/---", claimed: str = "---", active: int = 0) -> str:
    """A two-player position between turns: the sheets as `O.P.G.B/O.P.G.B` cross counts."""
    return (f"v1 start=0 sheets={sheets} bonus={bonus} claimed={claimed} phase=roll active={active} "
            f"rolls=0 dice=- skulls=0")


RECONSTRUCTION = {
    "en": "Please note: the printed Calavera score sheet could not be found. The box values, the roses needed "
          "to freeze, the bonus lines and their points, and the death zone used here are our reconstruction "
          "from reviews of the game. The rules of play follow the rulebook.",
    "zh-TW": "請注意：我們找不到《骷髏骰》實際印刷的作答紙。這裡使用的格子分數、凍結所需的玫瑰數量、獎賞線的位置與分數，"
             "以及死亡區，都是根據遊戲評論推測重建的。遊戲規則則依照規則書。",
}

RULES = (
    Section(
        {"en": "The goal", "zh-TW": "遊戲目標"},
        {"en": ("Roll six dice and mark crosses on your score sheet. Many crosses mean many points, but be "
                "careful: if you get greedy and mark too many, you lose points again. The highest total wins.",
                "Every die shows the four colours (orange, pink, green and black), a rose and a skull. Roses are "
                "jokers; skulls are trouble. Each player has a sheet with one row per colour, and crosses in a "
                "row are always marked from left to right."),
         "zh-TW": ("擲六顆骰子，在自己的作答紙上畫叉。叉越多，分數越高；不過要小心：太貪心、畫太多叉，分數反而會掉下來。"
                   "總分最高的玩家獲勝。",
                   "每顆骰子有四種顏色（橘色、粉紅色、綠色、黑色）、一朵玫瑰和一個骷髏。玫瑰是百搭，骷髏則會帶來麻煩。"
                   "每位玩家有一張作答紙，每種顏色一條顏色列，叉一律從左往右畫。")}),
    Section(
        {"en": "The score sheet", "zh-TW": "作答紙"},
        {"en": ("Each row has 16 boxes with a value under each. A row is worth the value of its furthest cross. "
                "The first eight boxes form the grey low zone (0, 0, 0, 0, 0, 1, 2, 3). Then comes the yellow "
                "score zone: 4, 5 and 6 under two roses, then 8 and 10 under three roses. The last three boxes "
                "are the grey death zone: 3, 0 and −3.",
                "So the best place for a row is just before the death zone, and the trick is to stop it there.",
                RECONSTRUCTION["en"]),
         "zh-TW": ("每條顏色列有 16 個格子，每格下方有分數。一條顏色列的分數，就是最遠的那個叉所在格子的分數。"
                   "前 8 格是灰色區（0、0、0、0、0、1、2、3）。接著是黃色的分數區：兩朵玫瑰下方的 4、5、6，"
                   "以及三朵玫瑰下方的 8、10。最後 3 格是灰色的死亡區：3、0、−3。",
                   "所以一條顏色列最好停在死亡區之前，訣竅就是及時讓它停下來。",
                   RECONSTRUCTION["zh-TW"])},
        diagram=table("3.7.10.13/4.2.6.1", active=1),
        caption={"en": "Player 1: orange is worth 0, pink 2, green 5 in the yellow score zone, and black sits on the "
                       "10, the best box, right before the death zone.",
                 "zh-TW": "玩家 1：橘色列 0 分，粉紅色列 2 分，綠色列在黃色分數區得 5 分，黑色列在 10 分的格子上："
                          "這是最好的位置，就在死亡區前面。"}),
    Section(
        {"en": "Rolling", "zh-TW": "擲骰"},
        {"en": ("On your turn, roll all six dice. Every skull is set aside at once and can never be re-rolled. "
                "Then you may stop, or re-roll any of the other dice, including ones you kept before. You have "
                "three rolls at most; after the third the dice stand.",
                "Skulls add up over the whole turn. At three skulls your turn ends at once: this is the curse of "
                "the skulls, and you mark nothing at all this turn."),
         "zh-TW": ("輪到你時，擲全部六顆骰子。擲出的骷髏要立刻放到一旁，不能再重擲。接著你可以停止擲骰，"
                   "或重擲任何其他骰子（之前保留的也可以）。每回合最多擲三次，第三次擲骰的結果就是最終結果。",
                   "骷髏在整個回合中會累計。一旦累計到三個骷髏，你的回合立刻結束：這就是骷髏的詛咒，"
                   "你這回合完全不能畫叉。")}),
    Section(
        {"en": "Marking your crosses", "zh-TW": "畫叉"},
        {"en": ("When you stop, pick exactly one of these:",
                "A colour: one cross in that colour's row for every die showing it. You must use all of them.",
                "The roses as one colour: one cross in any row you like for every rose. Again all of them, and "
                "never mixed with colour dice.",
                "Freeze a row with roses (see Freezing): no crosses at all.",
                "If you can do one of these, you must. Only when nothing fits (every colour showing is already "
                "frozen and there is no rose) do you mark nothing."),
         "zh-TW": ("停止擲骰後，從下列選項中選一個：",
                   "選擇一種顏色：每顆顯示這種顏色的骰子，就在該顏色列畫一個叉。這種顏色的骰子必須全部使用。",
                   "選擇玫瑰來代表一種顏色：每朵玫瑰在你選的顏色列畫一個叉。同樣必須使用全部的玫瑰，"
                   "而且不能和顏色骰併用。",
                   "用玫瑰凍結一條顏色列（見「凍結」）：這時不畫任何叉。",
                   "只要有選項可選，就必須選一個。只有在沒有任何選項時（骰出的顏色都已凍結，也沒有玫瑰），才不畫叉。")}),
    Section(
        {"en": "Skulls make the others mark", "zh-TW": "骷髏讓其他玩家畫叉"},
        {"en": ("If your final roll had at least one skull, every other player must now mark too, whether they "
                "like it or not. They choose from the dice you did not take: one colour (all its dice) or the "
                "roses as one colour. They all may choose the same dice, and they can never freeze.",
                "After the curse of the skulls, the others choose from all the dice, since you took none. With no "
                "skull at all, nobody else marks."),
         "zh-TW": ("如果你最後的結果裡至少有一個骷髏，其他玩家現在也必須畫叉，無論他們想不想要。"
                   "他們從你沒有選走的骰子中選擇：一種顏色（該色的全部骰子），或用玫瑰代表一種顏色。"
                   "所有其他玩家都可以選同樣的骰子，但他們不能凍結。",
                   "發生骷髏的詛咒時，你沒有選任何骰子，所以其他玩家可以從所有骰子中選擇。"
                   "如果完全沒有骷髏，其他玩家就不畫叉。")}),
    Section(
        {"en": "Freezing", "zh-TW": "凍結"},
        {"en": ("A frozen row is finished: it keeps its score and takes no more crosses. You are never forced to "
                "mark it again. There are two ways to freeze a row.",
                "With roses, on your own turn: the row's furthest cross must be in the yellow score zone. Two "
                "roses freeze it on a 4, 5 or 6; the 8 and the 10 need three roses. Once a row has passed the 6, "
                "two roses are no longer enough.",
                "In the death zone: whenever your crosses end in the death zone, on your turn or someone "
                "else's, the row freezes there at once. All the crosses are marked first, so a row on the 10 "
                "that must take three more lands on the −3."),
         "zh-TW": ("凍結的顏色列就此結束：保留目前的分數，不能再畫叉，之後也不會被迫在這一列畫叉。凍結有兩種方式。",
                   "用玫瑰凍結（只有當前玩家可以）：這條顏色列最遠的叉必須在黃色的分數區。兩朵玫瑰可以凍結在 4、5 或 6;"
                   "8 和 10 需要三朵玫瑰。顏色列超過 6 之後，兩朵玫瑰就不夠了。",
                   "進入死亡區：無論是不是你的回合，只要畫完叉後停在死亡區，這條顏色列就立刻凍結在那裡。"
                   "叉要全部畫完才凍結，所以停在 10 分的顏色列如果必須再畫三個叉，就會落到 −3。")},
        diagram=table("9f.16f.12.14f/6.5.8.7", bonus="FF-/L--", claimed="xx-", active=1),
        caption={"en": "Player 1 froze orange at 4 with two roses. Pink and black ran into the death zone and froze "
                       "at −3 and 3. Green, on the 8, needs three roses to freeze.",
                 "zh-TW": "玩家 1 用兩朵玫瑰把橘色列凍結在 4 分。粉紅色列和黑色列進入死亡區，凍結在 −3 和 3 分。"
                          "綠色列在 8 分，需要三朵玫瑰才能凍結。"}),
    Section(
        {"en": "Bonus lines and the end", "zh-TW": "獎賞線與遊戲結束"},
        {"en": ("Three red bonus lines cross the sheet. You reach a line when all four of your rows have a cross "
                "up to it (a frozen row counts where it stopped). The first player to reach a line scores its big "
                "number: 4, 5 or 6. Everyone who reaches it later scores the small number: 2, 3 or 3. Each line "
                "counts on its own, so you can come late to one and first to the next.",
                "When a player has frozen all four rows, the game ends after that turn. A row that is not frozen "
                "scores its furthest cross; an empty row scores 0. Add your four rows and your bonus points: the "
                "highest total wins, and tied players share the win."),
         "zh-TW": ("作答紙上有三條紅色的獎賞線。當你四條顏色列的叉都畫到一條獎賞線時，就達成了這條線（凍結的顏色列以"
                   "凍結的位置計算）。第一個達成的玩家得到第一名的數字：4、5 或 6 分；之後才達成的玩家得到較低的數字："
                   "2、3 或 3 分。每條獎賞線分開計算，所以第一條線晚到，下一條線仍然可以搶第一名。",
                   "有玩家凍結全部四條顏色列時，遊戲在該回合結束後結束。沒有凍結的顏色列以最遠的叉計分，"
                   "沒有叉的顏色列是 0 分。把四條顏色列的分數和獎賞線的分數加起來就是總分：總分最高的玩家獲勝，"
                   "同分則並列獲勝。")},
        diagram=table("9.8.11.10/5.6.5.7", bonus="FF-/L--", claimed="xx-"),
        caption={"en": "Player 1 reached the first two lines first (4 + 5 points). Player 2 reached the first line "
                       "later and scores 2.",
                 "zh-TW": "玩家 1 第一個達成前兩條獎賞線（4 + 5 分）。玩家 2 之後才達成第一條獎賞線，得 2 分。"}),
    Section(
        {"en": "Our choices", "zh-TW": "本程式的規則選擇"},
        {"en": ("The score sheet is our reconstruction: the printed sheet was not found. The rulebook and reviews "
                "agree on the grey, yellow and grey zones; on 4 to 10 points in the score zone, under two and "
                "three roses; on three red bonus lines, three boxes apart, the first worth 4 to the first player "
                "and 2 to later ones, the second worth 5 to the first player; and on a death zone of three boxes "
                "ending at −3. The 1, 2, 3 in the low zone, the 3 and 0 in the death zone, the places of the lines "
                "and their other points are our guesses. All four rows are alike.",
                "Where the rulebook is silent we decided: other players also use all dice of the colour they "
                "choose; after a freeze they may use every colour die; if you have no option, they use all the "
                "dice; crosses past the last box are lost; tied totals share the win.",
                "The points below can be changed under New game → House rules; the value shown is our default."),
         "zh-TW": ("作答紙是我們推測重建的：找不到實際印刷的作答紙。規則書與評論一致提到的有：灰色、黃色、灰色三個區域；"
                   "分數區在兩朵和三朵玫瑰下方，分數從 4 到 10；三條紅色獎賞線，彼此相隔三格，第一條線第一名 4 分、之後的玩家 2 分，"
                   "第二條線第一名 5 分；死亡區有三格，最後一格是 −3。灰色區的 1、2、3，死亡區的 3 和 0，"
                   "獎賞線的位置以及其餘的分數，都是我們的推測。四條顏色列都相同。",
                   "規則書沒有說明的地方，我們的做法是：其他玩家選擇一種顏色時，也必須使用該色的全部骰子；"
                   "當前玩家凍結後，其他玩家可以使用所有顏色骰；當前玩家沒有任何選項時，其他玩家可以使用所有骰子；"
                   "超過最後一格的叉不計；總分相同則並列獲勝。",
                   "下列項目可以在「新遊戲 → 自訂規則」中更改，顯示的是預設值。")},
        choices=True),
)

NOTES = {
    "passive_crosses": {
        "en": "The rulebook translation lets the others mark one cross per die of the colour they choose (or per "
              "rose). Two reviews say one cross per skull rolled instead; you can play that way.",
        "zh-TW": "規則書的翻譯是：其他玩家每顆所選顏色的骰子（或每朵玫瑰）畫一個叉。有兩篇評論說是每個骷髏畫一個叉；"
                 "也可以改用這種玩法。"},
    "passive_exclusion": {
        "en": "By the rulebook only the dice you took are off limits to the others. One shop text says they may "
              "not use your colour at all (by colour dice or by roses); a freeze never rules out a row.",
        "zh-TW": "依照規則書，只有當前玩家選走的骰子其他玩家不能用。有一段商店介紹說其他玩家完全不能選當前玩家的顏色"
                 "（顏色骰或玫瑰都不行）；凍結不會排除任何顏色列。"},
    "bonus_same_turn": {
        "en": "When you and others reach a line in the same turn, your own marking counts first, so you alone "
              "take the big number. Only if you did not reach it do the others who reach it that turn share it.",
        "zh-TW": "你和其他玩家在同一回合達成同一條獎賞線時，先算你自己畫的叉，所以只有你得到第一名的數字；"
                 "只有你沒有達成時，同一回合達成的其他玩家才一起得到第一名的數字。"},
    "freeze_takes": {
        "en": "Freezing uses up all the roses showing, so the others cannot mark them. The rulebook does not say; "
              "the other choice takes only the two or three roses needed.",
        "zh-TW": "凍結會用掉所有的玫瑰，其他玩家不能再用它們畫叉。規則書沒有說明；另一種選擇是只取走需要的兩朵或三朵玫瑰。"},
    "active_may_pass": {
        "en": "No source lets the player whose turn it is mark nothing when an option fits, so by default you must "
              "take one.",
        "zh-TW": "沒有任何資料說當前玩家有選項時可以不畫叉，所以預設必須選一個。"},
    "even_rounds": {
        "en": "By default the game ends right after the turn in which someone's fourth row freezes. Switched on, "
              "the round is finished first so that everyone has had the same number of turns.",
        "zh-TW": "預設在有人第四條顏色列凍結的那個回合結束後，遊戲就結束。開啟後會先完成這一輪，讓每個人的回合數相同。"},
    "start_player": {
        "en": "The rulebook's start player is whoever last ate Mexican food. Random: the computer draws one. Or "
              "pick the seat: Player 1, Player 2 and so on.",
        "zh-TW": "規則書說由最近吃過墨西哥料理的玩家先開始。隨機：由電腦抽出一位。也可以指定座位：玩家 1、玩家 2 等。"},
}

_START = table("2.5.11.6/3.13.2.9f")
"""Player 1 (the learner) is one row short of the first bonus line; green waits in the score zone.
Player 2 has frozen black and pushed pink to the 10, one cross before the death zone."""

TUTORIAL = Tutorial(
    _START,
    (
        Step({"en": "Your turn. Roll all six dice: press Roll the dice (or Enter on the board).",
              "zh-TW": "輪到你了。擲全部六顆骰子：按「擲骰」（或在棋盤上按 Enter）。"},
             ("roll OOPGRS",),
             {"en": "Press Roll the dice.", "zh-TW": "請按「擲骰」。"}),
        Step({"en": "One skull: it is set aside and can never be re-rolled. You want orange. Select the pink die and "
                    "the green die (click them, or arrow keys and Space on the board), then press Re-roll selected.",
              "zh-TW": "擲出一個骷髏：它被放到一旁，不能再重擲。你想要橘色。選擇粉紅色和綠色的骰子（點選它們，"
                       "或在棋盤上用方向鍵和空白鍵），再按「重擲所選骰子」。"},
             ("reroll PG",),
             {"en": "Select only the pink die and the green die, then press Re-roll selected (key R).",
              "zh-TW": "只選粉紅色和綠色的骰子，再按「重擲所選骰子」（R 鍵）。"},
             dice=("roll OS",)),
        Step({"en": "An orange and a second skull. A third skull would curse your turn and you would mark nothing. "
                    "Play safe: press Stop and choose (key S).",
              "zh-TW": "擲出一個橘色和第二個骷髏。再來一個骷髏，你就會受到骷髏的詛咒，這回合不能畫叉。"
                       "保險一點：按「停止擲骰並選擇」（S 鍵）。"},
             ("stop",),
             {"en": "Do not risk it: press Stop and choose.", "zh-TW": "別冒險：請按「停止擲骰並選擇」。"}),
        Step({"en": "Take orange: three crosses. Your orange row reaches the first red bonus line, and so do your "
                    "other three rows, so you are first there: 4 bonus points. Click an orange die or the "
                    "Take orange button.",
              "zh-TW": "選擇橘色：畫三個叉。你的橘色列畫到第一條紅色獎賞線，其他三條顏色列也已經到達，"
                       "你是第一個達成的玩家：獎賞 4 分。點選一顆橘色骰子，或按「選擇橘色」。"},
             ("colour O",),
             {"en": "Take the three orange dice (not the rose): click an orange die or Take orange.",
              "zh-TW": "選擇三顆橘色骰子（不是玫瑰）：點選一顆橘色骰子，或按「選擇橘色」。"},
             reply=("roses G", "roll OOGGSS", "stop", "colour O")),
        Step({"en": "You rolled skulls, so Player 2 had to mark the rose you left (as green). Then Player 2 rolled "
                    "two skulls, stopped and took orange. Now you must mark from the dice left: the two greens. "
                    "They move your green row to the 10. Take green.",
              "zh-TW": "因為你擲出了骷髏，玩家 2 必須用你留下的玫瑰畫叉（當作綠色）。接著玩家 2 擲出兩個骷髏，"
                       "停止擲骰並選擇了橘色。現在你必須從剩下的骰子中畫叉：兩顆綠色。它們讓你的綠色列到達 10 分。"
                       "選擇綠色。"},
             ("colour G",),
             {"en": "You must take the two green dice: click one, or the Take green button.",
              "zh-TW": "你必須選擇兩顆綠色骰子：點選其中一顆，或按「選擇綠色」。"}),
        Step({"en": "Your turn again. Green sits on the 10, one box before the death zone. Roll and hope for roses.",
              "zh-TW": "又輪到你了。綠色列在 10 分，離死亡區只差一格。擲骰，希望擲出玫瑰。"},
             ("roll PBRRRS",),
             {"en": "Press Roll the dice.", "zh-TW": "請按「擲骰」。"}),
        Step({"en": "Three roses! That is enough to freeze green on the 10. Press Stop and choose.",
              "zh-TW": "三朵玫瑰！足夠把綠色列凍結在 10 分。按「停止擲骰並選擇」。"},
             ("stop",),
             {"en": "Keep the roses: press Stop and choose.", "zh-TW": "保留玫瑰：請按「停止擲骰並選擇」。"}),
        Step({"en": "Freeze green at 10 with the three roses: the row keeps its 10 for good and can never fall into "
                    "the death zone. Choose Freeze green in the panel (or arrow keys and Enter).",
              "zh-TW": "用三朵玫瑰把綠色列凍結在 10 分：這條顏色列永遠保留 10 分，不會再掉進死亡區。"
                       "在面板上選擇「凍結綠色列」（或用方向鍵和 Enter）。"},
             ("freeze G",),
             {"en": "Choose Freeze green at 10 (3 roses); roses as green would push the row into the death zone.",
              "zh-TW": "請選擇「凍結綠色列為 10 分」；把玫瑰當作綠色會讓這一列進入死亡區。"},
             reply=("colour P",)),
    ),
    intro={"en": "You are Player 1 in a game under way. Eight short steps: rolling and re-rolling, skulls, marking, "
                 "a bonus line, marking on someone else's turn, and freezing with roses.",
           "zh-TW": "你是玩家 1，對局已經進行了一段時間。八個簡短的步驟：擲骰與重擲、骷髏、畫叉、獎賞線、"
                    "在別人的回合畫叉，以及用玫瑰凍結。"},
    done={"en": "Green is frozen at 10. Your roll had a skull, so Player 2 had to take the pink die: their pink row "
                "went past the 10 into the death zone and froze at 3. You know Calavera: push your luck, but stop "
                "in time!",
          "zh-TW": "綠色列凍結在 10 分。你的結果裡有骷髏，所以玩家 2 必須選擇粉紅色骰子：他們的粉紅色列超過 10 分，"
                   "進入死亡區，凍結在 3 分。你已經會玩《骷髏骰》了：賭一把，但要及時停手！"},
)


GUIDE = Guide(RULES, TUTORIAL, NOTES)
"""The rules page, the first-game tutorial and the notes on the options."""
