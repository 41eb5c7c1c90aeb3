"""合縱連橫 (Hezong Lianheng) for players: the rules page and the first-game tutorial.

Every position is on one board (the map of seed 0 in docs/notation/hezong.md); the tutorial's
last scene is a game, much later, that began with the tutorial's first nine stones.
"""

from __future__ import annotations

from qipan.boardkit.guide import Guide, Section, Step, Tutorial

MAP = ("001122333444/500122637748/559166677aa8/b599cddeaaf8/bgg9ccdeeef8/bbgghcdijjff/kkkhhlliijjm/"
       "nkoohlpiqqqm/nrroolpppqsm/nrttuuuvvssm/nrttwwuvvsxx/yyyywwzzzzxx")


def board(stones: str, rest: str) -> str:
    """A position text on MAP: the stones field (12 rows) and the fields after it."""
    return f"{MAP} {stones} {rest}"


EMPTY = "/".join(["12"] * 12)
START = board(EMPTY, "a - 24,24 0,0")
AFTER_TWO = board("12/12/12/12/12/5a6/12/12/12/5b6/12/12", "a f10 23,23 0,0")
BEFORE_ATTACK = board("12/12/12/12/12/2b2a6/12/12/12/2a2b6/12/12", "a c6 22,22 0,0")
THIRD_PARTY = board("12/4a7/12/12/12/12/12/4c7/12/12/4b7/12", "a e8 15,15,15 0,0,0")
LAST_ROUND = board("2b1a6a/4b6b/5a4b1/b6a2a1/10a1/5aa3a1/5aa1b3/6a1b3/5a5b/6a5/6bba1b1/5bb5", "a i8 1,1 8,10")
FINAL = board("2b1a6a/4b6b/5a6/b4b1a2a1/10a1/5aa3a1/5aa1b3/5aa5/5a5b/6a5/6bba1b1/6b5", "a f4 0,0 8,13")

