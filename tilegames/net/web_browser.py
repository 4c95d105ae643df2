"""A headless Chromium (Debian's `chromium` and `chromium-driver`) driven through Selenium, for
the browser door's tests and its benchmark (bench_web.py): open a page, read the terminal's
text as the page holds it, press keys, take a screenshot. Selenium is a test dependency: it is
imported only when a window is opened.

The page's terminal (xterm.js inside textual-serve's `textual.js`) draws on a canvas, so its
text is read from the terminal's own buffer. `textual.js` keeps its terminal in a private
variable; a script run before the page's own (`TERMINAL_HOOK`) notes the object assigned to a
`terminal` property, which is that terminal, as `window.__terminal`. The hook is this module's,
injected through the DevTools protocol: the page we serve has nothing of it.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
# As root, on a machine with no network: no sandbox, no GPU, and none of Chromium's own calls
# home (each refused connection would otherwise be retried during the test).
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1000,700")

TERMINAL_HOOK = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    window.__terminal = value;
  },
  get() { return undefined; },
});
"""
READ_SCREEN = """
const t = window.__terminal;
if (!t) return null;
const buffer = t.buffer.active, rows = [];
for (let i = 0; i < t.rows; i++) { const line = buffer.getLine(i); rows.push(line ? line.translateToString(true) : ""); }
return rows.join("\\n");
"""


def chromium_missing() -> str | None:
    """Why no window can be opened here, or None."""
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        return "Chromium and chromedriver are not installed (apt install chromium chromium-driver; .ci/run does)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "Selenium is not installed (pip install -e '.[test]')"
    return None


class Browser:
    """One headless Chromium window."""

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TERMINAL_HOOK})

    def open(self, url: str) -> None:
        """Go to `url` (the page before it is left: its tab's app ends)."""
        self.driver.get(url)

    def screen(self) -> str:
        """The terminal's text, row by row ("" before the terminal exists)."""
        return str(self.driver.execute_script(READ_SCREEN) or "")

    def wait_for(self, *texts: str, seconds: float = 30.0) -> str:
        """The screen once it shows every one of `texts`; fails with the screen if it does not in time."""
        end = time.monotonic() + seconds
        screen = ""
        while time.monotonic() < end:
            screen = self.screen()
            if all(text in screen for text in texts):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"the page never showed {texts!r}; it shows:\n{screen}")

    def press(self, *keys: str) -> None:
        """Type into the terminal (the page's focus), as a person does; "ctrl+s" holds Control."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        self.driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
        named = {"enter": Keys.ENTER, "tab": Keys.TAB, "space": " ", "right": Keys.RIGHT, "left": Keys.LEFT,
                 "down": Keys.DOWN, "up": Keys.UP, "escape": Keys.ESCAPE}
        for key in keys:
            chain = ActionChains(self.driver)
            if key.startswith("ctrl+"):
                chain.key_down(Keys.CONTROL).send_keys(key[5:]).key_up(Keys.CONTROL)
            else:
                chain.send_keys(named.get(key, key))
            chain.perform()
            time.sleep(0.3)

    def click_text(self, text: str) -> None:
        """Click, with the mouse, the middle of the first place the screen shows `text`."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        rows = self.screen().split("\n")
        row = next(i for i, line in enumerate(rows) if text in line)
        column = rows[row].index(text) + len(text) // 2  # the screen's text is one character a cell here
        size = self.driver.execute_script("const t = window.__terminal; return [t.cols, t.rows];")
        screen = self.driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
        width, height = screen.size["width"] / size[0], screen.size["height"] / size[1]
        x = (column + 0.5) * width - screen.size["width"] / 2  # offsets from the element's centre
        y = (row + 0.5) * height - screen.size["height"] / 2
        ActionChains(self.driver).move_to_element_with_offset(screen, int(x), int(y)).click().perform()

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))
        return path

    def close(self) -> None:
        self.driver.quit()
