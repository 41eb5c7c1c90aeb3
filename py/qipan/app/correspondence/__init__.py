"""Correspondence play: a game between devices far apart with no server, by links (or small
files) that carry its whole history; optional verified dice (commit and reveal) and hidden set-up
choices (salted commitments). The pure protocol and model; docs/correspondence.md.

    device = Device.create(game_id, 2, dice=VERIFIED)   # the creator (person 0)
    url = device.send("https://…/")                     # the invitation
    other = Device.receive(url, persons=(1,)); other.join(); url = other.send()
    device.open(url)  # -> Opened("new", plies, awaiting)
"""

from qipan.app.correspondence.device import Device, Opened
from qipan.app.correspondence.errors import CorrespondenceError
from qipan.app.correspondence.link import (
    FRAGMENT, LINK_LIMIT, decode, encode, fits_link, fragment, from_file, to_file)
from qipan.app.correspondence.model import (
    DICE_MODES, FRIENDLY, VERIFIED, Awaiting, CorrespondenceRecord, Message, Replay, Table)
from qipan.app.correspondence.verify import Verdict, verify

__all__ = [
    "DICE_MODES", "FRAGMENT", "FRIENDLY", "LINK_LIMIT", "VERIFIED", "Awaiting", "CorrespondenceError",
    "CorrespondenceRecord", "Device", "Message", "Opened", "Replay", "Table", "Verdict", "decode", "encode",
    "fits_link", "fragment", "from_file", "to_file", "verify",
]