RULES = (
    Section(
        {"en": "The goal", "zh-TW": "遊戲目標"},
        {"en": ("The board is 12 × 12 cells, laid out from the 36 tetromino pieces of the 4rdp puzzle. Each "
                "piece is a region of 4 cells: thick lines mark the regions, and the letter in a corner names "
                "the piece's shape (I, J, L, O, S, T, Z).",
                "Players take turns placing one stone of their colour. Stones can attack and remove other "
                "stones. When every stone has been placed, each region scores for the colours in it: the more "
                "regions your stones hold, and the more of them you hold alone, the better."),
         "zh-TW": ("棋盤是 12×12 的棋格，由 4rdp 益智拼圖的 36 塊四格拼圖塊排成。每一塊拼圖塊就是一個 4 格的區塊："
                   "粗線是區塊的邊界，角落的字母是拼圖塊的形狀（I、J、L、O、S、T、Z）。",
                   "玩家輪流擺放一顆自己顏色的棋子。棋子可以攻擊，把別人的棋子移除。所有棋子都下完後，依各區塊內的棋子顏色"
                   "計分：己方棋子佔領的區塊越多、獨佔的區塊越多，分數越高。")},
        diagram=START,
        caption={"en": "A board: 36 regions of four cells. Every game gets a new layout.",
                 "zh-TW": "一張棋盤：36 個四格區塊。每局的棋盤地圖都不一樣。"}),
    Section(
        {"en": "Stones and turn order", "zh-TW": "棋子與遊戲順位"},
        {"en": ("Each player has stones of one colour: 24 each with 2 players, 16 with 3, 12 with 4, 10 with 5, "
                "8 with 6, 7 with 7 and 6 with 8. That is the 36 regions shared evenly, plus a few extra stones "
                "to fight over. The designer has tested the game with up to 4 players.",
                "The start player goes first, then play goes round in turn order. Because the later players are "
                "attacked less often, each player gives back points at the end: the start player 0, the second "
                "1, the third 2, and so on (the turn-order adjustment)."),
         "zh-TW": ("每位玩家有一種顏色的棋子：兩人各 24 顆，三人各 16 顆，四人各 12 顆，五人各 10 顆，六人各 8 顆，"
                   "七人各 7 顆，八人各 6 顆。也就是 36 個區塊平均分配，再加上幾顆爭子。設計者只測試過四人以內的戰局。",
                   "由起始玩家先下，之後依順時針方向輪流。因為越後面的玩家被攻擊的機會越少，最後要扣遊戲順位調整分："
                   "起始玩家扣 0 分，第二位扣 1 分，第三位扣 2 分，依此類推。")}),
    Section(
        {"en": "Placing a stone", "zh-TW": "擺放棋子"},
        {"en": ("The first stone of the game may go on any cell. Every later stone must go on an empty cell in "
                "the same row or the same column as the stone placed just before it. Following each other along "
                "the lines is what gives the game its name: \"vertical and horizontal alliances\".",
                "The board marks the cells you may use with a dot. Click a cell once to see what your stone "
                "would do there, and again to place it (keyboard: arrow keys, then Enter twice)."),
         "zh-TW": ("整局的第一顆棋子可以擺放在任何棋格。之後的每一顆棋子，都必須擺放在與前一顆棋子同行列（同一橫列或同一直行）"
                   "的空格。因為放棋必須跟循前手在縱橫方向上，多人玩時可以分群合作，所以取名「合縱連橫」。",
                   "棋盤上用圓點標出可以擺放的棋格。點一下棋格可以先看這顆棋子會造成什麼結果，再點一次才擺放"
                   "（鍵盤：方向鍵移動，按兩次 Enter）。")},
        diagram=AFTER_TWO,
        caption={"en": "Player 2 just placed on f10: Player 1 may use the dotted cells of row 10 and column f.",
                 "zh-TW": "玩家 2 剛擺放在 f10：玩家 1 可以用第 10 列與 f 行上有圓點的棋格。"}),
    Section(
        {"en": "Attacks", "zh-TW": "攻擊敵家"},
        {"en": ("When you place a stone next to another stone (sideways, up, down or diagonally), the two form a "
                "pair in a line. Follow that line on past the neighbour, over any empty cells, to the first stone "
                "it meets, however far away: that stone is removed, unless it is yours or has the same colour as "
                "the neighbour.",
                "Your own stone in the way blocks the attack. Attacks happen by themselves, in every direction at "
                "once, so one stone can remove several. Removed stones are out of the game for good; their cells "
                "are empty again and may be used later."),
         "zh-TW": ("擺放棋子時，如果它與另一顆棋子相鄰（上下左右或斜角），兩顆棋子就連成一直線。沿著這條直線越過相鄰的棋子"
                   "繼續往前，經過空格，直到碰到第一顆棋子：無論多遠，這顆棋子都被攻擊並移除，除非它是己方的棋子，"
                   "或與相鄰的棋子同色。",
                   "中間有己方棋子阻擋時，攻擊失敗。攻擊會自動發生，所有方向同時進行，所以一顆棋子可以一次殲滅多顆棋子。"
                   "被移除的棋子不得再使用；它的棋格恢復成空格，之後可以再擺放。")},
        diagram=BEFORE_ATTACK,
        caption={"en": "Player 1 to move: a stone on g6 pairs with f6, and the line runs on over e6 and d6 to "
                       "Player 2's c6, which is removed.",
                 "zh-TW": "輪到玩家 1：擺放在 g6 會與 f6 相鄰連成一直線，越過 e6、d6 攻擊玩家 2 的 c6，將它移除。"}),
    Section(
        {"en": "Allies and enemies", "zh-TW": "合縱連橫"},
        {"en": ("The neighbour may be anyone's stone. With three or more players, your stone next to a third "
                "player's stone attacks whatever lies beyond it in another colour, friend or foe. The attack "
                "fails only when the stone it reaches has your colour or the neighbour's colour.",
                "So in a two-player game only your own stones make useful pairs: a pair with your opponent's "
                "stone can only reach your opponent's stones (same colour) or yours."),
         "zh-TW": ("相鄰的棋子可以是任何人的。三人以上時，你的棋子與第三方的棋子相鄰，也能攻擊線上更遠處其他顏色的棋子，"
                   "無論第三方是敵是友。只有碰到的棋子是己方的顏色，或與相鄰棋子同色時，攻擊才會失敗。",
                   "所以兩人對戰時，只有與己方棋子相鄰才能攻擊：與對手的棋子相鄰，碰到的一定是對手同色的棋子或己方的棋子。")},
        diagram=THIRD_PARTY,
        caption={"en": "Three players. Player 1 to move: a stone on e7 pairs with Player 3's e8, and the line runs "
                       "on to Player 2's e11, which is removed.",
                 "zh-TW": "三人對戰，輪到玩家 1：擺放在 e7 會與玩家 3 的 e8 相鄰，直線一路延伸到玩家 2 的 e11，將它移除。"}),
    Section(
        {"en": "The end and the score", "zh-TW": "分數結算"},
        {"en": ("The game ends when every stone has been placed. Then each region counts once for each colour "
                "in it, however many stones of that colour it holds.",
                "A region holding only your colour is an exclusive region: 2 points. A region holding two or more "
                "colours is shared: 1 point to each of them. Subtract your turn-order adjustment. The highest "
                "score wins; if tied, the player with more exclusive regions wins; if still tied, they share the "
                "win.",
                "The button \"Show region owners\" colours every region by who holds it."),
         "zh-TW": ("所有棋子都下完後，遊戲結束，進行分數結算。同一區塊內有多顆同色棋子時，只算一顆。",
                   "只有一種顏色的區塊是獨佔區塊，該顏色得 2 分；有兩種以上顏色的是非獨佔區塊，每種顏色各得 1 分。"
                   "再減去遊戲順位調整分。分數高者勝；同分時，單色獨佔多者勝；仍然同分就並列獲勝。",
                   "按「顯示區塊歸屬」可以看到每個區塊屬於誰。")},
        diagram=FINAL,
        caption={"en": "The tutorial's game at the end. Player 1: 7 exclusive, 4 shared: 7×2 + 4 − 0 = 18. "
                       "Player 2: 7×2 + 4 − 1 = 17.",
                 "zh-TW": "新手教學那一局的結局。玩家 1：獨佔 7、非獨佔 4，7×2+4−0=18 分；玩家 2：7×2+4−1=17 分。"}),
    Section(
        {"en": "Our choices", "zh-TW": "本程式的規則選擇"},
        {"en": ("The game comes from a 2019 blog post whose figures are lost: only their labels survived. Two "
                "rules were explained by those figures, so we reconstructed them.",
                "Placement: the post shows the cells open to the next player in colour, \"in the same row and "
                "column\" as the stone just placed. We read this as the whole row and column of the previous "
                "stone, for every move after the first. The game's name agrees, and so do the move numbers of the "
                "post's sample game: almost every stone shares a row or column with the one before it.",
                "Attacks: the arrows of the five examples are lost. We read the text as: the line runs from the new "
                "stone through its neighbour and on, over empty cells, to the first stone of any colour. Diagonals "
                "count, since the post's legend shows all eight neighbours. Attacks fire by themselves, and a "
                "removal never sets off another attack.",
                "Our own decisions: the computer lays the 36 pieces out at random (with the real puzzle the players "
                "do it, and whoever places the last piece starts); the cell of a removed stone may be used again; if "
                "the row and column of the previous stone are full, you may place anywhere.",
                "The points below can be changed under New game → House rules; the value shown is our default."),
         "zh-TW": ("這個遊戲來自 2019 年的一篇部落格文章，文中的圖例都遺失了，只剩下圖上的文字。有兩條規則原本靠圖例說明，"
                   "本程式依文字重建如下。",
                   "擺放：原文用顏色標出下一位玩家可以放棋的範圍，說明是與前一顆棋子「同行列」。我們解讀為：第一顆之後的"
                   "每一顆棋子，都擺放在前一顆棋子所在的整個橫列或整個直行上。遊戲名稱「合縱連橫」也是這個意思；"
                   "原文計分範例的棋步編號，幾乎每一步都與前一步同行列。",
                   "攻擊：五個圖例的箭頭都遺失了。我們依文字解讀為：直線從新擺放的棋子出發，穿過相鄰的棋子繼續延伸，"
                   "經過空格，碰到的第一顆棋子（任何顏色）就是攻擊對象。斜角也算相鄰，因為原文圖例的 O 四周有 A~H "
                   "八個位置。攻擊自動發生；棋子被移除後不會引發新的攻擊。",
                   "本程式自行決定的部分：棋盤地圖由電腦隨機排出（實際用拼圖玩時由玩家排，最後一位排好拼圖的人擔任起始玩家）；"
                   "被移除棋子的棋格可以再擺放；前一顆棋子的同行列沒有空格時，可以擺放在任何空格。",
                   "下列項目可以在「新遊戲 → 自訂規則」中更改，顯示的是預設值。")},
        choices=True),
)

