"""Markup guard: every value put into HTML the app builds is escaped with `html()` (boardkit.markup)
or known safe. An AST scan of the functions that build markup (named *_html, or assigning
innerHTML/outerHTML): in each f-string with markup in it (`<` or an attribute `="`), every
formatted value must be

- `html(...)`, `quote(...)` (URL-encoded), a call of a markup builder (itself scanned), or
  `"".join(...)` of safe values; a number by its format (`{x:.1f}`) or by construction
  (`len`, `int`, `round`, arithmetic, a `range`/`enumerate` index, a parameter annotated int);
- a constant, a conditional between safe values, or a local name every assignment of which
  (`=`, `+=`, `.append`, a loop over safe values) is safe.

What the scan cannot see through is listed in ALLOWED with the reason; an entry no longer needed
fails the test too, so the list only shrinks."""

from __future__ import annotations

import ast
from pathlib import Path

PY = Path(__file__).resolve().parent.parent / "py" / "qipan"
ESCAPERS = {"html", "quote", "len", "int", "round", "float", "abs", "sum", "min", "max"}
NUMBER_TYPES = {"int", "float", "bool"}

CODE_NAMES = {
    # numbers: scores, counts, plies, players, widths (attributes, methods and loop names)
    "score", "scores", "bonus_points", "pawns_home", "points", "rank", "shared", "exclusive", "adjustment",
    "removed", "supply", "actor", "player", "owner", "ply", "p", "v", "width", "near", "far", "fire", "low",
    "high", "_num", "_minus", "_signed",
    # identifiers the code chooses: game ids, actions, CSS classes, element ids, setting names
    "game_id", "action", "cls", "css_class", "element_id", "symbol", "piece", "fill", "ink", "colours",
    # share tokens: base64url by construction (qipan.app.share)
    "token", "share_token",
}
"""Names (of variables, attributes, methods) the code uses only for numbers or for identifiers it
chooses itself, never for text from a player, a link, storage or a translation: safe unescaped."""

ALLOWED: dict[tuple[str, str, str], str] = {
    ("app/analysis_html.py", "result_html", "move"): "markup: its one caller passes move_html(...) or ''",
    ("app/image_export.py", "form_html", "value"): "radio()'s values: the option names of this form (seen from the outer function)",
    ("app/saved_games.py", "row_html", "stamp"): "strftime('%Y-%m-%dT%H:%MZ') of a number: digits and separators",
    ("games/gype/ui/view.py", "face_svg", "''.join(ctx.elements)"): "SVG elements written by boardkit.svg's canvas (scanned)",
    ("games/quorsum/ui/screen.py", "_button", "extra"): "markup: every caller passes '' or <small>{html(...)}</small>",
    ("games/quorsum/ui/screen.py", "panel_html", "shown"): "between_html(...) or a local box builder's markup",
}


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _numeric_spec(value: ast.FormattedValue) -> bool:
    spec = "".join(c.value for c in value.format_spec.values if isinstance(c, ast.Constant)) if value.format_spec else ""
    return spec[-1:] in tuple("bdfeEgGnoxX%")


def _is_markup(node: ast.JoinedStr) -> bool:
    text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    return "<" in text or '="' in text


