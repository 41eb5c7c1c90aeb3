"""Strings of the rules pages and tutorials (app/guide_screen.py). Keys start with "guide."."""

STRINGS: dict[str, dict[str, str]] = {
    "guide.rules": {"en": "Rules", "zh-TW": "規則"},
    "guide.tutorial": {"en": "Tutorial", "zh-TW": "新手教學"},
    "guide.rules_of": {"en": "Rules of {game}", "zh-TW": "《{game}》規則"},
    "guide.tutorial_of": {"en": "Tutorial: {game}", "zh-TW": "新手教學：《{game}》"},
    "guide.back": {"en": "Back", "zh-TW": "返回"},
    "guide.start_tutorial": {"en": "Start the tutorial", "zh-TW": "開始新手教學"},
    "guide.play": {"en": "Play a game", "zh-TW": "開始遊戲"},
    "guide.exit": {"en": "Leave the tutorial", "zh-TW": "離開教學"},
    "guide.step": {"en": "Step {n} of {total}", "zh-TW": "第 {n} 步，共 {total} 步"},
    "guide.done_title": {"en": "Tutorial complete", "zh-TW": "完成新手教學"},
    "guide.over": {"en": "The tutorial is complete. Play a real game, or read the rules.",
                   "zh-TW": "新手教學已完成。開始一場真正的遊戲，或閱讀規則。"},
    "guide.option": {"en": "House rule", "zh-TW": "自訂規則"},
    "guide.default": {"en": "Our default", "zh-TW": "預設值"},
    "guide.meaning": {"en": "What it means", "zh-TW": "說明"},
    "guide.on": {"en": "on", "zh-TW": "開啟"},
    "guide.off": {"en": "off", "zh-TW": "關閉"},
    "guide.diagram": {"en": "Diagram: {caption}", "zh-TW": "圖例：{caption}"},
    "guide.keys": {"en": "Keyboard: Tab to the board, arrow keys to move, Enter to choose, Escape to cancel.",
                   "zh-TW": "鍵盤：按 Tab 移到棋盤，方向鍵移動，Enter 選擇，Esc 取消。"},
}