NOTES = {
    "start_player": {
        "en": "Random: the computer draws the start player. Or pick who starts: Player 1, Player 2, and so on. "
              "The start player's adjustment is 0.",
        "zh-TW": "隨機：由電腦抽出起始玩家。也可以直接指定：玩家 1、玩家 2，依此類推。起始玩家的遊戲順位調整分為 0。"},
    "attack_ray": {
        "en": "Which way the attack line runs: on through the neighbour (our reading of the lost arrows), "
              "backwards from the new stone away from the neighbour, or both ways at once.",
        "zh-TW": "攻擊直線的方向：穿過相鄰的棋子繼續延伸（我們對遺失箭頭的解讀）、從新棋子往相鄰棋子的反方向延伸，或兩個方向同時攻擊。"},
    "attack": {
        "en": "Automatic: every attack a stone makes happens. Chosen by the player: you pick which of them "
              "happen (the post says a pair \"can\" attack, its legend that placing \"produces\" one).",
        "zh-TW": "自動發生：擺放造成的攻擊全部成立。由玩家選擇：由擺放的玩家決定哪些攻擊成立"
                 "（原文一處寫相鄰「可以」攻擊，圖例說明則寫放棋「就會產生」攻擊）。"},
    "blocked_line": {
        "en": "When the row and column of the previous stone have no empty cell (rare): place anywhere, or lose "
              "that stone without placing it. The post does not say.",
        "zh-TW": "前一顆棋子的同行列都沒有空格時（很少見）：可以擺放在任何空格，或失去這顆棋子。原文沒有說明。"},
    "reuse_removed_cells": {
        "en": "On: the cell of a removed stone is empty again. Off: it stays closed for the rest of the game. The "
              "post only says the removed stone may not be used again.",
        "zh-TW": "開啟：被移除棋子的棋格恢復成空格。關閉：該棋格封閉到遊戲結束。原文只說被攻擊的棋子不得再使用。"},
    "final_tie": {
        "en": "Still tied after comparing exclusive regions: the tied players share the win, or nobody wins. The "
              "post does not say.",
        "zh-TW": "比較獨佔區塊數量後仍然同分：同分的玩家並列獲勝，或無人獲勝。原文沒有說明。"},
}