class Function:
    def __init__(self, node: ast.FunctionDef, builders: set[str], parent: "Function | None" = None) -> None:
        self.node, self.builders, self.parent = node, builders, parent
        self.assigned: dict[str, list[ast.AST]] = {}
        args = node.args
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            typed = arg.annotation is not None and ast.unparse(arg.annotation) in NUMBER_TYPES
            self.assigned.setdefault(arg.arg, []).append(ast.Constant(0) if typed else arg)
        for sub in ast.walk(node):
            if isinstance(sub, ast.Assign):
                for target in sub.targets:
                    self._bind(target, sub.value)
            elif isinstance(sub, (ast.AugAssign, ast.AnnAssign)) and sub.value is not None:
                self._bind(sub.target, sub.value)
            elif isinstance(sub, (ast.For, ast.comprehension)):
                self._bind(sub.target, ast.Starred(sub.iter) if not isinstance(sub.iter, ast.Call)
                           or _name(sub.iter) not in ("range", "enumerate") else ast.Constant(0))
            elif (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and isinstance(sub.func.value, ast.Name)
                  and sub.func.attr in ("append", "extend", "insert")):
                self.assigned.setdefault(sub.func.value.id, []).append(sub.args[-1] if sub.args else ast.Constant(""))
            elif isinstance(sub, ast.FunctionDef) and sub is not node:
                self.assigned.setdefault(sub.name, []).append(ast.Constant(""))  # a local builder: scanned itself
        self.calls: dict[str, list[ast.Call]] = {}
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name):
                self.calls.setdefault(sub.func.id, []).append(sub)

    def arguments(self, inner: ast.FunctionDef) -> dict[str, list[ast.AST]]:
        """What each parameter of a function nested in this one is given at its calls here
        (positional and by keyword; defaults count as given)."""
        names = [a.arg for a in inner.args.args]
        given: dict[str, list[ast.AST]] = {n: [] for n in names}
        for n, default in zip(reversed(names), reversed(inner.args.defaults)):
            given[n].append(default)
        for call in self.calls.get(inner.name, []):
            for n, arg in zip(names, call.args):
                given[n].append(arg)
            for keyword in call.keywords:
                if keyword.arg in given:
                    given[keyword.arg].append(keyword.value)
        return given

    def _bind(self, target: ast.AST, value: ast.AST) -> None:
        if isinstance(target, ast.Name):
            self.assigned.setdefault(target.id, []).append(value)
        elif isinstance(target, ast.Tuple):
            for element in target.elts:  # (a tuple unpacked: each part as safe as the whole)
                self._bind(element, value.elts[target.elts.index(element)] if isinstance(value, ast.Tuple)
                           and len(value.elts) == len(target.elts) else value)

    def safe(self, node: ast.AST, seen: frozenset[str] = frozenset()) -> bool:
        if isinstance(node, ast.Constant):
            return True
        if isinstance(node, ast.FormattedValue):
            return _numeric_spec(node) or self.safe(node.value, seen)
        if isinstance(node, ast.JoinedStr):
            return all(self.safe(v, seen) for v in node.values)
        if isinstance(node, ast.Call):
            name = _name(node)
            if name in ESCAPERS or name in self.builders or name.endswith("_html") or name in CODE_NAMES:
                return True
            if name == "join" or name in ("str", "tuple", "list", "sorted", "reversed"):
                return all(self.safe(a, seen) for a in node.args)
            return name in self.assigned and self.safe(ast.Name(name), seen)
        if isinstance(node, (ast.GeneratorExp, ast.ListComp)):
            return self.safe(node.elt, seen)
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            return all(self.safe(e, seen) for e in node.elts)
        if isinstance(node, ast.Starred):
            return self.safe(node.value, seen)
        if isinstance(node, ast.IfExp):
            return self.safe(node.body, seen) and self.safe(node.orelse, seen)
        if isinstance(node, ast.BoolOp):
            return all(self.safe(v, seen) for v in node.values)
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.Add) and any(isinstance(side, ast.Constant) and isinstance(side.value, int)
                                                    for side in (node.left, node.right)):
                return True  # n + 1: a number
            if isinstance(node.op, ast.Add):
                return self.safe(node.left, seen) and self.safe(node.right, seen)
            return not isinstance(node.op, ast.Mod)  # arithmetic: a number ("%" may format text)
        if isinstance(node, ast.UnaryOp):
            return True
        if isinstance(node, ast.Compare):
            return True
        if isinstance(node, ast.Attribute) and (node.attr.isupper() or node.attr in CODE_NAMES):
            return True  # a module's constant (colours, limits, ids): written in the code, not text
        if isinstance(node, ast.Subscript):
            return self.safe(node.value, seen)
        if isinstance(node, ast.Name):
            if node.id.isupper() or node.id in CODE_NAMES:
                return True
            if node.id not in self.assigned and node.id not in seen and self.parent is not None:
                return self.parent.safe(node, seen)  # a free name of a nested function: the enclosing one's
            if node.id in seen or node.id not in self.assigned:
                return node.id in seen
            return all(self.safe(v, seen | {node.id}) for v in self.assigned[node.id])
        return False


def _builders(tree: ast.AST) -> set[str]:
    """The functions that return markup (named *_html, or returning an f-string with markup)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            returns = [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value is not None]
            if node.name.endswith("_html") or any(isinstance(j, ast.JoinedStr) and _is_markup(j)
                                                  for r in returns for j in ast.walk(r)):
                found.add(node.name)
    return found


def _sinks(node: ast.FunctionDef, builders: set[str]) -> bool:
    return node.name in builders or any(
        isinstance(n, ast.Attribute) and n.attr in ("innerHTML", "outerHTML") and isinstance(n.ctx, ast.Store)
        for n in ast.walk(node))


def unescaped() -> list[tuple[str, str, str]]:
    """(file, function, expression) of every formatted value the scan finds unsafe."""
    found = []
    trees = {path: ast.parse(path.read_text()) for path in sorted(PY.rglob("*.py"))}
    builders = set().union(*(_builders(tree) for tree in trees.values()))
    for path, tree in trees.items():
        outer: dict[ast.AST, Function] = {}
        for node in ast.walk(tree):  # (outer functions come before the functions nested in them)
            if not isinstance(node, ast.FunctionDef):
                continue
            function = Function(node, builders, outer.get(node))
            for inner in ast.walk(node):
                if isinstance(inner, ast.FunctionDef) and inner is not node:
                    outer.setdefault(inner, function)
            if node in outer:  # a nested helper: its parameters are what the enclosing function passes
                parent = outer[node]
                for name, values in parent.arguments(node).items():
                    if values and all(parent.safe(v) for v in values):
                        function.assigned[name] = [ast.Constant(0)]
            if not _sinks(node, builders):
                continue
            for joined in ast.walk(node):
                if isinstance(joined, ast.JoinedStr) and _is_markup(joined):
                    for value in joined.values:
                        if isinstance(value, ast.FormattedValue) and not function.safe(value):
                            found.append((path.relative_to(PY).as_posix(), node.name, ast.unparse(value.value)))
    return found


def test_markup_is_built_from_escaped_values_only():
    found = unescaped()
    new = sorted(set(found) - set(ALLOWED))
    assert not new, "values put into markup without html(): " + "; ".join(" ".join(f) for f in new)
    assert not set(ALLOWED) - set(found), f"no longer needed in ALLOWED: {sorted(set(ALLOWED) - set(found))}"


def test_the_scan_catches_an_unescaped_value():
    source = '''
def card_html(title: str, count: int) -> str:
    safe = f"<b>{html(title)}</b> {count}"
    parts = [safe]
    parts.append(f"<i>{title}</i>")
    return "".join(parts)
'''
    tree = ast.parse(source)
    fn = tree.body[0]
    function = Function(fn, _builders(tree))
    values = [v for j in ast.walk(fn) if isinstance(j, ast.JoinedStr) and _is_markup(j) for v in j.values
              if isinstance(v, ast.FormattedValue) and not function.safe(v)]
    assert [ast.unparse(v.value) for v in values] == ["title"]
