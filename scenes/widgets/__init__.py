"""The arcade's widget layer: pygame-gui buttons with a keyboard / controller focus
ring, value cyclers, toasts, and the drawing kit every screen and view shares (text,
fitted and wrapped lines, panels and sprites through one bounded cache; faceted
crystals with colour-blind glyphs).

Every button is at least 44 px tall (touch), shows hover and press feedback
(pygame-gui theme states) and can be reached with arrow keys or Tab and pressed with
Enter or Space; Escape is "back" on every menu.

Where each part lives (every name is importable from ``scenes.widgets``):
- ``text.py``: text drawing and the one bounded cache (``draw_text``, ``Pen``,
  ``fit_text``, ``wrap_text``, ``fit_paragraph``, ``render_cached``, ``cached``,
  ``cache_bytes``) and ``TEXT_LOG``, the record of every line drawn;
- ``panels.py``: ``draw_panel``, ``lighten`` / ``darken``, the gems and their glyphs;
- ``toasts.py``: ``toast`` and the queue, placement and drawing of toasts;
- ``menus.py``: ``GuiManager``, ``fit_buttons``, ``Control`` and ``MenuScene``;
- ``backdrop.py``: the starfield backdrop, card buttons and PIN boxes.

The cache's and the text record's state is read where it lives: a test or tool that
sets ``TEXT_LOG``, ``CACHE_BYTES``, ``_CACHE`` or ``_cache_bytes`` sets it on
``scenes.widgets.text`` (``widgets.text.TEXT_LOG = []``).
"""

from scenes.widgets import text as text
from scenes.widgets.backdrop import (
    _DUST as _DUST,
)
from scenes.widgets.backdrop import (
    _dust as _dust,
)
from scenes.widgets.backdrop import (
    _gradient as _gradient,
)
from scenes.widgets.backdrop import (
    draw_card_button as draw_card_button,
)
from scenes.widgets.backdrop import (
    draw_pin_box as draw_pin_box,
)
from scenes.widgets.backdrop import (
    starfield_background as starfield_background,
)
from scenes.widgets.menus import (
    Control as Control,
)
from scenes.widgets.menus import (
    GuiManager as GuiManager,
)
from scenes.widgets.menus import (
    MenuScene as MenuScene,
)
from scenes.widgets.menus import (
    fit_buttons as fit_buttons,
)
from scenes.widgets.menus import (
    follow_look as follow_look,
)
from scenes.widgets.panels import (
    COVERING as COVERING,
)
from scenes.widgets.panels import (
    GLYPHS as GLYPHS,
)
from scenes.widgets.panels import (
    darken as darken,
)
from scenes.widgets.panels import (
    draw_gem as draw_gem,
)
from scenes.widgets.panels import (
    draw_glyph as draw_glyph,
)
from scenes.widgets.panels import (
    draw_panel as draw_panel,
)
from scenes.widgets.panels import (
    lighten as lighten,
)
from scenes.widgets.panels import (
    theme_still as theme_still,
)
from scenes.widgets.text import (
    _GLYPHS as _GLYPHS,
)
from scenes.widgets.text import (
    _NO_SUCH_CHARACTER as _NO_SUCH_CHARACTER,
)
from scenes.widgets.text import (
    _SHARED as _SHARED,
)
from scenes.widgets.text import (
    _STAND_IN_TABLE as _STAND_IN_TABLE,
)
from scenes.widgets.text import (
    _WEIGH_AT_MOST as _WEIGH_AT_MOST,
)
from scenes.widgets.text import (
    BANNER_LINES as BANNER_LINES,
)
from scenes.widgets.text import (
    CACHE_BYTES as CACHE_BYTES,
)
from scenes.widgets.text import (
    ELLIPSIS as ELLIPSIS,
)
from scenes.widgets.text import (
    ENTRY_BYTES as ENTRY_BYTES,
)
from scenes.widgets.text import (
    MAX_LINE_CHARS as MAX_LINE_CHARS,
)
from scenes.widgets.text import (
    MAX_WRAP_CHARS as MAX_WRAP_CHARS,
)
from scenes.widgets.text import (
    MIN_TARGET as MIN_TARGET,
)
from scenes.widgets.text import (
    RING as RING,
)
from scenes.widgets.text import (
    STAND_INS as STAND_INS,
)
from scenes.widgets.text import (
    DrawnText as DrawnText,
)
from scenes.widgets.text import (
    Pen as Pen,
)
from scenes.widgets.text import (
    _gui_font as _gui_font,
)
from scenes.widgets.text import (
    _ink as _ink,
)
from scenes.widgets.text import (
    _shrunk as _shrunk,
)
from scenes.widgets.text import (
    _weight as _weight,
)
from scenes.widgets.text import (
    blit_line as blit_line,
)
from scenes.widgets.text import (
    cache_bytes as cache_bytes,
)
from scenes.widgets.text import (
    cached as cached,
)
from scenes.widgets.text import (
    clear_pitch as clear_pitch,
)
from scenes.widgets.text import (
    draw_text as draw_text,
)
from scenes.widgets.text import (
    fit_paragraph as fit_paragraph,
)
from scenes.widgets.text import (
    fit_text as fit_text,
)
from scenes.widgets.text import (
    fitting_font as fitting_font,
)
from scenes.widgets.text import (
    has_glyph as has_glyph,
)
from scenes.widgets.text import (
    line_step as line_step,
)
from scenes.widgets.text import (
    record_gui as record_gui,
)
from scenes.widgets.text import (
    record_text as record_text,
)
from scenes.widgets.text import (
    render_cached as render_cached,
)
from scenes.widgets.text import (
    text_width as text_width,
)
from scenes.widgets.text import (
    wrap_text as wrap_text,
)
from scenes.widgets.toasts import (
    FADE as FADE,
)
from scenes.widgets.toasts import (
    TOAST_LINE as TOAST_LINE,
)
from scenes.widgets.toasts import (
    TOAST_MIN_TICKS as TOAST_MIN_TICKS,
)
from scenes.widgets.toasts import (
    TOAST_QUEUE as TOAST_QUEUE,
)
from scenes.widgets.toasts import (
    TOAST_TEXT_W as TOAST_TEXT_W,
)
from scenes.widgets.toasts import (
    TOAST_W as TOAST_W,
)
from scenes.widgets.toasts import (
    Toast as Toast,
)
from scenes.widgets.toasts import (
    clear_alpha as clear_alpha,
)
from scenes.widgets.toasts import (
    draw_toasts as draw_toasts,
)
from scenes.widgets.toasts import (
    tick_toasts as tick_toasts,
)
from scenes.widgets.toasts import (
    toast as toast,
)
from scenes.widgets.toasts import (
    toast_avoid as toast_avoid,
)
from scenes.widgets.toasts import (
    toast_key as toast_key,
)
from scenes.widgets.toasts import (
    toast_lines as toast_lines,
)
from scenes.widgets.toasts import (
    toast_rect as toast_rect,
)
