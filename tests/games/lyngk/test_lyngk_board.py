"""Board geometry: rules §2 (shape, coordinates, lines, neighbours, conversion)."""

from collections import Counter
from math import isclose

import pytest

from qipan.core import NotationError
from qipan.games.lyngk.board import (
    AXIAL,
    AXIAL_LABELS,
    LABELS,
    LINES,
    NEIGHBOURS,
    POINTS,
    XY,
    label,
    parse_point,
)

# §2.3, the 21 lines in per-column labels, copied from the rules file.
RULES_LINES = """
B1 B2 B3 B4
C1 C2 C3 C4 C5 C6 C7
D1 D2 D3 D4 D5 D6
E1 E2 E3 E4 E5 E6 E7
F1 F2 F3 F4 F5 F6
G1 G2 G3 G4 G5 G6 G7
H1 H2 H3 H4
A1 B2 C3 D2 E2 F1 G1
B1 C2 D1 E1
B3 C4 D3 E3 F2 G2
B4 C5 D4 E4 F3 G3 H1
C6 D5 E5 F4 G4 H2
C7 D6 E6 F5 G5 H3 I1
E7 F6 G6 H4
A1 B3 C5 D5 E6 F6 G7
B1 C3 D3 E4 F4 G5 H4
B2 C4 D4 E5 F5 G6
B4 C6 D6 E7
C1 D1 E2 F2 G3 H2 I1
C2 D2 E3 F3 G4 H3
E1 F1 G2 H1
"""


def test_43_points_in_section_15_order():
    """§15: A1, B1..B4, C1..C7, D1..D6, E1..E7, F1..F6, G1..G7, H1..H4, I1."""
    expected = ["A1"] + [f"{c}{n}" for c, size in zip("BCDEFGH", (4, 7, 6, 7, 6, 7, 4)) for n in range(1, size + 1)]
    assert list(LABELS) == expected + ["I1"]
    assert POINTS == tuple(range(43))


def test_board_is_the_hexhex_plus_six_tips():
    """§2.2(c): distance <= 3 from the centre, plus the six tips."""
    hexhex = {(q, r) for q in range(-3, 4) for r in range(-3, 4) if max(abs(q), abs(r), abs(q - r)) <= 3}
    tips = {(-4, -2), (-2, -4), (2, -2), (4, 2), (2, 4), (-2, 2)}
    assert len(hexhex) == 37
    assert set(AXIAL) == hexhex | tips
    assert {AXIAL_LABELS[AXIAL.index(t)] for t in tips} == {"A3", "C1", "G3", "I7", "G9", "C7"}


def test_the_21_lines_of_section_2_3():
    """§2.3: 21 maximal lines, 6 of length 4, 6 of length 6, 9 of length 7, exactly the table."""
    assert Counter(len(line) for line in LINES) == {4: 6, 6: 6, 7: 9}
    ours = {tuple(LABELS[i] for i in line) for line in LINES}
    assert ours == {tuple(row.split()) for row in RULES_LINES.strip().splitlines()}


def test_neighbour_counts_and_102_pairs():
    """§2.3: 19 points with 6 neighbours, 12 with 5, 6 with 3, 6 with 2; 102 adjacent pairs."""
    assert Counter(len(n) for n in NEIGHBOURS) == {6: 19, 5: 12, 3: 6, 2: 6}
    pairs = {frozenset((p, n)) for p in POINTS for n in NEIGHBOURS[p]}
    assert len(pairs) == 102
    assert all(p in NEIGHBOURS[n] for p in POINTS for n in NEIGHBOURS[p])


def test_tips_lie_on_two_lines_and_corners_have_three_neighbours():
    """§2.3: the tips lie on 2 lines with 2 neighbours; every other point on 3; corners have 3."""
    tips = {parse_point(t, axial=True) for t in ("A3", "C1", "C7", "G3", "G9", "I7")}
    corners = {parse_point(c, axial=True) for c in ("B2", "B5", "E2", "E8", "H5", "H8")}
    for p in POINTS:
        on_lines = sum(p in line for line in LINES)
        assert on_lines == (2 if p in tips else 3), LABELS[p]
    assert {p for p in POINTS if len(NEIGHBOURS[p]) == 2} == tips
    assert {p for p in POINTS if len(NEIGHBOURS[p]) == 3} == corners


@pytest.mark.parametrize("axial,column", [("E5", "E4"), ("I7", "I1"), ("A3", "A1"), ("C1", "C1"),
                                          ("H8", "H4"), ("G9", "G7"), ("B2", "B1"), ("E8", "E7")])
def test_axial_to_per_column_conversion(axial, column):
    """§2.2: per-column index = axial number - offset (A 2, B 1, C 0, D 1, E 1, F 2, G 2, H 4, I 6)."""
    assert parse_point(axial, axial=True) == parse_point(column)
    assert label(parse_point(axial, axial=True)) == column


@pytest.mark.parametrize("name,qr,xy", [("A1", (-4, -2), (-3.464, 0.0)), ("E4", (0, 0), (0.0, 0.0)),
                                        ("E7", (0, 3), (0.0, 3.0)), ("G1", (2, -2), (1.732, -3.0)),
                                        ("H3", (3, 2), (2.598, 0.5)), ("D1", (-1, -3), (-0.866, -2.5))])
def test_coordinates_of_section_2_4(name, qr, xy):
    """§2.4: axial (q, r) and drawn (x, y) with y growing upward (E7 at the top)."""
    p = parse_point(name)
    assert AXIAL[p] == qr
    assert isclose(XY[p][0], xy[0], abs_tol=1e-3) and isclose(XY[p][1], xy[1], abs_tol=1e-3)
    assert max(y for _, y in XY) == XY[parse_point("E7")][1]


@pytest.mark.parametrize("bad", ["", "J1", "A2", "E8", "B0", "E", "4E", "E4 x", 7])
def test_parse_point_rejects_non_points(bad):
    """§15: only the 43 per-column labels name points."""
    with pytest.raises(NotationError):
        parse_point(bad)


def test_parse_point_axial_only_when_asked():
    """§15: output is per-column; the axial form is accepted only when asked for."""
    with pytest.raises(NotationError):
        parse_point("E8")
    assert label(parse_point("E8", axial=True)) == "E7"
    with pytest.raises(NotationError):
        parse_point("E1", axial=True)
    assert parse_point("c3") == parse_point("C3")
