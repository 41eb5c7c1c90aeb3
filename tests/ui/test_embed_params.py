"""The embed URL parser's messages (docs/embed.md, "Errors"): every parameter it cannot use is
named, with the reason, in English and in Chinese; what it can use is kept."""

from __future__ import annotations

from qipan.i18n import t
from qipan.app import embed_params
from qipan.app.embed_params import Problem, bottom_problems, players_problems, read

ORIGIN = "https://qipan.example"


def _zh(problem: Problem) -> str:
    return problem.text(lambda key, **values: t(key, "zh-TW", **values))


def test_unreadable_values_are_named_without_python_quotes():
    spec, problems = read("embed=1&game=lyngk&mode=trry&arrow=C7>C6&hl=C3")
    assert [str(p) for p in problems] == ["mode=trry cannot be read", "arrow=C7>C6 cannot be read"]
    assert _zh(problems[0]) == "無法讀取 mode=trry"
    assert spec.mode == "view" and spec.notes[None].cells == ("C3",) and spec.notes[None].arrows == ()


def test_a_per_move_key_that_is_not_a_move_number_is_named():
    spec, problems = read("embed=1&hl.x=C3&arrow.5b=C7-C6&hl.=D4&hl.7=E5&cap.fr=Bonjour&cap.3.zh-TW=好")
    assert [str(p) for p in problems] == [
        "hl.x=C3: “x” is not a move number (as in hl.5 for move 5)",
        "arrow.5b=C7-C6: “5b” is not a move number (as in arrow.5 for move 5)",
        "hl.=D4: “” is not a move number (as in hl.5 for move 5)",
        "cap.fr=Bonjour: “fr” is neither a move number nor a language (as in cap.5.en)",
    ]
    assert _zh(problems[0]) == "hl.x=C3：「x」不是步數（例如 hl.5 代表第 5 步）"
    assert set(spec.notes) == {7, 3} and spec.notes[7].cells == ("E5",) and spec.caption(3, "zh-TW") == "好"


def test_a_language_on_a_highlight_is_not_a_move_number_either():
    _, problems = read("embed=1&hl.5.en=C3")
    assert [str(p) for p in problems] == ["hl.5.en=C3: “en” is not a move number (as in hl.5 for move 5)"]


def test_a_picture_from_another_site_is_named_and_dropped():
    for url in ("http://another.site/pic.png", "https://another.site/pic", "//another.site/pic.png",
                "https://qipan.example.evil/pic.png"):
        spec, problems = read(f"embed=1&run=click&img={url}", ORIGIN)
        assert spec.img is None and spec.run == "click", url
        assert [str(p) for p in problems] == [
            f"img={url}: a picture from another site is blocked (use one on this board's own site)"], url
        assert _zh(problems[0]).startswith(f"img={url}：其他網站的圖片會被封鎖")


def test_a_picture_on_the_boards_own_site_is_kept():
    for url in ("pics/c3.png", "/pics/c3.webp", "../c3.jpg", "https://qipan.example/pics/c3.png",
                "HTTPS://QIPAN.EXAMPLE/c3.png"):
        spec, problems = read(f"embed=1&img={url}", ORIGIN)
        assert spec.img == url and problems == [], url
    spec, problems = read("embed=1&img=https://qipan.example/c3.png")  # no origin known: not trusted
    assert spec.img is None and len(problems) == 1


def test_players_out_of_the_games_range_says_the_range_and_falls_back():
    spec, problems = read("embed=1&game=hezong&players=12")
    assert problems == [] and spec.players == 12  # only the game can judge it
    found = players_problems(spec, "hezong", 2, 8)
    assert spec.players is None
    assert str(found[0]) == "players=12: Hezong Lianheng is for 2–8 players"
    assert _zh(found[0]) == "players=12：合縱連橫需要 2–8 位玩家"
    spec, _ = read("embed=1&game=hezong&players=5")
    assert players_problems(spec, "hezong", 2, 8) == [] and spec.players == 5
    spec, _ = read("embed=1&game=lyngk&players=3")  # a game for exactly two: no "2–2"
    found = players_problems(spec, "lyngk", 2, 2)
    assert str(found[0]) == "players=3: LYNGK is for 2 players" and _zh(found[0]).endswith("需要 2 位玩家")


def test_bottom_beyond_the_games_players_is_named_and_dropped():
    spec, problems = read("embed=1&game=lyngk&bottom=7")
    assert problems == [] and spec.bottom == 7
    found = bottom_problems(spec, "lyngk", 2)
    assert spec.bottom is None
    assert str(found[0]) == "bottom=7: this LYNGK game has 2 players"
    assert _zh(found[0]) == "bottom=7：這盤彩疊棋只有 2 位玩家"
    spec, _ = read("embed=1&bottom=2")
    assert bottom_problems(spec, "lyngk", 2) == [] and spec.bottom == 2


def test_parse_gives_the_same_problems_as_english_sentences():
    query = "embed=1&mode=trry&hl.x=C3&img=http://another.site/pic.png"
    assert embed_params.parse(query)[1] == [str(p) for p in read(query)[1]]
    assert len(embed_params.parse(query)[1]) == 3
