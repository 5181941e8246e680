"""Hold a computer's answer back, and note in the page the order in which things happen.

A test that wants to see the page at work *while* a computer thinks must not hope that the
engine thinks longer than the browser takes to act: on a busy machine it may not. Instead the
test holds the answer back. An init script (``install``) wraps the page's ``Worker`` so that
every ``message`` event from a worker (the engine's answers) goes through a gate. Armed, the gate
closes the moment the page sets ``data-thinking="1"`` on the game root (a MutationObserver
callback, a microtask of the very task that sends ``aiChoose``, so before any answer can come
in); while closed, answers are kept, in order, until the test releases them. The engine itself
is not touched: it may well have finished; the page just has not heard yet, exactly as if the
engine were slow.

The same script notes, in order, every change of the root's data attributes that matter
(``data-thinking``, ``data-ai-show``, ``data-steps``, ``data-current``, ``data-phase``), each
click on a watched control (with ``data-thinking`` and ``data-ai-show`` as they are when the
page takes the click) and every engine answer held or delivered. Tests then assert on that
order, never on time stamps.

Only what web/API.md documents is used (the root's data attributes; the engine in a Web Worker),
never the page's own modules or its message format.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from game_driver import UI

# Runs before the page's own scripts (page.add_init_script), in every document of the page.
INIT_JS = r"""
(() => {
  const Native = globalThis.Worker;
  if (typeof Native !== "function" || globalThis.__e2eHold) return;
  const hold = {
    workers: 0,      // Workers the page created
    state: "off",    // "off" | "armed" | "holding" | "flushing"
    queue: [],       // [worker, listener, event] kept while holding (and while flushing)
    held: 0,         // answers kept back so far
    delivered: 0,    // worker messages handed to the page since the watch started
    log: null,       // the watch's list of events, once it is installed
  };
  globalThis.__e2eHold = hold;
  const note = (entry) => hold.log?.push(entry);
  const call = (worker, listener, event) =>
    typeof listener === "function" ? listener.call(worker, event) : listener.handleEvent(event);
  const flush = () => {
    const next = hold.queue.shift();
    if (!next) {
      hold.state = "off";
      return;
    }
    note({ what: "engine-message", released: true });
    hold.delivered += 1;
    setTimeout(flush, 0); // one task each, like the messages they stand for, and in order
    call(...next);
  };
  hold.release = () => {
    if (hold.state === "armed") hold.state = "off";
    if (hold.state !== "holding") return;
    hold.state = "flushing";
    setTimeout(flush, 0);
  };
  const deliver = (worker, listener, event) => {
    if (hold.state === "holding" || hold.state === "flushing") {
      hold.queue.push([worker, listener, event]);
      if (hold.state === "holding") {
        hold.held += 1;
        note({ what: "engine-message", held: true });
      }
      return;
    }
    if (hold.log) {
      hold.delivered += 1;
      note({ what: "engine-message" });
    }
    call(worker, listener, event);
  };
  const wrapped = new WeakMap(); // worker -> Map(listener -> wrapper)
  const wrapperFor = (worker, listener) => {
    let own = wrapped.get(worker);
    if (!own) wrapped.set(worker, (own = new Map()));
    let w = own.get(listener);
    if (!w) own.set(listener, (w = (event) => deliver(worker, listener, event)));
    return w;
  };
  const onmessage = Object.getOwnPropertyDescriptor(Native.prototype, "onmessage");
  class Worker extends Native {
    constructor(...args) {
      super(...args);
      hold.workers += 1;
    }
    addEventListener(type, listener, options) {
      if (type === "message" && listener) listener = wrapperFor(this, listener);
      return super.addEventListener(type, listener, options);
    }
    removeEventListener(type, listener, options) {
      if (type === "message" && listener) listener = wrapperFor(this, listener);
      return super.removeEventListener(type, listener, options);
    }
    get onmessage() {
      return this.__e2eOnmessage ?? null;
    }
    set onmessage(fn) {
      this.__e2eOnmessage = typeof fn === "function" ? fn : null;
      const w = this.__e2eOnmessage && ((event) => deliver(this, this.__e2eOnmessage, event));
      onmessage.set.call(this, w);
    }
  }
  globalThis.Worker = Worker;
})();
"""

# Installed once the game screen is up: the ordered log, and the gate's trigger.
WATCH_JS = r"""
([root, clicks]) => {
  const hold = globalThis.__e2eHold;
  if (!hold) return "no-hold";
  if (hold.workers < 1) return "no-worker";
  const el = document.querySelector(root);
  if (!el) return "no-root";
  const log = (hold.log = []);
  const names = ["thinking", "ai-show", "steps", "current", "phase"];
  const value = (name) => el.getAttribute(`data-${name}`) ?? "";
  new MutationObserver((records) => {
    records.forEach((rec, i) => {
      const name = rec.attributeName.slice("data-".length);
      const later = records.slice(i + 1).find((r) => r.attributeName === rec.attributeName);
      const from = rec.oldValue ?? "";
      const to = later ? later.oldValue ?? "" : value(name);
      if (from === to) return;
      const [current, computer, phase] = ["current", "computer", "phase"].map(value);
      log.push({ what: "attr", name, from, to, current, computer, phase });
      if (name === "thinking" && to === "1" && hold.state === "armed") {
        hold.state = "holding";
        log.push({ what: "hold" });
      }
    });
  }).observe(el, {
    attributes: true,
    attributeOldValue: true,
    attributeFilter: names.map((n) => `data-${n}`),
  });
  // Capture on window: noted when the page takes the click, before any of its own handlers.
  window.addEventListener(
    "click",
    (event) => {
      const hit = clicks.find((sel) => event.target?.closest?.(sel));
      if (!hit) return;
      log.push({
        what: "click",
        target: hit,
        thinking: value("thinking"),
        aiShow: value("ai-show"),
        holding: hold.state === "holding",
      });
    },
    true,
  );
  return "ok";
}
"""


def install(page) -> None:
    """Add the Worker gate to ``page``; call before ``page.goto``."""
    page.add_init_script(script=INIT_JS)


@dataclass
class Watch:
    """The ordered log of one page (see the module's docstring)."""

    page: object

    @classmethod
    def start(cls, page, clicks: list[str]) -> Watch:
        """Start noting events and clicks on the ``clicks`` selectors."""
        status = page.evaluate(WATCH_JS, [UI, clicks])
        assert status == "ok", {
            "no-hold": "the Worker gate is not in the page (use the held_game fixture)",
            "no-worker": "the page created no Web Worker: where does the engine run?",
            "no-root": f"no {UI} element: the game screen is not shown",
        }.get(status, status)
        return cls(page)

    def arm(self) -> None:
        """Keep the engine's answers back from the next time a computer starts thinking."""
        self.page.evaluate("globalThis.__e2eHold.state = 'armed'")

    def release(self) -> None:
        """Hand the kept answers to the page, in order; later ones pass straight through."""
        self.page.evaluate("globalThis.__e2eHold.release()")

    def holding(self) -> bool:
        return self.page.evaluate("globalThis.__e2eHold.state === 'holding'")

    def log(self) -> list[dict]:
        return self.page.evaluate("globalThis.__e2eHold.log.slice()")

    def report(self) -> str:
        """The log as text, for a failure message; a page whose main thread is blocked cannot
        give it (and page.evaluate would wait for it without a time limit), so ask first."""
        try:
            self.page.wait_for_selector(UI, state="attached", timeout=3_000)
        except PlaywrightTimeout:
            return "(none: the page's main thread does not answer at all)"
        return describe(self.log())

    @contextmanager
    def answering(self, what: str) -> Iterator[None]:
        """Turn a Playwright time-out inside the block into ``what`` and the page's events."""
        try:
            yield
        except PlaywrightTimeout as timeout:
            first_line = str(timeout).splitlines()[0]
            raise AssertionError(
                f"{what} [{first_line}]; the page's events:\n{self.report()}"
            ) from None


def describe(log: list[dict]) -> str:
    """The log as short lines, for assertion messages."""
    lines = []
    for i, e in enumerate(log):
        if e["what"] == "attr":
            lines.append(f"{i}: data-{e['name']} {e['from']!r} -> {e['to']!r}")
        elif e["what"] == "click":
            lines.append(
                f"{i}: click {e['target']} (data-thinking={e['thinking']!r}, "
                f"data-ai-show={e['aiShow']!r}, answer held: {e['holding']})"
            )
        else:
            how = " (held)" if e.get("held") else " (released)" if e.get("released") else ""
            lines.append(f"{i}: {e['what']}{how}")
    return "\n".join(lines)


def find(log: list[dict], match: dict, start: int = 0) -> int:
    """Index of the first entry at or after ``start`` with all of ``match``; -1 if none."""
    for i in range(start, len(log)):
        if all(log[i].get(k) == v for k, v in match.items()):
            return i
    return -1
