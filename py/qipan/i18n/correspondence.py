"""Strings of correspondence play (keys start with "correspondence."): the dice modes, what opening
a link did, who the game waits for, the verdict of a re-check, and why a link or a move is refused
(`CorrespondenceError` keys: correspondence.err.*; `step` is the number of the message in the game's
history, `player` the name of its author)."""

STRINGS: dict[str, dict[str, str]] = {
    "correspondence.dice.friendly": {"en": "Friendly dice (trusting everyone)", "zh-TW": "友好擲骰（彼此信任）"},
    "correspondence.dice.friendly_note": {
        "en": "The dice come from a seed shared in the link, as in a game on one device: no extra "
              "messages, but a player who looks can know every roll in advance.",
        "zh-TW": "骰子取自連結中共享的種子，和在同一台裝置上對弈一樣：不需要額外的訊息，但有心的玩家可以事先知道每一次擲骰的結果。"},
    "correspondence.dice.verified": {"en": "Verified dice", "zh-TW": "可驗證擲骰"},
    "correspondence.dice.verified_note": {
        "en": "Every roll is made of two halves from two players, one fixed before the choice and one "
              "after it: nobody can know or steer a roll before their choice is fixed. A roll after "
              "your own re-roll choice waits for another player's answer.",
        "zh-TW": "每一次擲骰都由兩位玩家各出一半：一半在選擇之前就已固定，另一半在選擇之後才加入，"
                 "因此沒有人能在自己的選擇確定之前預知或操控結果。你自己選擇重擲後的那一擲，需要等另一位玩家回覆。"},
    "correspondence.open.same": {"en": "Nothing new: you have already opened this link.",
                                 "zh-TW": "沒有新內容：你已經開啟過這個連結。"},
    "correspondence.open.older": {"en": "Nothing new: this is an older link of this game; your copy is further on.",
                                  "zh-TW": "沒有新內容：這是這局較舊的連結，你的紀錄已經更新。"},
    "correspondence.open.new": {"en": "Played since your last visit:", "zh-TW": "你上次查看之後的走法："},
    "correspondence.open.draft_dropped": {
        "en": "Your unsent move no longer fits the game and was taken back.",
        "zh-TW": "你尚未送出的那一步已不符合目前的局面，已撤回。"},
    "correspondence.wait.join": {"en": "Waiting for {player} to accept the invitation",
                                 "zh-TW": "等待 {player} 接受邀請"},
    "correspondence.wait.seed": {"en": "Waiting for {player} to start the game",
                                 "zh-TW": "等待 {player} 開始對局"},
    "correspondence.wait.roll": {"en": "Waiting for {player} to add their half of the roll",
                                 "zh-TW": "等待 {player} 加入這一擲的另一半"},
    "correspondence.wait.reveal": {"en": "Waiting for {player} to reveal their start row",
                                   "zh-TW": "等待 {player} 公開起始列"},
    "correspondence.wait.move": {"en": "Waiting for {player} to move", "zh-TW": "等待 {player} 走棋"},
    "correspondence.wait.over": {"en": "The game is over", "zh-TW": "對局已結束"},
    "correspondence.waiting_since": {"en": "waiting since {when}", "zh-TW": "自 {when} 起等待中"},
    "correspondence.verify.ok": {
        "en": "Dice verified: {rolls} rolls checked against their commitments, {moves} moves replayed.",
        "zh-TW": "擲骰已驗證：{rolls} 次擲骰與其承諾相符，{moves} 步棋已重播。"},
    "correspondence.verify.friendly": {
        "en": "Friendly dice: the rolls came from the shared seed and cannot be verified ({moves} moves replayed).",
        "zh-TW": "友好擲骰：骰子來自共享的種子，無法驗證（已重播 {moves} 步棋）。"},
    "correspondence.verify.failed": {"en": "This game does not check out: {reason}",
                                     "zh-TW": "這局棋未通過驗證：{reason}"},
    # -- why a link, a file or a move is refused --------------------------------------------------------
    "correspondence.err.not_link": {"en": "This is not a game link (it should end in #c1. and letters).",
                                    "zh-TW": "這不是對局連結（結尾應為「#c1.」加上一串字母）。"},
    "correspondence.err.not_file": {"en": "This file is not a Qipan correspondence game.",
                                    "zh-TW": "這個檔案不是棋盤的通信對局。"},
    "correspondence.err.version": {
        "en": "This link was made by a newer Qipan (format {version}); update the app to open it.",
        "zh-TW": "這個連結由較新版本的棋盤產生（格式 {version}）；請更新程式後再開啟。"},
    "correspondence.err.truncated": {"en": "This link is cut short: ask for it again, whole.",
                                     "zh-TW": "這個連結不完整：請對方重新傳送完整的連結。"},
    "correspondence.err.damaged": {"en": "This link is damaged: some of its letters were changed or lost.",
                                   "zh-TW": "這個連結已損壞：其中有些字元被更改或遺失。"},
    "correspondence.err.too_long": {"en": "This link is too long to open (more than {limit} characters).",
                                    "zh-TW": "這個連結太長，無法開啟（超過 {limit} 個字元）。"},
    "correspondence.err.too_big": {"en": "This link unpacks to far more than a game.",
                                   "zh-TW": "這個連結解開後的內容遠大於一局棋。"},
    "correspondence.err.malformed": {"en": "This link does not describe a game (its part “{field}” is wrong).",
                                     "zh-TW": "這個連結不是有效的對局（其中的「{field}」部分有誤）。"},
    "correspondence.err.unknown_game": {"en": "This link is for a game this app does not know ({game}).",
                                        "zh-TW": "這個連結屬於本程式不認識的遊戲（{game}）。"},
    "correspondence.err.setup": {"en": "This link's game cannot be set up: {problem}",
                                 "zh-TW": "無法設置這個連結的對局：{problem}"},
    "correspondence.err.entry": {"en": "Message {step} ({player}) holds an entry nobody was waiting for ({entry}).",
                                 "zh-TW": "第 {step} 則訊息（{player}）含有不該出現的內容（{entry}）。"},
    "correspondence.err.no_fresh": {
        "en": "Message {step} ({player}) makes a choice before a roll without adding its half of the roll.",
        "zh-TW": "第 {step} 則訊息（{player}）在擲骰前做了選擇，卻沒有附上自己那一半的擲骰。"},
    "correspondence.err.too_early": {"en": "Message {step} ({player}) moves before everyone has joined.",
                                     "zh-TW": "第 {step} 則訊息（{player}）在所有人加入前就走棋。"},
    "correspondence.err.roll_pending": {"en": "Message {step} ({player}) moves before the roll is settled.",
                                        "zh-TW": "第 {step} 則訊息（{player}）在擲骰結果確定前就走棋。"},
    "correspondence.err.reveal_pending": {
        "en": "Message {step} ({player}) moves before every start row is revealed.",
        "zh-TW": "第 {step} 則訊息（{player}）在所有起始列公開前就走棋。"},
    "correspondence.err.over": {"en": "Message {step} ({player}) moves after the game is over.",
                                "zh-TW": "第 {step} 則訊息（{player}）在對局結束後仍然走棋。"},
    "correspondence.err.out_of_turn": {"en": "Message {step} ({player}) moves for seat {seat}, not theirs.",
                                       "zh-TW": "第 {step} 則訊息（{player}）替不屬於自己的第 {seat} 座走棋。"},
    "correspondence.err.not_hidden": {"en": "Message {step} ({player}) hides a choice that is not secret.",
                                      "zh-TW": "第 {step} 則訊息（{player}）隱藏了一個不需保密的選擇。"},
    "correspondence.err.not_mine": {
        "en": "Message {step}: the commitment in your name is not the one this device made.",
        "zh-TW": "第 {step} 則訊息：以你的名義做出的承諾並非這台裝置所做。"},
    "correspondence.err.illegal": {"en": "Message {step} ({player}): move {ply} ({move}) is not legal.",
                                   "zh-TW": "第 {step} 則訊息（{player}）：第 {ply} 步（{move}）不合規則。"},
    "correspondence.err.chain_late": {
        "en": "Message {step} ({player}) changes their dice commitment while a roll waits for it.",
        "zh-TW": "第 {step} 則訊息（{player}）在擲骰等待中更換了自己的擲骰承諾。"},
    "correspondence.err.reveal_mismatch": {
        "en": "Message {step} ({player}): the revealed half of the roll does not match its commitment.",
        "zh-TW": "第 {step} 則訊息（{player}）：公開的那一半擲骰與其承諾不符。"},
    "correspondence.err.hidden_mismatch": {
        "en": "Message {step} ({player}): the revealed choice of move {ply} is not the one they committed to.",
        "zh-TW": "第 {step} 則訊息（{player}）：公開的第 {ply} 步選擇與先前承諾的不同。"},
    "correspondence.err.hidden_changed": {
        "en": "Message {step} ({player}): with the revealed choices, move {ply} would have gone differently.",
        "zh-TW": "第 {step} 則訊息（{player}）：依公開的選擇重播，第 {ply} 步的結果會不同。"},
    "correspondence.err.seats": {"en": "Choose seats of this game for this device.",
                                 "zh-TW": "請為這台裝置選擇本局中的座位。"},
    "correspondence.err.not_your_turn": {"en": "It is not this device's turn.", "zh-TW": "現在不是這台裝置的回合。"},
    "correspondence.err.illegal_here": {"en": "{move} cannot be played now.", "zh-TW": "現在不能走 {move}。"},
    "correspondence.err.other_game": {"en": "This link is for another game.", "zh-TW": "這個連結屬於另一局棋。"},
    "correspondence.err.fork": {
        "en": "This link departs from your copy of the game at message {step}: someone answered an "
              "older link. It was not taken; both versions are kept.",
        "zh-TW": "這個連結從第 {step} 則訊息起與你的對局紀錄分歧：有人回覆了較舊的連結。"
                 "此連結未被採用；兩個版本都已保留。"},
    "correspondence.err.not_from_me": {
        "en": "Message {step} of this link was written in your name, but not by this device.",
        "zh-TW": "這個連結的第 {step} 則訊息以你的名義寫成，卻不是這台裝置送出的。"},
    # -- the page (app/correspondence/ui.py, screen.py) ----------------------------------------------------
    "correspondence.title": {"en": "Play with friends by link", "zh-TW": "與朋友傳連結對弈"},
    "correspondence.by_link": {"en": "Play by link", "zh-TW": "傳連結對弈"},
    "correspondence.open_file": {"en": "Open a game file", "zh-TW": "開啟對局檔案"},
    "correspondence.start": {"en": "Start and send the link", "zh-TW": "開始並傳送連結"},
    "correspondence.game": {"en": "Game", "zh-TW": "遊戲"},
    "correspondence.seats": {"en": "Players and names", "zh-TW": "玩家與名字"},
    "correspondence.seats_note": {
        "en": "Tick the seats you play on this device. Give each friend a name; the same name on several "
              "seats means one person plays them all. The link goes round the table.",
        "zh-TW": "勾選你在這台裝置上負責的座位。為每位朋友取個名字；多個座位填同一個名字，表示由同一人負責。連結會依座位順序輪流傳遞。"},
    "correspondence.shared_device": {
        "en": "Several persons are played on this device: when one of them adds the other half of another's "
              "roll, this device knows both halves, so those rolls are not protected against whoever uses it.",
        "zh-TW": "這台裝置上有好幾個人在下棋：當其中一人為另一人的擲骰加入另一半時，這台裝置同時知道兩半，"
                 "因此這些擲骰無法防範使用這台裝置的人。"},
    "correspondence.mine": {"en": "Me (this device)", "zh-TW": "我（這台裝置）"},
    "correspondence.me": {"en": "Me", "zh-TW": "我"},
    "correspondence.dice": {"en": "Dice and the random set-up", "zh-TW": "擲骰與隨機開局"},
    "correspondence.limits_note": {
        "en": "No server is involved: each move travels as a link you send yourself. Nothing can force a "
              "friend to answer: a player may stop answering (after a bad roll, say). The list of saved "
              "games shows since when you have been waiting.",
        "zh-TW": "全程不經過伺服器：每一步都以你自己傳送的連結送出。沒有辦法強迫朋友回覆：玩家可能不再回應（例如擲出壞骰之後）。"
                 "已存對局清單會顯示你從何時開始等待。"},
    "correspondence.err.one_person": {"en": "Give the other seats to at least one other person (another name).",
                                      "zh-TW": "請至少把一個座位交給另一個人（填入不同的名字）。"},
    "correspondence.err.no_name": {"en": "Every seat needs a name.", "zh-TW": "每個座位都需要名字。"},
    "correspondence.your_turn": {"en": "Your turn", "zh-TW": "輪到你了"},
    "correspondence.with_since": {"en": "{text}, {since}", "zh-TW": "{text}，{since}"},
    "correspondence.mark": {"en": "Game by link", "zh-TW": "連結對局"},
    "correspondence.send": {"en": "Send the link", "zh-TW": "傳送連結"},
    "correspondence.send_again": {"en": "Send the last link again", "zh-TW": "再次傳送上一個連結"},
    "correspondence.send_title": {"en": "Send the link", "zh-TW": "傳送連結"},
    "correspondence.send_to.join": {"en": "Send this invitation to {players}: they open it to join the game.",
                                    "zh-TW": "把這份邀請傳給 {players}：對方開啟後即可加入對局。"},
    "correspondence.send_to.seed": {"en": "Send this to {players}: their answer starts the game.",
                                    "zh-TW": "把這個傳給 {players}：對方回覆後對局就會開始。"},
    "correspondence.send_to.roll": {
        "en": "Send this to {players}: they add their half of the roll and send it back to you.",
        "zh-TW": "把這個傳給 {players}：對方加入這一擲的另一半後，會再傳回給你。"},
    "correspondence.send_to.reveal": {"en": "Send this to {players}: they reveal their start row and play on.",
                                      "zh-TW": "把這個傳給 {players}：對方會公開起始列並繼續下棋。"},
    "correspondence.send_to.move": {"en": "Send this to {players}: they open it to see your move and answer.",
                                    "zh-TW": "把這個傳給 {players}：對方開啟後就能看到你的走法並回覆。"},
    "correspondence.send_all": {"en": "The game is over: send this to the others so they see the end.",
                                "zh-TW": "對局已結束：把這個傳給其他人，讓他們看到結局。"},
    "correspondence.link": {"en": "Link to the game", "zh-TW": "對局連結"},
    "correspondence.share": {"en": "Share…", "zh-TW": "分享…"},
    "correspondence.share_title": {"en": "Qipan: your move", "zh-TW": "棋盤：輪到你了"},
    "correspondence.copy": {"en": "Copy link", "zh-TW": "複製連結"},
    "correspondence.qr": {"en": "QR code of the link", "zh-TW": "連結的 QR 碼"},
    "correspondence.qr_note": {"en": "Or let your friend scan this code with their phone's camera.",
                               "zh-TW": "也可以讓朋友用手機相機掃描這個 QR 碼。"},
    "correspondence.qr_failed": {"en": "The QR code could not be drawn; send the link instead.",
                                 "zh-TW": "無法產生 QR 碼；請改傳連結。"},
    "correspondence.too_long": {
        "en": "This game is now too long for a link (more than {limit} characters, which chat apps cut): "
              "send the small game file instead. Your friend opens it with “Open a game file”.",
        "zh-TW": "這局棋已經長到無法放進連結（超過 {limit} 個字元，聊天程式會截斷）：請改傳小小的對局檔案，朋友用「開啟對局檔案」開啟即可。"},
    "correspondence.share_file": {"en": "Share the game file…", "zh-TW": "分享對局檔案…"},
    "correspondence.download": {"en": "Save the game file", "zh-TW": "儲存對局檔案"},
    "correspondence.join_title": {"en": "Which players are you?", "zh-TW": "你是哪一位玩家？"},
    "correspondence.join_intro": {"en": "A game of {game} was sent to you. Tick who plays on this device:",
                                  "zh-TW": "有人傳給你一局{game}。請勾選在這台裝置上下棋的人："},
    "correspondence.person": {"en": "{name} ({seats})", "zh-TW": "{name}（{seats}）"},
    "correspondence.join": {"en": "Open the game", "zh-TW": "開啟對局"},
    "correspondence.not_started": {"en": "The game starts when everyone has joined. {status}.",
                                   "zh-TW": "所有人加入後對局才會開始。{status}。"},
    "correspondence.said": {"en": "{text}", "zh-TW": "{text}"},
    "correspondence.since_line": {"en": "{player}: {move}.", "zh-TW": "{player}：{move}。"},
    "correspondence.dice_actor": {"en": "Dice", "zh-TW": "骰子"},
    "correspondence.changed_elsewhere": {"en": "This game changed in another tab; it is shown as it is now.",
                                         "zh-TW": "這局棋已在另一個分頁中更動；這裡顯示的是它目前的樣子。"},
    "correspondence.open_failed": {
        "en": "This game link could not be opened because of a fault in Qipan ({reason}). Your games are unchanged.",
        "zh-TW": "由於棋盤程式發生錯誤（{reason}），無法開啟這個對局連結。你的對局沒有任何更動。"},
    "correspondence.refused": {"en": "Not opened. {reason} Your games are unchanged.",
                               "zh-TW": "未開啟。{reason}你的對局沒有任何更動。"},
    "correspondence.hint_off": {"en": "Hint: it is another player's turn (the game waits for their link).",
                                "zh-TW": "提示：現在輪到其他玩家（等待對方的連結）。"},
    "correspondence.undo_off": {"en": "Undo: a move that was sent cannot be taken back.",
                                "zh-TW": "悔棋：已經送出的走法無法收回。"},
    "correspondence.kept": {"en": "Games by link", "zh-TW": "連結對局"},
    "correspondence.kept_title": {"en": "{game}: {players}", "zh-TW": "{game}：{players}"},
    "correspondence.kept_fork": {"en": "Another version of a game (someone answered an older link), kept apart.",
                                 "zh-TW": "某局棋的另一個版本（有人回覆了較舊的連結），另外保留。"},
    "correspondence.kept_damaged": {"en": "A game by link that cannot be read (kept).",
                                    "zh-TW": "一局無法讀取的連結對局（已保留）。"},
    "correspondence.confirm_delete": {
        "en": "Delete this game by link from this device? Its secrets go with it: you could no longer answer its links. This cannot be undone.",
        "zh-TW": "要從這台裝置刪除這局連結對局嗎？它的秘密資料也會一併刪除：你將無法再回覆它的連結。此操作無法復原。"},
    "correspondence.err.elsewhere": {
        "en": "The game waits for {player}'s secret half (of a roll, or a start row), which only the device where "
              "{player} joined can add: open the link there.",
        "zh-TW": "對局正在等待 {player} 的秘密（擲骰的一半或起始列），只有 {player} 加入時使用的裝置才能加入：請在那台裝置上開啟連結。"},
    "correspondence.open_game": {"en": "Open", "zh-TW": "開啟"},
    "correspondence.walk_away": {
        "en": "A friend may stop answering, after a bad roll for instance: nothing can force a link. "
              "“Waiting since” says how long it has been.",
        "zh-TW": "朋友可能不再回覆，例如擲出壞骰之後：沒有辦法強迫對方傳回連結。「自…起等待中」顯示已等了多久。"},
}
