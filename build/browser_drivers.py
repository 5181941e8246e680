"""Firefox and WebKitGTK for the tests in those engines (e2e/other_browsers) and the boot
benchmark (bench_boot.py), behind one small interface: Firefox ESR over WebDriver BiDi
(build/firefox_bridge.mjs, puppeteer-core) and WebKitGTK over classic WebDriver
(WebKitWebDriver driving MiniBrowser on a virtual X display), spoken here in plain HTTP.

Both offer: goto(url), reload(), evaluate(fn, *args) (a JavaScript function's source, its promise
awaited), click(selector), screenshot() (PNG bytes of the viewport), wait(fn, what) (polls
evaluate until truthy), errors() (console errors and uncaught exceptions seen so far), close();
and set_scheme(scheme), which switches the system theme live where the engine can (Firefox) and
says False where it reads it only at launch (WebKitGTK).
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import browsers

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "build" / "node_modules"

# Classic WebDriver has no console: this records the page's errors from the moment it is run
# (after each navigation's load), for errors() to read. Firefox hears of them from the browser.
CAPTURE = """() => {
    if (window.__taluvaErrors) return;
    const seen = (window.__taluvaErrors = []);
    const original = console.error.bind(console);
    console.error = (...parts) => {
        seen.push("console.error: " + parts.map(String).join(" "));
        original(...parts);
    };
    addEventListener("error", (e) => seen.push("uncaught: " + e.message));
    addEventListener("unhandledrejection", (e) => seen.push("unhandled rejection: " + e.reason));
}"""
TAKE_ERRORS = "() => (window.__taluvaErrors ?? []).splice(0)"


class Driver:
    name = ""

    def evaluate(self, fn: str, *args):
        raise NotImplementedError

    def set_scheme(self, scheme: str) -> bool:
        """Switch the system theme ("dark" or "light") the browser shows its pages in; False if
        this engine takes it only at launch."""
        return False

    def wait(self, fn: str, what: str, *args, timeout_s: float = 90, every_s: float = 0.2):
        """Poll `fn` (a function's source) until it returns something truthy; return that."""
        deadline = time.monotonic() + timeout_s
        while True:
            result = self.evaluate(fn, *args)
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: {what} not within {timeout_s} s ({result!r})")
            time.sleep(every_s)


class FirefoxDriver(Driver):
    name = "firefox"

    def __init__(self, scheme: str = "dark") -> None:
        firefox = browsers.find("firefox")
        if not (NODE_MODULES / "puppeteer-core").is_dir():
            raise browsers.BrowserMissing("puppeteer-core is not installed: run `make setup`")
        self._errors: list[str] = []
        self._answers: dict[int, dict] = {}
        self._arrived = threading.Condition()
        self._next = 0
        self._proc = subprocess.Popen(
            ["node", str(ROOT / "build" / "firefox_bridge.mjs"), firefox, scheme],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self._proc.stdout:
            message = json.loads(line)
            with self._arrived:
                if message.get("event") == "error":
                    self._errors.append(message["text"])
                else:
                    self._answers[message["id"]] = message
                self._arrived.notify_all()
        with self._arrived:
            self._arrived.notify_all()

    def _call(self, op: str, timeout_s: float = 180, **params):
        self._next += 1
        ident = self._next
        self._proc.stdin.write(json.dumps({"id": ident, "op": op, **params}) + "\n")
        self._proc.stdin.flush()
        with self._arrived:
            done = self._arrived.wait_for(
                lambda: ident in self._answers or self._proc.poll() is not None, timeout_s
            )
            answer = self._answers.pop(ident, None)
        if not done or answer is None:
            raise AssertionError(f"firefox: no answer to {op} (bridge exit {self._proc.poll()})")
        if "error" in answer:
            raise AssertionError(f"firefox: {op} failed: {answer['error']}")
        return answer["value"]

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, fn: str, *args):
        return self._call("evaluate", fn=fn, args=list(args))

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def set_scheme(self, scheme: str) -> bool:
        self._call("scheme", scheme=scheme)
        return True

    def screenshot(self) -> bytes:
        return base64.b64decode(self._call("screenshot"))

    def errors(self) -> list[str]:
        with self._arrived:
            taken, self._errors[:] = list(self._errors), []
        return taken

    def close(self) -> None:
        with contextlib.suppress(AssertionError):
            self._call("close", timeout_s=30)
        try:
            self._proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebKitDriver(Driver):
    name = "webkit"

    def __init__(self, scheme: str = "dark") -> None:
        names = ("webkit-driver", "minibrowser", "xvfb")
        driver, minibrowser, xvfb = (browsers.find(name) for name in names)
        self._procs: list[subprocess.Popen] = []
        self._pending: list[str] = []
        self._display = self._start_xvfb(xvfb)
        self._port = _free_port()
        env = {**os.environ, "DISPLAY": self._display}
        # The GTK theme sets the native controls' colours; the web view follows it for
        # prefers-color-scheme as a Mac or iPhone follows its system setting. Read at launch
        # only: WebDriver has no command to change it (set_scheme says False).
        env["GTK_THEME"] = "Adwaita:dark" if scheme == "dark" else "Adwaita"
        self._procs.append(
            subprocess.Popen(
                [driver, f"--port={self._port}"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        self._wait_driver()
        args = ["--automation"] + (["--dark-mode"] if scheme == "dark" else [])
        capabilities = {
            "browserName": "MiniBrowser",
            "webkitgtk:browserOptions": {"binary": minibrowser, "args": args},
        }
        answer = self._request("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        self._session = f"/session/{answer['sessionId']}"
        self._request("POST", f"{self._session}/timeouts", {"script": 180_000, "pageLoad": 180_000})
        self._request("POST", f"{self._session}/window/rect", {"width": 1280, "height": 900})

    def _start_xvfb(self, xvfb: str) -> str:
        read, write = os.pipe()
        proc = subprocess.Popen(
            [xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        self._procs.append(proc)
        with os.fdopen(read) as displayfd:
            number = displayfd.readline().strip()
        if not number:
            raise AssertionError("webkit: Xvfb did not start")
        return f":{number}"

    def _wait_driver(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                self._request("GET", "/status")
                return
            except (OSError, urllib.error.URLError):
                time.sleep(0.1)
        raise AssertionError("webkit: WebKitWebDriver did not answer")

    def _request(self, method: str, path: str, body: dict | None = None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            f"http://127.0.0.1:{self._port}{path}",
            data=data,
            method=method,
            headers={"content-type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=240) as response:
                return json.load(response)["value"]
        except urllib.error.HTTPError as error:
            value = json.load(error).get("value", {})
            raise AssertionError(
                f"webkit: {method} {path}: {value.get('error')}: {value.get('message')}"
            ) from None

    def goto(self, url: str) -> None:
        self._keep_errors()
        self._request("POST", f"{self._session}/url", {"url": url})
        self.evaluate(CAPTURE)

    def reload(self) -> None:
        self._keep_errors()
        self._request("POST", f"{self._session}/refresh", {})
        self.evaluate(CAPTURE)

    def _keep_errors(self) -> None:
        """The errors of the page about to be left (its record goes with it)."""
        self._pending += self.evaluate(TAKE_ERRORS)

    def evaluate(self, fn: str, *args):
        script = f"return ({fn}).apply(null, arguments);"
        return self._request(
            "POST", f"{self._session}/execute/sync", {"script": script, "args": list(args)}
        )

    def _element(self, selector: str) -> str:
        found = self._request(
            "POST", f"{self._session}/element", {"using": "css selector", "value": selector}
        )
        return next(iter(found.values()))

    def click(self, selector: str, timeout_s: float = 10) -> None:
        # As Playwright waits for an element to be actionable: WebKitWebDriver refuses a click on
        # an element still covered, for a moment, by what a change is fading out.
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                path = f"{self._session}/element/{self._element(selector)}/click"
                self._request("POST", path, {})
                return
            except AssertionError as error:
                if "not interactable" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def screenshot(self) -> bytes:
        return base64.b64decode(self._request("GET", f"{self._session}/screenshot"))

    def errors(self) -> list[str]:
        self._keep_errors()
        taken, self._pending = self._pending, []
        return taken

    def close(self) -> None:
        with contextlib.suppress(AssertionError, OSError):
            self._request("DELETE", self._session)
        for proc in reversed(self._procs):
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


DRIVERS = {"firefox": FirefoxDriver, "webkit": WebKitDriver}
