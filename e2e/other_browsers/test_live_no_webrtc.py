"""A browser with no WebRTC (WebKitGTK as Debian builds it): the New game dialog's live option is
off and says why, by link stays on offer; a `#live=` invitation opened there says in the panel
that this browser cannot connect directly, names the inviter and asks for a game by link, with
nothing thrown and the game on screen unchanged. The page checks WebRTC before it reads the
invitation: a damaged one says the same, without a name.

The invitation is a real one, packed on the site's origin by signal.js (live_harness.py serves
the modules) around a Chromium offer of the fixtures: WebKitGTK cannot make one. A WebKitGTK
that gains RTCPeerConnection fails here, loudly, until its live table is checked like Firefox's
(test_live_engines.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import browser_drivers as drivers
from browsers import BrowserMissing
from live_harness import PREFIX, LiveHandler, fixture_sdps
from serve import SiteServer

BOOT_TIMEOUT_S = 240  # WebKitGTK's first visit, as in test_journeys.py
HAS_RTC = "() => typeof RTCPeerConnection === 'function'"
SETTLED = "() => ['ready', 'error'].includes(document.body.dataset.engine)"
GAME_READY = '() => !!document.querySelector(\'.tg-root[data-ready="1"][data-busy="0"]\')'
PACK = """async (sdp) => {
    const { packInvite, liveHash } = await import("./live/signal.js");
    const game = { gameId: "0123456789abcdef", seat: 1, from: 0, name: "Ann",
                   players: ["Ann", ""] };
    return liveHash("invite", await packInvite({ sdp, game }));
}"""
SETUP_LIVE = """() => {
    const box = document.querySelector('[data-testid=setup-live]');
    const byLink = document.querySelector('[data-testid=setup-bylink]');
    const why = document.querySelector('[data-testid=setup-live-why]');
    return { disabled: box.disabled, checked: box.checked, byLink: !byLink.disabled,
             why: why?.textContent ?? null, open: box.closest('dialog').open };
}"""
PANEL_SAYS = """() => document.querySelector('[data-testid=live-unable]')?.textContent ?? null"""


@pytest.fixture(scope="module")
def webkit(site_dir: Path) -> Iterator[tuple[str, drivers.Driver]]:
    server = SiteServer(site_dir, handler=LiveHandler).start()
    try:
        driver = drivers.DRIVERS["webkit"](scheme="light")
    except BrowserMissing as missing:
        server.stop()
        pytest.fail(f"webkit: {missing}", pytrace=False)
    try:
        yield server.url, driver
    finally:
        driver.close()
        server.stop()


def test_no_webrtc_offers_by_link_and_an_invitation_says_so(webkit) -> None:
    url, driver = webkit
    driver.goto(f"{url}{PREFIX.strip('/')}/")
    assert not driver.evaluate(HAS_RTC), (
        "this WebKitGTK has RTCPeerConnection: check its live table as Firefox's "
        "(test_live_engines.py) and test the no-WebRTC page another way"
    )
    invitation = driver.evaluate(PACK, fixture_sdps()["chromium-plain-offer"])
    assert invitation.startswith("#live=")

    driver.goto(url)
    driver.wait(SETTLED, "the engine's boot", timeout_s=BOOT_TIMEOUT_S)
    assert driver.evaluate("() => document.body.dataset.engine") == "ready"
    driver.wait(GAME_READY, "the game screen")
    driver.errors()  # the boot's are test_journeys.py's business

    # The New game dialog: live off, and why, in words; by link still on offer.
    driver.click("[data-testid=new-game]")
    driver.wait("() => !!document.querySelector('[data-testid=setup-live]')", "the New game dialog")
    setup = driver.evaluate(SETUP_LIVE)
    assert setup["open"] and setup["disabled"] and not setup["checked"] and setup["byLink"], setup
    assert "cannot connect directly" in setup["why"] and "by link" in setup["why"], setup
    driver.click("[data-testid=setup-cancel]")

    # A real invitation: the panel says so, names Ann, asks for a game by link; nothing else.
    before = driver.evaluate("() => JSON.stringify(taluva.state())")
    driver.evaluate("(h) => { location.hash = h; }", invitation)
    said = driver.wait(PANEL_SAYS, "the live panel's sentence", timeout_s=30)
    assert "Ann invites you" in said and "cannot connect directly" in said, said
    assert "Ask Ann for a game by link" in said, said
    assert driver.evaluate("() => JSON.stringify(taluva.state())") == before
    assert not driver.evaluate("() => !!document.querySelector('[data-testid=live-name]')")
    # No connection is coming: the game on screen stays in reach.
    assert not driver.evaluate("() => document.querySelector('.tg-main').hasAttribute('data-held')")
    assert not driver.evaluate("() => !!document.querySelector('[data-testid=live-again]')")

    # A damaged one: WebRTC is checked first, so the same sentence, with no name to give.
    driver.evaluate("(h) => { location.hash = h; }", "#live=zzzz")
    said = driver.wait(
        "() => { const s = document.querySelector('[data-testid=live-unable]')?.textContent;"
        " return s && !s.includes('Ann') ? s : null; }",
        "the sentence without a name",
        timeout_s=30,
    )
    assert "Ask your friend for a game by link" in said, said
    assert not driver.evaluate("() => !!document.querySelector('[data-testid=live-notice]')")
    assert driver.evaluate("() => JSON.stringify(taluva.state())") == before
    assert driver.errors() == []
