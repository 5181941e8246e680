"""Play live with a friend: a by-link game whose links travel over a WebRTC data channel.

A live game IS a by-link game (:mod:`taluva.play.bylink`): the same signed links, the same
fair draws mixing every seat's committed secret, the same checks of every link, so that when
the channel drops play goes on by link from the same position. What is live's own:

- :mod:`~taluva.play.live.message`: every message of the channel (``hello``, ``link``, ``step``,
  ``bye``), versioned, size-limited, read and written by the engine; the page acts on nothing
  the engine has not read.
- :mod:`~taluva.play.live.step`: a placement seen as it is made, before the mover's whole-turn
  link, checked by every receiver against the fair draw and the rules.
- :mod:`~taluva.play.live.errors`: the refusals, by-link errors of kind ``live``.
- :mod:`~taluva.play.live.page`: what the bridge's ``live*`` doors answer.
"""

from taluva.play.live.errors import LiveError, LiveMessageError, LiveStepError, LiveVersionError
from taluva.play.live.message import MAX_MESSAGE, VERSION, read_message, write_message
from taluva.play.live.step import StepSession, step_out, stepped

__all__ = [
    "MAX_MESSAGE",
    "VERSION",
    "LiveError",
    "LiveMessageError",
    "LiveStepError",
    "LiveVersionError",
    "StepSession",
    "read_message",
    "step_out",
    "stepped",
    "write_message",
]
