"""A browser too old for the page gets a clear message in its language (js/browser-check.js),
not a page that never starts. Chromium plays the old browser: a feature is taken away before
the page's scripts run."""

from __future__ import annotations

import pytest

HEAVY = ("pyodide", ".wasm", "worker.js", "wheels/")

WITHOUT = {
    "WebAssembly": "delete window.WebAssembly;",
    # A browser without module workers never reads the options' `type`.
    "module workers": "const Plain = window.Worker;"
    " window.Worker = function (url) { return new Plain(url); };",
    "ES2022": "delete Object.hasOwn;",
}


@pytest.mark.parametrize("feature", list(WITHOUT))
def test_a_browser_without_a_feature_the_page_needs_says_so_and_starts_nothing(
    page, server, console, feature
):
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.add_init_script(WITHOUT[feature])
    page.goto(server.url)
    page.wait_for_selector("#boot-old:not([hidden])")
    assert page.text_content("#boot-old h2") == "This browser is too old for Taluva"
    assert feature in page.text_content("#boot-old-missing")
    assert page.evaluate("document.documentElement.dataset.browser") == "old"
    assert page.get_attribute("body", "data-engine") == "unsupported"
    assert page.locator("#boot-progress").is_hidden()
    # The CSS "taking too long" notice comes after 10 s of loading by an animation's delay: every
    # animation run to its end at once stands for those 10 s, and still shows no notice.
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    assert page.locator(".boot-stuck").is_hidden()
    assert [url for url in requests if any(mark in url for mark in HEAVY)] == []
    assert console == []


def test_the_message_is_in_the_browsers_language(browser, server):
    context = browser.new_context(locale="de-DE")
    try:
        page = context.new_page()
        page.add_init_script(WITHOUT["WebAssembly"])
        page.goto(server.url)
        page.wait_for_selector("html[lang=de] #boot-old:not([hidden])")
        assert page.text_content("#boot-old h2") == "Dieser Browser ist zu alt für Taluva"
    finally:
        context.close()


def test_a_current_browser_is_not_told_anything(booted):
    assert booted.evaluate("document.documentElement.dataset.browser") is None
    assert booted.locator("#boot-old").is_hidden()
