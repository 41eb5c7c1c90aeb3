"""Rules §1 and §2.2: the random map is an exact cover of the 12x12 board by I×5 J×5 L×5 O×5 S×5 T×6 Z×5,
reproducible from the seed, and the parser of maps rejects anything else."""

from collections import Counter

import pytest

from qipan.core import NotationError, Rng
from qipan.games.hezong import GAME, build_map, random_map
from qipan.games.hezong import tiling

# Every fixed orientation, drawn by hand (no mirroring, rules §2.2 / H11), independent of the engine.
PICTURES = {
    "I": ["####", "#/#/#/#"],
    "O": ["##/##"],
    "T": ["###/.#.", "#./##/#.", ".#./###", ".#/##/.#"],
    "S": [".##/##.", "#./##/.#"],
    "Z": ["##./.##", ".#/##/#."],
    "J": ["#../###", "##/#./#.", "###/..#", ".#/.#/##"],
    "L": ["..#/###", "#./#./##", "###/#..", "##/.#/.#"],
}
FORMS = {frozenset((r, c) for r, row in enumerate(p.split("/")) for c, ch in enumerate(row) if ch == "#"): letter
         for letter, pics in PICTURES.items() for p in pics}
COUNTS = {"I": 5, "J": 5, "L": 5, "O": 5, "S": 5, "T": 6, "Z": 5}


def shape_letter(cells):
    rows = [c // 12 for c in cells]
    cols = [c % 12 for c in cells]
    return FORMS.get(frozenset((r - min(rows), c - min(cols)) for r, c in zip(rows, cols)))


def check_map(hmap):
    """Exact cover with the exact counts, checked without the engine's own shape table."""
    assert len(hmap.regions) == 144
    by_region = {}
    for cell, region in enumerate(hmap.regions):
        by_region.setdefault(region, []).append(cell)
    assert sorted(by_region) == list(range(36))
    letters = []
    for region, cells in by_region.items():
        assert len(cells) == 4
        letter = shape_letter(cells)
        assert letter is not None, f"region {region} is no tetromino"
        assert hmap.shapes[region] == letter
        letters.append(letter)
    assert Counter(letters) == COUNTS


def test_random_maps_are_exact_covers_with_the_piece_counts(monkeypatch):
    """§2.2 step 6, over hundreds of seeds: each map is the search's own (the restart fallback,
    with only 8 maps, is never needed here), and the restarts it reports are the attempts that failed."""
    attempts = []
    attempt = tiling._attempt
    monkeypatch.setattr(tiling, "_attempt", lambda rng: attempts.append(1) or attempt(rng))
    maps = set()
    for seed in range(200):
        attempts.clear()
        hmap, restarts = random_map(Rng(seed))
        check_map(hmap)
        assert restarts == len(attempts) - 1, f"seed {seed}"  # -1 would be the fallback
        maps.add(hmap)
    assert len(maps) == 200


def test_map_is_reproducible_from_the_seed_and_varies_with_it():
    """§2.1: the map is drawn from the seed: same seed, same board; other seeds, other boards."""
    assert GAME.new(4, seed=7).map == GAME.new(4, seed=7).map
    assert len({GAME.new(2, seed=s).map for s in range(10)}) == 10


def test_fallback_tiling_is_valid_under_every_symmetry(monkeypatch):
    """§2.2: a sound fallback when the search gives up; the reflections keep the counts (J↔L, S↔Z)."""
    monkeypatch.setattr(tiling, "MAX_RESTARTS", 0)
    maps = set()
    for seed in range(40):
        hmap, restarts = random_map(Rng(seed))
        assert restarts == -1
        check_map(hmap)
        maps.add(hmap)
    assert len(maps) == 8


def test_regions_are_numbered_in_reading_order():
    hmap = GAME.new(3, seed=5).map
    firsts = [hmap.regions.index(r) for r in range(36)]
    assert firsts == sorted(firsts)
    assert hmap.region_cells(0)[0] == 0


def test_build_map_rejects_wrong_piece_counts():
    """§1: 36 pieces with exactly the 4rdp counts; a board of 36 O's is not a 4rdp board."""
    labels = [(r // 2) * 6 + c // 2 for r in range(12) for c in range(12)]
    with pytest.raises(NotationError, match="0 I pieces; the set has 5"):
        build_map(labels)


def test_build_map_rejects_non_tetromino_regions():
    labels = list(GAME.new(2, seed=1).map.regions)
    labels[0], labels[143] = labels[143], labels[0]
    with pytest.raises(NotationError, match="not a tetromino"):
        build_map(labels)
    with pytest.raises(NotationError, match="144 cells"):
        build_map(labels[:100])
