"""Rules pages and first-game tutorials in the app (each game's Guide: `games.ui(id).guide`).

Touches the page only through the app object (app.element, app.show_play, …): only app.py,
dom.py and computer_client.py may import the browser modules. The rules page is HTML in
#screen-guide with small diagrams drawn by each game's own play screen on a canvas of their own.
The tutorial is the game's real play screen on a scripted position: its play() and roll() are
wrapped so that only the scripted action goes through (anything else gets the step's hint),
chance outcomes come from the script, and nothing is saved.
"""

from __future__ import annotations

from typing import Any

from qipan import games
from qipan.app.guide import ScriptedMatch, option_value
from qipan.boardkit.guide import LANGS, Section, Step, Tutorial
from qipan.boardkit.guide import Guide as RulesAndTutorial
from qipan.boardkit.markup import html

DIAGRAM_SIZE = (360.0, 270.0)
"""CSS pixels of a rules diagram (the canvas is drawn at twice that for sharp lines)."""
DIAGRAM_RATIO = 2.0


class _Quiet:
    """An element stand-in for what a diagram's screen sets but nobody shows."""

    def __init__(self) -> None:
        object.__setattr__(self, "attrs", {})

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None

    def __setattr__(self, name: str, value: Any) -> None:
        self.attrs[name] = value


class DiagramHost:
    """The app, as a diagram's screen sees it: its own canvas as the board, nothing saved."""

    can_save = False

    def __init__(self, app: Any, canvas: Any, keeps_pictures: bool = False) -> None:
        self.app = app
        self.canvas = canvas
        self.keeps_pictures = keeps_pictures
        """A board drawn once (a rules page's, an image's) keeps no layer pictures; the editor's does."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self.app, name)

    def element(self, element_id: str) -> Any:
        return self.canvas if element_id == "board" else _Quiet()

    def autosave(self, screen: Any) -> None:
        """Never: a diagram is nobody's game."""

    def changed(self) -> None:
        pass

    def rendered(self) -> None:
        pass

    def refresh_records(self) -> None:
        """None: the move log and analysis beside the app's board are not a diagram's."""

    def after_board(self, screen: Any) -> None:
        """At once: a diagram's page around the board is nobody's (its elements are stand-ins)."""
        screen.render_page()

    def play_sound(self, kind: str) -> None:
        pass

    def notify(self, text: str) -> None:
        pass


