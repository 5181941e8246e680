"""The site runs under a strict Content-Security-Policy, and Pyodide triggers no violation of it."""

from __future__ import annotations

from html.parser import HTMLParser

from serve import page_csp
from support import wait_offline_ready, wait_ready, wait_until


class _Scan(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inline_scripts = 0
        self.inline_handlers: list[str] = []
        self.style_attributes = 0
        self._in_script_without_src = False

    def handle_starttag(self, tag, attrs):
        names = {name for name, _ in attrs}
        self.inline_handlers += [n for n in names if n.startswith("on")]
        self.style_attributes += "style" in names
        if tag == "script" and "src" not in names:
            self.inline_scripts += 1
        if tag == "style":
            self.inline_scripts += 1  # an inline <style> breaks style-src 'self' just the same


def test_the_page_policy_is_strict(site_dir):
    policy = {d.split()[0]: d.split()[1:] for d in page_csp(site_dir).split("; ")}
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]  # no request to any other host
    for sources in policy.values():
        assert "'unsafe-eval'" not in sources and "'unsafe-inline'" not in sources
    # Only directives every supported engine knows: WebKit warns on each load about one it does
    # not (manifest-src, which default-src 'self' covers where it exists).
    unknown = set(policy) - KNOWN_EVERYWHERE
    assert not unknown, f"directives some supported browser rejects: {sorted(unknown)}"


# CSP directives Chromium, Firefox and WebKit (Safari) all recognise, in a <meta> tag as in the
# header (frame-ancestors and report-uri are header-only: serve.py adds them).
KNOWN_EVERYWHERE = {
    "default-src",
    "script-src",
    "style-src",
    "img-src",
    "font-src",
    "connect-src",
    "worker-src",
    "media-src",
    "object-src",
    "base-uri",
    "form-action",
}


def test_no_inline_script_style_or_handler_in_any_page(site_dir):
    for html in site_dir.rglob("*.html"):
        scan = _Scan()
        scan.feed(html.read_text())
        assert (scan.inline_scripts, scan.inline_handlers, scan.style_attributes) == (0, [], 0), (
            html
        )


def test_server_sends_the_page_policy_as_a_header(page, server, site_dir):
    response = page.goto(server.url)
    header = response.headers["content-security-policy"]
    assert header.startswith(page_csp(site_dir) + ";")
    assert "report-uri" in header


def test_a_full_visit_has_no_violation_no_console_error_and_no_foreign_request(
    page, server, console
):
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(server.url)
    wait_ready(page)
    assert page.evaluate("window.taluva.call('ping', {})") == "pong"
    wait_offline_ready(page)
    page.reload()  # and once more, served by the service worker
    wait_ready(page)
    page.wait_for_timeout(500)  # let late reports (they are sent asynchronously) arrive

    assert server.csp_reports == []
    assert console == []
    foreign = [url for url in requests if not url.startswith(server.url)]
    assert foreign == []
    assert len(requests) > 10  # the listener did see the boot's requests


def test_the_violation_detectors_work(booted, server, console):
    """Guards the test above: a real violation is seen by both the server and the console."""
    booted.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.__inline = 1'; document.head.append(s); }"
    )
    assert booted.evaluate("window.__inline") is None  # blocked
    # The report and the console line arrive asynchronously: wait for them, not for a while.
    assert wait_until(
        lambda: any(
            r["csp-report"]["violated-directive"].startswith("script-src")
            for r in server.csp_reports
        ),
        timeout_s=10,
    )
    assert wait_until(lambda: any("Content Security Policy" in line for line in console), 10)
