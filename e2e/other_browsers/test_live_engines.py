"""The live table's transport (web/js/live/, issue 43) in Firefox ESR and WebKitGTK: the rebuilt
SDPs of Chromium's and Firefox's real offers and answers are taken by setRemoteDescription, and
two ends in one page open a data channel and talk both ways, with no STUN server (live_harness.py
serves the modules and a live.json of none; Firefox's loopback prefs: build/firefox_bridge.mjs).
WebKitGTK as Debian builds it may have no WebRTC at all: then the test asserts exactly that (no
RTCPeerConnection), so a build that gains it fails here until it is checked like Firefox.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import browser_drivers as drivers
from browsers import BrowserMissing
from live_harness import BOTH_ENDS, PREFIX, TAKES_FIXTURES, LiveHandler, fixture_sdps
from serve import SiteServer

HAS_RTC = "() => typeof RTCPeerConnection === 'function'"


@pytest.fixture(scope="module", params=("firefox", "webkit"))
def live_page(request, site_dir: Path) -> Iterator[tuple[str, drivers.Driver]]:
    server = SiteServer(site_dir, handler=LiveHandler).start()
    try:
        driver = drivers.DRIVERS[request.param](scheme="light")
    except BrowserMissing as missing:
        server.stop()
        pytest.fail(f"{request.param}: {missing}", pytrace=False)
    try:
        driver.goto(f"{server.url}{PREFIX.strip('/')}/")
        yield request.param, driver
    finally:
        driver.close()
        server.stop()


def test_rebuilt_sdps_are_taken_and_a_channel_opens(live_page):
    engine, driver = live_page
    if not driver.evaluate(HAS_RTC):
        assert engine == "webkit", f"{engine} has no RTCPeerConnection"
        print("\nwebkit: this WebKitGTK build has no RTCPeerConnection: no live tables in it")
        return
    results = driver.evaluate(TAKES_FIXTURES, fixture_sdps())
    assert results == [[name, "ok"] for name in fixture_sdps()], results
    to_b, to_a, game_a, game_b, invite_len, answer_len = driver.evaluate(BOTH_ENDS)
    assert (to_b, to_a) == ('{"hello":"b"}', '{"hello":"a"}')
    assert (game_a, game_b) == ({"seat": 1}, {"seat": 0})
    print(f"\n{engine}: channel open; invite {invite_len} characters, answer {answer_len}")
