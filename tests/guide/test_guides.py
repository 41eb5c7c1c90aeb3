"""Every game's rules page and tutorial: positions parse, scripted actions are legal, both
languages are present, every option is explained, and the tutorial runs to its end."""

from __future__ import annotations

import re

import pytest

from qipan import games
from qipan.app.guide import ScriptedMatch, names_a_player
from qipan.boardkit.guide import LANGS, Guide
from qipan.i18n import has, t

GAMES = [g for g in games.GAME_IDS if games.ui(g).guide is not None]


def guide(game_id: str) -> Guide:
    found = games.ui(game_id).guide
    assert found is not None
    return found


def both(text: dict[str, str]) -> bool:
    return set(text) == set(LANGS) and all(text[lang].strip() for lang in LANGS)


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_sections_are_in_both_languages_and_diagrams_parse(game_id):
    game = games.get(game_id)
    sections = guide(game_id).rules
    assert len(sections) >= 4
    assert sum(1 for s in sections if s.diagram) >= 2, "at least two live diagrams"
    assert sum(1 for s in sections if s.choices) == 1, "one 'Our choices' section"
    for section in sections:
        assert both(section.title)
        assert set(section.body) == set(LANGS)
        assert len(section.body["en"]) == len(section.body["zh-TW"]) >= 1
        assert all(p.strip() for lang in LANGS for p in section.body[lang])
        if section.diagram:
            game.parse_position(section.diagram)
            assert section.caption is None or both(section.caption)
        assert "占" not in "".join(section.body["zh-TW"]), "佔, not 占"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_is_explained_and_labelled(game_id):
    game = games.get(game_id)
    notes = guide(game_id).notes
    for name in game.options:
        assert has(f"{game_id}.option.{name}")
        assert name in notes and both(notes[name]), f"{game_id}: option {name} has no note"
    assert set(notes) <= set(game.options)


@pytest.mark.parametrize("game_id", [g for g in GAMES if any(names_a_player(n, d) for n, d in
                                                                 games.get(g).options.items())])
def test_a_player_option_is_explained_in_the_dialogs_words(game_id):
    """The dialog offers Random / Player 1 / Player 2…, so the note says those words, never the
    engine's -1 / 0-based numbers (a new reader saw "-1 draws…, 0 is Player 1")."""
    notes = guide(game_id).notes
    for name, default in games.get(game_id).options.items():
        if not names_a_player(name, default):
            continue
        for lang in LANGS:
            note = notes[name][lang]
            assert t("newgame.random_player", lang) in note, (game_id, name, lang, note)
            assert t("player.n", lang, n=1) in note and t("player.n", lang, n=2) in note
            assert "-1" not in note and "−1" not in note and not any(f"{n} {w}" in note for n in "01" for w in ("is", "代表"))


def run(game_id, choose=0):
    """Play the tutorial's script as the screen would; returns the final match."""
    tutorial = guide(game_id).tutorial
    assert both(tutorial.intro) and both(tutorial.done)
    assert 5 <= len(tutorial.steps) <= 8
    match = ScriptedMatch.at(game_id, tutorial.position)
    game = match.game
    for n, step in enumerate(tutorial.steps):
        assert both(step.say) and both(step.hint), f"step {n + 1}"
        if step.position:
            match = ScriptedMatch.at(game_id, step.position)
        state = match.state
        if state.is_chance():
            outcomes = {game.action_text(state, a) for a, _ in state.chance_outcomes()}
            assert set(step.accept) <= outcomes, f"step {n + 1}: {step.accept} not outcomes here"
        else:
            legal = {game.action_text(state, a) for a in state.legal_actions()}
            assert set(step.accept) <= legal, f"step {n + 1}: {step.accept} not legal in {game.position(state)}"
        match.script = list(step.dice)
        match.play(step.accept[choose])
        while match.state.is_chance() and match.script:
            match.sample_chance()
        for text in step.reply:
            match.play(text)
        assert not match.script, f"step {n + 1}: unused scripted dice {match.script}"
    return match


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tutorial_script_is_legal_from_start_to_end(game_id):
    run(game_id)


def chinese_texts(found: Guide) -> list[str]:
    """Every zh-TW text of a guide: the rules page's titles, paragraphs, captions, notes and the
    tutorial's intro, steps, hints and ending."""
    texts = []
    for section in found.rules:
        texts += [section.title["zh-TW"], *section.body["zh-TW"]]
        texts += [section.caption["zh-TW"]] if section.caption else []
    texts += [note["zh-TW"] for note in found.notes.values()]
    tutorial = found.tutorial
    if tutorial is not None:
        texts += [tutorial.intro["zh-TW"], tutorial.done["zh-TW"]]
        texts += [text["zh-TW"] for step in tutorial.steps for text in (step.say, step.hint)]
    return texts


HALF_WIDTH_MARK = re.compile(r"(?<![0-9a-z])[,:;]|[,:;](?![0-9a-z]*[.%]?[0-9a-z])|(?<=[\u3400-\u9fff])[()]|[()](?=[\u3400-\u9fff])"
                             r"|(?<=\d)[,:;](?=\d+[%×])")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_chinese_guide_uses_full_width_punctuation(game_id):
    """The tablet report: tutorial step 4 said "選 b1:擲"; Chinese prose takes ，：；（）, while a
    notation inside it keeps its own marks (a3,d1 is one cell list; 4-1 a roll-off)."""
    bad = [text for text in chinese_texts(guide(game_id)) if HALF_WIDTH_MARK.search(text)]
    assert bad == []