TUTORIAL = Tutorial(
    START,
    (
        Step({"en": "You are Player 1 (blue stones marked 1). The first stone may go anywhere: place it on f6. "
                    "The first click shows what the stone would do, the second places it.",
              "zh-TW": "你是玩家 1（標著 1 的藍色棋子）。第一顆棋子可以擺放在任何棋格：把它擺放在 f6。"
                       "第一次點選會顯示擺放的結果，第二次點選才擺放。"},
             ("f6",),
             {"en": "Place your first stone on f6: select f6, then select it again.",
              "zh-TW": "把第一顆棋子擺放在 f6：選 f6，再選一次。"},
             reply=("f10",)),
        Step({"en": "Player 2 answered on f10. Every stone now goes on an empty cell in the row or column of the "
                    "stone just placed: row 10 or column f (the dots). Place on c10.",
              "zh-TW": "玩家 2 擺放在 f10。從現在起，每顆棋子都要擺放在前一顆棋子同行列的空格：第 10 列或 f 行"
                       "（有圓點的棋格）。擺放在 c10。"},
             ("c10",),
             {"en": "c10 is in row 10, three cells left of f10: select it twice.",
              "zh-TW": "c10 在第 10 列，f10 左邊第三格：選它兩次。"},
             reply=("c6",)),
        Step({"en": "Player 2 placed on c6. Now attack: place on g6. It pairs with your f6, and the line runs on "
                    "past f6, over the empty e6 and d6, to Player 2's c6, which is removed.",
              "zh-TW": "玩家 2 擺放在 c6。現在來攻擊：擺放在 g6。它與你的 f6 相鄰連成一直線，越過 f6 和空的 e6、d6，"
                       "攻擊玩家 2 的 c6，將它移除。"},
             ("g6",),
             {"en": "Place on g6, just right of your f6 (row 6).",
              "zh-TW": "擺放在 g6，就在你的 f6 右邊（第 6 列）。"},
             reply=("g10",)),
        Step({"en": "Player 2 struck back the same way: g10 pairs with f10 and removed your c10. Removed stones are "
                    "gone for good. Place on g8: it attacks nothing yet, but prepares your next move.",
              "zh-TW": "玩家 2 用同樣的方法反擊：g10 與 f10 相鄰，移除了你的 c10。被移除的棋子不得再使用。"
                       "擺放在 g8：這一步還不會攻擊，但是為下一步做準備。"},
             ("g8",),
             {"en": "Place on g8, in column g between your g6 and Player 2's g10.",
              "zh-TW": "擺放在 g8，在 g 行上你的 g6 與玩家 2 的 g10 之間。"},
             reply=("g2",)),
        Step({"en": "Player 2 placed on g2. Place on g7: it pairs with g6 above and with g8 below, so it attacks "
                    "both ways along column g and removes g2 and g10 at once.",
              "zh-TW": "玩家 2 擺放在 g2。擺放在 g7：它同時與上方的 g6 和下方的 g8 相鄰，沿著 g 行向兩個方向攻擊，"
                       "一次移除 g2 和 g10。"},
             ("g7",),
             {"en": "Place on g7, between your g6 and g8.",
              "zh-TW": "擺放在 g7，在你的 g6 和 g8 之間。"},
             reply=("f7",)),
        Step({"en": "Both are gone. Player 2 then placed on f7, in the region your g7 held alone (the J piece "
                    "f7, g7, f8, f9): now it is shared, 1 point each instead of 2 for you (see the table). Place "
                    "on h7: with g7 it removes f7, and the region is yours alone again.",
              "zh-TW": "兩顆都被移除了。接著玩家 2 擺放在 f7，進入原本由你的 g7 獨佔的區塊（f7、g7、f8、f9 這塊 J）："
                       "現在它變成非獨佔區塊，你從 2 分變成 1 分，玩家 2 也得 1 分（見分數表）。擺放在 h7：它與 g7 相鄰，"
                       "移除 f7，這個區塊又由你獨佔。"},
             ("h7",),
             {"en": "Place on h7, just right of your g7 (row 7).",
              "zh-TW": "擺放在 h7，就在你的 g7 右邊（第 7 列）。"}),
        Step({"en": "Much later in a game: each player has one stone left, and Player 2 leads 22 to 19. Place "
                    "your last stone on f8: it attacks three ways at once and removes i8, f12 and k3. Each of them "
                    "held a region alone, so Player 2 loses 6 points.",
              "zh-TW": "很久以後：雙方都只剩一顆棋子，玩家 2 以 22 比 19 領先。把最後一顆棋子擺放在 f8：它同時向三個方向攻擊，"
                       "移除 i8、f12 和 k3。這三顆棋子原本各自獨佔一個區塊，所以玩家 2 少了 6 分。"},
             ("f8",),
             {"en": "Place on f8, in row 8 left of i8 (the previous stone), just below your f7.",
              "zh-TW": "擺放在 f8：在第 8 列、前一顆棋子 i8 的左邊，就在你的 f7 下方。"},
             reply=("f4",),
             position=LAST_ROUND),
    ),
    intro={"en": "You play Player 1 against a scripted Player 2. Seven short steps: placing, following the line, "
                 "attacks, regions and the final score.",
           "zh-TW": "你是玩家 1，對手玩家 2 的棋步已經安排好。七個簡短的步驟：擺放、同行列、攻擊、區塊和分數結算。"},
    done={"en": "Player 2's last stone on f4 shares a region with your g6, but you win 18 to 17. In a real game, "
                "remember that every stone you place decides where the next player may go.",
          "zh-TW": "玩家 2 的最後一顆棋子 f4 與你的 g6 共用一個區塊，但你以 18 比 17 獲勝！實際對局時別忘了："
                   "你擺放的每一顆棋子，都決定了下一位玩家可以放在哪裡。"},
)


GUIDE = Guide(RULES, TUTORIAL, NOTES)
"""The rules page, the first-game tutorial and the notes on the options."""
