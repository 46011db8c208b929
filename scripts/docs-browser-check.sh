#!/usr/bin/env bash
# Loads the documentation site that scripts/docs.sh built in headless Chromium, in a 1,280-pixel-wide window,
# and fails if a page is blank, shows DocC's error page, logs anything to the JavaScript console (an uncaught error
# included), asks the server for a file it does not have, is wider than the window (the page scrolls sideways),
# shows a listing or a table wider than its column (it scrolls or is cut), or links to a page of the site that does
# not exist. Every article and tutorial of the three catalogs is loaded, found from their Markdown files. Saves a
# screenshot of each page under .build-docs/screenshots (git ignores .build-*/).
#
# Usage: scripts/docs.sh && scripts/docs-browser-check.sh
# Needs Debian's `chromium` package (`apt-get install chromium`; .ci/run installs it when missing) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

site=.build-docs/site
screenshots=.build-docs/screenshots
[ -f "$site/index.html" ] || {
    echo "docs-browser-check.sh: no site at $site; run scripts/docs.sh first" >&2
    exit 1
}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || {
    echo "docs-browser-check.sh: chromium not found; install it with apt-get install chromium" >&2
    exit 1
}
rm -rf "$screenshots"
mkdir -p "$screenshots"

exec python3 - "$browser" "$site" "$screenshots" Sources/*/*.docc/*.md <<'PYTHON'
# Drives one Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: commands on fd 3, answers and
# events on fd 4, each a JSON text ended by a NUL), so every page is loaded by the same browser, with its console
# messages, uncaught exceptions and failed requests seen as events rather than guessed from logs.
import base64, http.server, json, os, socketserver, subprocess, sys, tempfile, threading, time, urllib.parse

browser, site, screenshots, *articles = sys.argv[1:]

# Each page, and a text that only its rendered content has: DocC renders a page from JSON with JavaScript, so a
# page whose script fails, or whose data is missing, never shows it.
PAGES = [
    ("site-root", "/", "ConsoleView"),  # sends the browser on to the landing page
    ("landing", "/documentation/", "PureMVVM documentation"),
    ("puremvvm", "/documentation/puremvvm/", "ViewModels you can test in a few lines"),
    ("viewmodel-symbol", "/documentation/puremvvm/viewmodel/", "A ViewModel in the pure MVVM sense"),
    ("tutorials", "/tutorials/puremvvm-tutorials/", "Build the seed login, test first"),
    (
        "tutorial",
        "/tutorials/puremvvm/build-the-seed-login-test-first/",
        "Write the first test, then the username field",
    ),
    (
        "tutorial-step",
        "/tutorials/puremvvm/build-the-seed-login-test-first/#Sign-in-through-an-async-authenticator",
        "PendingCalls",
    ),
    ("puremvvmtesting", "/documentation/puremvvmtesting/", "first and easiest client"),
    ("consoleview", "/documentation/consoleview/", "line-mode view for ViewModels"),
]
# Every article: its page, and its title, which only the rendered page shows.
for article in sorted(articles):
    module, name = article.split("/")[1], os.path.splitext(os.path.basename(article))[0]
    if name == module:
        continue  # the module's page, above
    title = open(article).readline().lstrip("# ").strip()
    PAGES.append((name.lower(), f"/documentation/{module.lower()}/{name.lower()}/", title))

# Run in the page: how far it scrolls sideways, each listing or table wider than its column (a visible one: a
# tutorial shows one step's code at a time), and every link.
LAYOUT = r"""
(() => {
  const wide = [];
  for (const element of document.querySelectorAll("pre, table")) {
    const box = element.closest(".container-general, .table-wrapper") || element;
    if (box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1) {
      const text = (element.innerText || "").trim().split("\n")[0].slice(0, 60);
      wide.push(`${element.tagName === "PRE" ? "a listing" : "a table"} ${box.scrollWidth} pixels wide in a ` +
        `${box.clientWidth}-pixel column: ${JSON.stringify(text)}`);
    }
  }
  const links = [...document.querySelectorAll("a[href]")].map(a => a.href);
  return JSON.stringify({
    window: window.innerWidth, page: document.documentElement.scrollWidth, wide, links,
  });
})()
"""


def missing_page(url):
    """Whether a link into the site names a page or file the site does not have."""
    parsed = urllib.parse.urlparse(url)
    if not url.startswith(base) or not parsed.path.strip("/"):
        return False
    path = os.path.join(site, urllib.parse.unquote(parsed.path).strip("/"))
    return not (os.path.isfile(path) or os.path.isfile(os.path.join(path, "index.html")))
DOCC_ERROR_TEXTS = ["The page you're looking for can't be found", "An unknown error occurred"]
RENDER_TIMEOUT = 20.0


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=site, **kwargs)

    def log_message(self, format, *args):
        pass


server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}"


class Browser:
    def __init__(self, profile):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        # The browser reads commands on its fd 3 and writes on its fd 4; the shell puts the pipes there.
        self.process = subprocess.Popen(
            [
                "/bin/sh", "-c", f'exec "$0" "$@" 3<&{to_browser_read} 4>&{from_browser_write}', browser,
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--hide-scrollbars", f"--user-data-dir={profile}", "--remote-debugging-pipe",
                "--window-size=1280,1600", "about:blank",
            ],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(to_browser_read, from_browser_write),
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise TimeoutError(method)

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe (did it start?)")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def problems_in(events, session):
    found = []
    for event in events:
        if event.get("sessionId") != session:
            continue
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            description = details.get("exception", {}).get("description") or details.get("text")
            found.append(f"uncaught JavaScript exception: {description}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            text = " ".join(str(argument.get("value", argument.get("description", ""))) for argument in params["args"])
            found.append(f"JavaScript console {params['type']}: {text}")
        elif method == "Log.entryAdded" and params["entry"]["level"] in ("error", "warning"):
            entry = params["entry"]
            found.append(f"browser {entry['level']}: {entry['text']} {entry.get('url', '')}".rstrip())
        elif method == "Network.responseReceived" and params["response"]["status"] >= 400:
            found.append(f"the server answered {params['response']['status']} for {params['response']['url']}")
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            found.append(f"a request failed: {params.get('errorText')}")
    return found


problems = []
started = time.monotonic()
with tempfile.TemporaryDirectory() as profile:
    chrome = Browser(profile)
    try:
        for name, path, expected in PAGES:
            target = chrome.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = chrome.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Page", "Runtime", "Network", "Log"):
                chrome.send(f"{domain}.enable", session=session)
            chrome.send("Page.navigate", {"url": base + path}, session=session)
            text, deadline = "", time.monotonic() + RENDER_TIMEOUT
            while time.monotonic() < deadline:
                try:
                    result = chrome.send(
                        "Runtime.evaluate",
                        {"expression": "document.readyState + '\\n' + (document.body ? document.body.innerText : '')"},
                        session=session,
                    )
                except RuntimeError:  # the page navigated while it was asked (the site's root forwards)
                    time.sleep(0.2)
                    continue
                state, _, text = result["result"].get("value", "").partition("\n")
                if state == "complete" and expected in text:
                    break
                time.sleep(0.2)
            time.sleep(0.5)  # late requests and errors of the rendered page
            text = chrome.send(
                "Runtime.evaluate", {"expression": "document.body ? document.body.innerText : ''"}, session=session
            )["result"].get("value", "")
            layout = json.loads(
                chrome.send("Runtime.evaluate", {"expression": LAYOUT}, session=session)["result"]["value"]
            )
            page_problems = []
            if layout["page"] > layout["window"]:
                page_problems.append(
                    f"the page is {layout['page']} pixels wide, wider than the {layout['window']}-pixel window"
                )
            page_problems += layout["wide"]
            page_problems += [f"a link to a page the site does not have: {url}" for url in layout["links"] if missing_page(url)]
            if expected not in text:
                page_problems.append(f"blank or not rendered in {RENDER_TIMEOUT:.0f} s: no {expected!r} in its text")
            page_problems += [f"shows DocC's error page: {e!r}" for e in DOCC_ERROR_TEXTS if e in text]
            page_problems += problems_in(chrome.events, session)
            screenshot = os.path.join(screenshots, f"{name}.png")
            image = chrome.send("Page.captureScreenshot", {"format": "png"}, session=session)["data"]
            with open(screenshot, "wb") as file:
                file.write(base64.b64decode(image))
            chrome.send("Target.closeTarget", {"targetId": target})
            chrome.events = [event for event in chrome.events if event.get("sessionId") != session]

            status = "ok" if not page_problems else "FAILED"
            print(f"{status:6} {path}  ({len(text)} characters of text; {screenshot})", flush=True)
            for problem in page_problems:
                print(f"       {problem}", flush=True)
            problems += page_problems
    finally:
        chrome.close()
        server.shutdown()

if problems:
    sys.exit(f"docs-browser-check.sh: {len(problems)} problems")
print(f"{len(PAGES)} pages rendered with no error in {time.monotonic() - started:.1f} s; screenshots in {screenshots}")
PYTHON