class Guide:
    """The rules page and the tutorial of one game at a time."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.game_id = ""
        self.back_to = "picker"  # where the rules page's Back button leads: "picker" or "play"
        self.places: dict[str, float] = {}  # where each game's rules page was left (its scrollTop)
        self.tutorial: Tutorial | None = None
        self.index = 0
        self.hint: dict[str, str] | None = None
        self.screen: Any = None  # the tutorial's play screen
        self._play: Any = None
        self._roll: Any = None

    def tr(self, key: str, **values: object) -> str:
        return self.app.tr(key, **values)

    def text(self, value: dict[str, str]) -> str:
        return value.get(self.app.lang, value["en"])

    # -- the rules page ---------------------------------------------------------------------------

    def showing_rules(self) -> bool:
        return not self.app.element("screen-guide").hidden

    def show_rules(self, game_id: str) -> None:
        """Show `game_id`'s rules page where the reader left it in this visit (a page opened for the
        first time, at its top: the one element scrolls every game's page, and another game's
        opened where the last was left, past its goal)."""
        self.app.drop_passing_notice()  # (it is about the screen the rules page covers)
        play = self.app.element("screen-play")
        self.back_to = "play" if not play.hidden else "picker"
        self.game_id = game_id
        play.hidden = True
        self.app.element("screen-picker").hidden = True
        page = self.app.element("screen-guide")
        page.hidden = False
        self.render()
        top = self.app.element("guide-top")
        if top:
            top.focus()
        page.scrollTop = self.places.get(game_id, 0)

    def hide_rules(self) -> None:
        """Hide the rules page, remembering where its reader was (`places`)."""
        page = self.app.element("screen-guide")
        if not page.hidden:
            self.places[self.game_id] = float(page.scrollTop)
            page.hidden = True

    @staticmethod
    def guide(game_id: str) -> RulesAndTutorial:
        """The game's rules page and tutorial (only games that have one get the buttons)."""
        found = games.ui(game_id).guide
        if found is None:
            raise ValueError(f"{game_id} has no guide")
        return found

    def render(self) -> None:
        """(Re)build the rules page in the current language and draw its diagrams."""
        game_id = self.game_id
        name = self.tr(f"game.{game_id}")
        sections = self.guide(game_id).rules
        parts = [f'<header class="guide-head"><button id="guide-top" type="button" data-guide="back">'
                 f'{html(self.tr("guide.back"))}</button><h1>{html(self.tr("guide.rules_of", game=name))}</h1>'
                 f'<button type="button" class="primary" data-guide="tutorial" data-value="{game_id}">'
                 f'{html(self.tr("guide.start_tutorial"))}</button></header>']
        for i, section in enumerate(sections):
            parts.append(self._section_html(game_id, i, section))
        self.app.element("screen-guide").innerHTML = f'<article class="guide-rules">{"".join(parts)}</article>'
        for i, section in enumerate(sections):
            if section.diagram:
                self.draw_diagram(game_id, section, self.app.element(f"guide-diagram-{i}"))

    def _section_html(self, game_id: str, i: int, section: Section) -> str:
        lang = self.app.lang
        body = "".join(f"<p>{html(p)}</p>" for p in section.body.get(lang, section.body["en"]))
        figure = ""
        if section.diagram:
            caption = self.text(section.caption) if section.caption else ""
            w, h = DIAGRAM_SIZE
            figure = (f'<figure class="guide-figure"><canvas id="guide-diagram-{i}" class="guide-diagram" '
                      f'width="{int(w * DIAGRAM_RATIO)}" height="{int(h * DIAGRAM_RATIO)}" role="img" '
                      f'aria-label="{html(self.tr("guide.diagram", caption=caption))}"></canvas>'
                      f'<figcaption>{html(caption)}</figcaption></figure>')
        table = self._choices_html(game_id) if section.choices else ""
        return f'<section class="guide-section"><h2>{html(self.text(section.title))}</h2>{body}{figure}{table}</section>'

    def _choices_html(self, game_id: str) -> str:
        game = games.get(game_id)
        notes = self.guide(game_id).notes
        lang = self.app.lang
        rows = "".join(
            f'<tr><th scope="row">{html(self.tr(f"{game_id}.option.{name}"))}</th>'
            f'<td>{html(option_value(game_id, name, default, lang))}</td>'
            f'<td>{html(self.text(notes[name])) if name in notes else ""}</td></tr>'
            for name, default in game.options.items())
        return (f'<table class="guide-choices"><thead><tr><th scope="col">{html(self.tr("guide.option"))}</th>'
                f'<th scope="col">{html(self.tr("guide.default"))}</th><th scope="col">{html(self.tr("guide.meaning"))}'
                f'</th></tr></thead><tbody>{rows}</tbody></table>')

    def draw_diagram(self, game_id: str, section: Section, canvas: Any) -> None:
        """Draw a position with the game's own play screen, on a canvas of its own."""
        match = ScriptedMatch.at(game_id, section.diagram)
        screen = games.ui(game_id).screen(DiagramHost(self.app, canvas), match)
        screen.resize(DIAGRAM_SIZE[0], DIAGRAM_SIZE[1], DIAGRAM_RATIO)

    def close(self) -> None:
        """Leave the rules page and the tutorial mode (another screen is about to show)."""
        self.hide_rules()
        self.app.element("screen-play").classList.remove("tutorial")
        if self.app.screen is not self.screen:
            self.screen = None

    def back(self) -> None:
        self.hide_rules()
        if self.back_to == "play" and self.app.screen is not None:
            self.app.element("screen-play").hidden = False
            self.app._resize()
            self.app.screen.render()
        else:
            self.app.show_picker()

    def on_click(self, event: Any) -> None:
        """A click in the rules page or on a picker card's guide buttons."""
        node = event.target.closest("[data-guide]")
        if not node:
            return
        what = str(node.getAttribute("data-guide"))
        value = node.getAttribute("data-value")
        game_id = value if isinstance(value, str) else self.game_id
        if what == "back":
            self.back()
        elif what == "rules":
            self.show_rules(game_id)
        elif what == "tutorial":
            self.start_tutorial(game_id)

    # -- the tutorial -----------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        if self.tutorial is None or self.index >= len(self.tutorial.steps):
            return None
        return self.tutorial.steps[self.index]

    def start_tutorial(self, game_id: str) -> None:
        self.game_id = game_id
        self.tutorial = self.guide(game_id).tutorial
        self.index = 0
        self.hint = None
        self._load(self.tutorial.steps[0].position or self.tutorial.position)
        self.app.element("board").focus()

    def _load(self, position: str) -> None:
        """Show the game's play screen on a scripted position, with its input wrapped."""
        tutorial = self.tutorial
        match = ScriptedMatch.at(self.game_id, position)
        step = self.step
        if step is not None and match.state.is_chance():
            match.script = [step.accept[0]]
        self.hide_rules()
        self.app.show_play(match, tutorial.seats or ("human",) * match.players)
        screen = self.screen = self.app.screen
        self.app.element("screen-play").classList.add("tutorial")
        self._play, self._roll = screen.play, screen.roll
        original_panel, original_on_panel = screen.panel_html, screen.on_panel
        screen.play = self.play
        screen.roll = self.roll
        screen.undo = lambda: None
        screen.save = lambda: None
        screen.save_picture = lambda: None
        screen.panel_html = lambda: self._box_html() + original_panel()
        screen.on_panel = lambda action, value: (self.on_panel(action) if action.startswith("guide-")
                                                 else original_on_panel(action, value))
        screen.render()

    def play(self, action: Any) -> None:
        """The screen wants to play `action`: only the scripted one goes through."""
        screen, step = self.screen, self.step
        if step is None:
            self.hint = None
            screen.render()
            return
        text = screen.match.game.action_text(screen.state, action)
        if text not in step.accept:
            self.hint = step.hint
            screen.on_key("Escape")  # every screen's "cancel": drop the half-made choice
            screen.render()
            return
        self.hint = None
        screen.match.script = list(step.dice)
        self._play(action)
        self._finish(step)

    def roll(self) -> None:
        """A Roll button: the step's scripted outcome."""
        screen, step = self.screen, self.step
        if step is not None and screen.state.is_chance():
            screen.match.script = [step.accept[0], *step.dice]
            self._roll()
            self._finish(step)
        else:
            self._roll()

    def _finish(self, step: Step) -> None:
        """After the player's step: the other players' scripted replies, then the next step."""
        screen = self.screen
        game = screen.match.game
        for text in step.reply:
            if screen.state.is_chance():
                screen.match.script = [text]
                self._roll()
            else:
                self._play(game.parse_action(screen.state, text))
        self.index += 1
        nxt = self.step
        if nxt is not None and nxt.position:
            self._load(nxt.position)
            return
        if nxt is not None and screen.state.is_chance():
            screen.match.script = [nxt.accept[0]]
        screen.render()

    def _box_html(self) -> str:
        tutorial, step = self.tutorial, self.step
        total = len(tutorial.steps)
        if step is None:
            return (f'<div class="guide-box done" data-guide-step="done"><h2>{html(self.tr("guide.done_title"))}</h2>'
                    f'<p class="guide-say" aria-live="polite">{html(self.text(tutorial.done))}</p>'
                    f'<div class="buttons"><button type="button" class="primary" data-action="guide-play">'
                    f'{html(self.tr("guide.play"))}</button><button type="button" data-action="guide-rules">'
                    f'{html(self.tr("guide.rules"))}</button></div></div>')
        intro = f'<p class="guide-intro">{html(self.text(tutorial.intro))}</p>' if self.index == 0 else ""
        hint = f'<p class="guide-hint" role="alert">{html(self.text(self.hint))}</p>' if self.hint else ""
        return (f'<div class="guide-box pinned" data-guide-step="{self.index + 1}">'
                f'<p class="guide-count">{html(self.tr("guide.step", n=self.index + 1, total=total))}</p>{intro}'
                f'<p class="guide-say" aria-live="polite">{html(self.text(step.say))}</p>{hint}'
                f'<p class="guide-keys">{html(self.tr("guide.keys"))}</p>'
                f'<div class="buttons"><button type="button" data-action="guide-exit">{html(self.tr("guide.exit"))}'
                f'</button></div></div>')

    def on_panel(self, action: str) -> None:
        if action == "guide-exit":
            self.leave()
            self.app.show_picker()
        elif action == "guide-play":
            game_id = self.game_id
            self.leave()
            self.app.open_game(game_id)
        elif action == "guide-rules":
            self.show_rules(self.game_id)

    def leave(self) -> None:
        self.tutorial = None
        self.screen = None
        self.app.screen = None
        self.app.element("screen-play").classList.remove("tutorial")


def languages_of(section: Section) -> set[str]:
    return set(section.body) & set(LANGS)
