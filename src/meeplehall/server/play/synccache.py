"""The parts of a room's sync replies, kept as JSON text between requests.

A sync is a head (view, legal actions, who is to move, status, result: fixed for one table step,
audience and seats), the events the audience saw since its ``since``, and the clocks of the
moment. The head is built once per step and audience; each step's events are encoded once per
audience, so a sync of a long log joins strings; the last few whole texts are kept for clients
that ask the same again (a finished table's clocks do not move).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Hashable

from meeplehall.core import events_for
from meeplehall.server.play.match import Audience, Match

#: Whole sync texts kept per room.
TEXTS_KEPT = 16


class SyncCache:
    def __init__(self) -> None:
        self.match: Match | None = None
        #: Per audience, per table step: the JSON of the events it saw, comma-joined ("" none).
        self.steps: dict[Audience, list[str]] = {}
        self.version: Hashable = None
        self.heads: dict[Audience, str] = {}
        self.texts: OrderedDict[Hashable, str] = OrderedDict()

    def _follow(self, match: Match, version: Hashable) -> None:
        if match is not self.match:  # rebuilt (a step refused by the database): start over
            self.match = match
            self.steps.clear()
            self.version = None
        if version != self.version:
            self.version = version
            self.heads.clear()
            self.texts.clear()

    def events(self, match: Match, audience: Audience, start: int) -> str:
        """The events ``audience`` saw after table seq ``start``, as JSON list items."""
        encoded = self.steps.setdefault(audience, [])
        for step in match.past_steps(len(encoded)):
            encoded.append(", ".join(json.dumps(event)
                                     for event in events_for(step.events, audience)))
        return ", ".join(item for item in encoded[start:] if item)

    def text(self, match: Match, version: Hashable, audience: Audience, since: int,
             clocks_text: str, head: Callable[[Audience], str]) -> str:
        """The sync for ``audience`` from its ``since``; ``head(audience)`` builds the head."""
        self._follow(match, version)
        key = (audience, since, clocks_text)
        text = self.texts.get(key)
        if text is not None:
            self.texts.move_to_end(key)
            return text
        if audience not in self.heads:
            self.heads[audience] = head(audience)
        events = self.events(match, audience, match.table_seq(audience, since))
        text = (f'{self.heads[audience]}, "since": {since}, "clocks": {clocks_text}, '
                f'"events": [{events}]}}')
        self.texts[key] = text
        if len(self.texts) > TEXTS_KEPT:
            self.texts.popitem(last=False)
        return text
