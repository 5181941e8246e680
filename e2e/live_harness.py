"""A test page for the live table's transport (web/js/live/) on the site's origin: /live-test/
serves a blank page, the folder's modules from the source tree (they are the page's own once the
live panel imports them: the built site then bundles them away) and the QR encoder from the npm
package the build vendors (build_site.VENDOR_FILES; the built site bundles it into a chunk too).
Used by e2e/test_live_transport.py (Chromium, through page.route) and
e2e/other_browsers/test_live_engines.py (Firefox and WebKitGTK, through LiveHandler).
"""

from __future__ import annotations

import io
import json
from http import HTTPStatus
from pathlib import Path
from urllib.parse import urlsplit

import build_site
from serve import SiteHandler

ROOT = Path(__file__).resolve().parent.parent
LIVE = ROOT / "web" / "js" / "live"
PREFIX = "/live-test/"
PAGE = b"<!doctype html><meta charset=utf-8><title>live transport</title><body></body>"
NO_STUN = json.dumps({"iceServers": []}).encode()

# Both ends in one page (the Firefox and WebKit check): an invite, its answer, the answer
# accepted, a message each way. Resolves with what was seen; throws what went wrong.
BOTH_ENDS = """async () => {
    const { invite, answer } = await import("./live/peer.js");
    const { iceServers } = await import("./live/ice-config.js");
    const servers = await iceServers();
    const a = await invite({ iceServers: servers, game: { seat: 0 } });
    const b = await answer(a.text, { iceServers: servers, game: (g) => ({ seat: g.seat + 1 }) });
    const [ca, cb] = await Promise.all([a.accept(b.text), b.channel]);
    const got = (c) => new Promise((ok) => c.onMessage(ok));
    const [toB, toA] = [got(cb), got(ca)];
    ca.send({ hello: "b" });
    cb.send({ hello: "a" });
    const seen = [await toB, await toA, ca.game, cb.game, a.text.length, b.text.length];
    ca.close();
    return seen;
}"""

# Whether this browser takes the rebuilt SDPs of other browsers' real offers (as the answering
# side) and answers (as the offering side): [name, "ok" | the error] for each fixture.
TAKES_FIXTURES = """async (sdps) => {
    const { packInvite, readInvite, packAnswer, readAnswer } = await import("./live/signal.js");
    const results = [];
    for (const [name, sdp] of Object.entries(sdps)) {
        const pc = new RTCPeerConnection();
        try {
            if (name.endsWith("-offer")) {
                const link = await readInvite(await packInvite({ sdp, game: null }));
                await pc.setRemoteDescription({ type: "offer", sdp: link.sdp });
                await pc.setLocalDescription(await pc.createAnswer());
            } else {
                pc.createDataChannel("taluva");
                await pc.setLocalDescription(await pc.createOffer());
                const link = await readAnswer(await packAnswer({ sdp, game: null }));
                await pc.setRemoteDescription({ type: "answer", sdp: link.sdp });
            }
            results.push([name, "ok"]);
        } catch (error) {
            results.push([name, `${error.name}: ${error.message}`]);
        } finally {
            pc.close();
        }
    }
    return results;
}"""


def fixture_sdps() -> dict[str, str]:
    """The real SDPs the unit tests read (tests/js/fixtures/live-sdp.json)."""
    path = ROOT / "tests" / "js" / "fixtures" / "live-sdp.json"
    return json.loads(path.read_text())["sdps"]


def live_test_file(site: Path, path: str) -> tuple[bytes, str] | None:
    """The body and type of a /live-test/ path, or None when it names nothing there."""
    rel = path.removeprefix(PREFIX)
    if rel in ("", "index.html"):
        return PAGE, "text/html; charset=utf-8"
    if rel == "live.json":
        return NO_STUN, "application/json"
    if rel == "vendor/uqr.js":  # the npm file itself: the built site bundles it into a chunk
        return build_site.VENDOR_FILES["js/vendor/uqr.js"].read_bytes(), "text/javascript"
    name = rel.removeprefix("live/")
    if rel.startswith("live/") and "/" not in name and (LIVE / name).is_file():
        return (LIVE / name).read_bytes(), "text/javascript"
    return None


class LiveHandler(SiteHandler):
    """The site, and /live-test/ (live_test_file) on its origin."""

    def send_head(self):
        path = urlsplit(self.path).path
        found = live_test_file(self.server.site, path) if path.startswith(PREFIX) else None
        if found is None:
            return super().send_head()
        body, kind = found
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)
