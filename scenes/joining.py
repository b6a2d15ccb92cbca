"""What phones join by, drawn alike on every big screen that hosts them: the card with
the QR code, the address and the room code, and the list of the phones that have
joined.  The party's lobby (scenes/party.py) and the puzzle race's (scenes/race.py)
draw them; a screen never imports another, so the drawing lives here."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.text.i18n import _
from scenes.widgets import draw_panel, draw_text

JOIN_CARD = pygame.Rect(40, 90, 600, 540)
PHONE_LIST = pygame.Rect(680, 90, 560, 540)
QR_SIZE = 300
ROW_H = 52  # a row holds a 44 px Kick button
ONE_COLUMN = 9  # rows in one column; more go in two


@dataclass(frozen=True)
class PhoneRow:
    """One line of the phone list: its words, its dot's and its words' theme colours,
    and the room its right end keeps free (for a button the screen puts there)."""

    text: str
    dot: str = "good"
    ink: str = "text"
    keep_right: int = 0


def slot_dot(slot: dict) -> str:
    """The dot of a lobby seat (party.lobby's snapshot): here, away, or free."""
    if slot["connected"]:
        return "good"
    return "accent" if slot["taken"] else "text_dim"


def phone_rows(count: int, area: pygame.Rect = PHONE_LIST) -> list[pygame.Rect]:
    """One row per phone under the list's title: a column of up to ONE_COLUMN, two
    columns beyond that."""
    inner = area.inflate(-24, 0)
    top = area.y + 58
    cols = 1 if count <= ONE_COLUMN else 2
    per_col = -(-count // cols)
    width = inner.w // cols
    return [
        pygame.Rect(
            inner.x + (i // per_col) * width,
            top + (i % per_col) * ROW_H,
            width - 8,
            ROW_H - 6,
        )
        for i in range(count)
    ]


def draw_join_card(
    surface: pygame.Surface,
    theme,
    qr: pygame.Surface,
    url: str,
    code: str,
    card: pygame.Rect = JOIN_CARD,
) -> None:
    """The QR code, "Scan the code, or open" the address, and the room code."""
    draw_panel(surface, card, theme)
    qr_rect = qr.get_rect(midtop=(card.centerx, card.y + 20))
    surface.blit(qr, qr_rect)
    y = qr_rect.bottom + 14
    pitch = theme.pitch  # the lines under the code move down as they grow
    draw_text(
        surface,
        _("Scan the code, or open"),
        theme.font(18),
        theme["text_dim"],
        (card.centerx, y),
        "midtop",
        max_width=card.w - 20,
    )
    draw_text(
        surface,
        url,
        theme.font(26, "bold"),
        theme["text"],
        (card.centerx, y + pitch(26)),
        "midtop",
        max_width=card.w - 20,
    )
    draw_text(
        surface,
        _("Room code"),
        theme.font(18),
        theme["text_dim"],
        (card.centerx, y + pitch(66)),
        "midtop",
        max_width=card.w - 20,
    )
    draw_text(
        surface,
        "  ".join(code),
        theme.heading(54),
        theme["accent_2"],
        (card.centerx, y + pitch(88)),
        "midtop",
        shadow=True,
    )


def draw_phone_list(
    surface: pygame.Surface,
    theme,
    title: str,
    rows: list[PhoneRow],
    area: pygame.Rect = PHONE_LIST,
) -> None:
    """The panel of phones: ``title`` (how many have joined), then a dot and a line
    for each row, in the places :func:`phone_rows` gives."""
    draw_panel(surface, area, theme)
    draw_text(
        surface,
        title,
        theme.font(22, "bold"),
        theme["accent"],
        (area.x + 20, area.y + 16),
        max_width=area.w - 40,
    )
    font = theme.font(19 if len(rows) <= ONE_COLUMN else 16)
    for row, rect in zip(rows, phone_rows(len(rows), area), strict=True):
        pygame.draw.circle(surface, theme[row.dot], (rect.x + 12, rect.centery), 8)
        draw_text(
            surface,
            row.text,
            font,
            theme[row.ink],
            (rect.x + 28, rect.centery),
            "midleft",
            max_width=rect.w - 28 - row.keep_right,
        )
