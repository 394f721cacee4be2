// A minimal W3C WebDriver client over fetch, for headless Chromium through
// chromedriver: no npm package, nothing downloaded.
//
//   const driver = await startDriver();            // chromedriver on a free port
//   const browser = await driver.session();        // a fresh headless Chromium
//   await browser.navigate(url);
//   const cell = await browser.find('.cell[data-cell="0"]');
//   await cell.click();
//   await browser.keys('5', Key.ArrowRight, [Key.Shift, '3'], [Key.Control, 'z']);
//   await browser.waitFor(async () => (await cell.attr('data-value')) === '5');
//   browser.severe()                               // SEVERE console entries so far
//   await browser.quit();
//   await driver.stop();                           // kills chromedriver (and its group)
//
// Every session has its own temporary profile (so its own localStorage),
// removed when it quits. chromedriver is started in its own process group,
// which stop() kills as a whole, and an exit hook kills it should the test
// process end without calling stop().

import { spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CHROMIUM = process.env.CHROMIUM_BIN ?? "/usr/bin/chromium";
export const CHROMEDRIVER = process.env.CHROMEDRIVER_BIN ?? "/usr/bin/chromedriver";

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

/** WebDriver's key codes for the keys the tests press. */
export const Key = Object.freeze({
  Backspace: "\uE003",
  Tab: "\uE004",
  Enter: "\uE007",
  Shift: "\uE008",
  Control: "\uE009",
  Alt: "\uE00A",
  Escape: "\uE00C",
  Space: "\uE00D",
  PageUp: "\uE00E",
  PageDown: "\uE00F",
  End: "\uE010",
  Home: "\uE011",
  ArrowLeft: "\uE012",
  ArrowUp: "\uE013",
  ArrowRight: "\uE014",
  ArrowDown: "\uE015",
  Delete: "\uE017",
  Meta: "\uE03D",
});
const MODIFIERS = new Set([Key.Shift, Key.Control, Key.Alt, Key.Meta]);

/** A WebDriver error response, with the command that got it. */
export class WebDriverError extends Error {
  constructor(command, status, value) {
    const message = value?.message ?? JSON.stringify(value);
    super(`${command}: ${value?.error ?? `HTTP ${status}`}: ${String(message).split("\n")[0]}`);
    this.error = value?.error;
    this.status = status;
  }
}

/** Throws, loudly, unless chromium and chromedriver are installed and executable. */
export function requireBrowser() {
  for (const [what, path] of [
    ["chromium", CHROMIUM],
    ["chromedriver", CHROMEDRIVER],
  ]) {
    try {
      accessSync(path, constants.X_OK);
    } catch {
      throw new Error(
        `${what} is missing: ${path} is not an executable (install Debian's chromium and ` +
          `chromium-driver, or set ${what === "chromium" ? "CHROMIUM_BIN" : "CHROMEDRIVER_BIN"})`,
      );
    }
  }
}

/** A free TCP port on 127.0.0.1 (asked of the system, then released). */
export function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Polls `predicate` (sync or async) until it returns a truthy value, which it returns. */
export async function waitFor(predicate, { timeout = 5000, interval = 50, message } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value;
      last = value;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) {
      const why = last instanceof Error ? `; last error: ${last.message}` : `; last value: ${JSON.stringify(last)}`;
      throw new Error(`timed out after ${timeout} ms waiting for ${message ?? predicate.toString()}${why}`);
    }
    await sleep(interval);
  }
}

const running = new Set();
const profiles = new Set();
function cleanUp() {
  for (const child of running) killGroup(child);
  running.clear();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
  profiles.clear();
}
process.on("exit", cleanUp);
// A signal ends the process without "exit": kill chromedriver's group first
// (it is detached, so it would outlive us), then die of the same signal.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.once(signal, () => {
    cleanUp();
    process.kill(process.pid, signal);
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
}

/**
 * Starts chromedriver on a free port and waits until its /status says ready.
 * Returns {url, session(options), stop()}.
 */
export async function startDriver({ verbose = false, timeout = 15000 } = {}) {
  requireBrowser();
  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const child = spawn(CHROMEDRIVER, [`--port=${port}`, "--allowed-ips=127.0.0.1"], {
      detached: true, // its own process group, chromium included, for stop()
      stdio: ["ignore", verbose ? "inherit" : "ignore", verbose ? "inherit" : "pipe"],
    });
    running.add(child);
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr += d));
    let exited = null;
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      running.delete(child);
    });
    child.on("error", (e) => (exited = { error: e }));
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitFor(
        async () => {
          if (exited) throw new Error(`chromedriver exited: ${JSON.stringify(exited)} ${stderr}`);
          const res = await fetch(`${url}/status`);
          const body = await res.json();
          return body?.value?.ready === true;
        },
        { timeout, interval: 50, message: "chromedriver /status ready" },
      );
    } catch (e) {
      lastError = e;
      killGroup(child);
      running.delete(child);
      continue;
    }
    const sessions = new Set();
    return {
      url,
      port,
      child,
      /** A new browser session (see Browser); quit it, or stop() does. */
      async session(options = {}) {
        const browser = await Browser.create(url, options);
        sessions.add(browser);
        browser.onQuit = () => sessions.delete(browser);
        return browser;
      },
      /** Quits the sessions still open and kills chromedriver's process group. */
      async stop() {
        for (const browser of [...sessions]) {
          await Promise.race([browser.quit().catch(() => {}), sleep(5000)]);
        }
        if (!exited) {
          const gone = new Promise((ok) => child.once("exit", ok));
          killGroup(child);
          await Promise.race([gone, sleep(3000)]);
        }
        running.delete(child);
      },
    };
  }
  throw new Error(`could not start chromedriver (${CHROMEDRIVER}): ${lastError?.message}`);
}

/** The default Chromium arguments; `args` in session options are added to them. */
export function chromiumArgs(profile, extra = []) {
  return [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    `--user-data-dir=${profile}`,
    ...extra,
  ];
}

/** One WebDriver session: a headless Chromium with a fresh profile. */
export class Browser {
  static async create(driverUrl, { args = [], width, height, timeout = 30000 } = {}) {
    const profile = mkdtempSync(join(tmpdir(), "sudoku-e2e-profile-"));
    profiles.add(profile);
    const capabilities = {
      alwaysMatch: {
        browserName: "chrome",
        "goog:chromeOptions": {
          binary: CHROMIUM,
          args: chromiumArgs(profile, args),
        },
        "goog:loggingPrefs": { browser: "ALL" },
        timeouts: { script: 20000, pageLoad: 30000, implicit: 0 },
      },
    };
    const browser = new Browser(driverUrl, null, profile);
    let value;
    try {
      value = await browser.command("POST", "/session", { capabilities }, { timeout });
    } catch (e) {
      rmSync(profile, { recursive: true, force: true });
      profiles.delete(profile);
      throw e;
    }
    browser.id = value.sessionId;
    browser.capabilities = value.capabilities;
    if (width && height) await browser.setWindowRect({ width, height });
    return browser;
  }

  constructor(driverUrl, id, profile) {
    this.driverUrl = driverUrl;
    this.id = id;
    this.profile = profile;
    /** Every browser console entry read so far ({level, message, source, timestamp}). */
    this.console = [];
    this.onQuit = null;
  }

  /** Sends one WebDriver command; returns its `value` or throws WebDriverError. */
  async command(method, path, body, { timeout = 60000 } = {}) {
    const url = this.driverUrl + path;
    const init = { method, headers: { "content-type": "application/json; charset=utf-8" }, signal: AbortSignal.timeout(timeout) };
    if (body !== undefined) init.body = JSON.stringify(body);
    let res;
    try {
      res = await fetch(url, init);
    } catch (e) {
      throw new Error(`${method} ${path}: ${e.message}`);
    }
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      throw new WebDriverError(`${method} ${path}`, res.status, { message: text.slice(0, 300) });
    }
    if (!res.ok) {
      throw new WebDriverError(`${method} ${path}`, res.status, json.value);
    }
    return json.value;
  }

  /** A command on this session: `path` is relative to /session/{id}. */
  cmd(method, path, body, options) {
    return this.command(method, `/session/${this.id}${path}`, body, options);
  }

  async navigate(url) {
    await this.cmd("POST", "/url", { url });
  }

  async url() {
    return this.cmd("GET", "/url");
  }

  async refresh() {
    await this.cmd("POST", "/refresh", {});
  }

  async title() {
    return this.cmd("GET", "/title");
  }

  /** The first element matching the CSS selector (throws "no such element"). */
  async find(css) {
    const value = await this.cmd("POST", "/element", { using: "css selector", value: css });
    return new Element(this, value[ELEMENT], css);
  }

  /** Alias of find(). */
  findElement(css) {
    return this.find(css);
  }

  /** Every element matching the CSS selector, in document order. */
  async findAll(css) {
    const value = await this.cmd("POST", "/elements", { using: "css selector", value: css });
    return value.map((v, i) => new Element(this, v[ELEMENT], `${css}[${i}]`));
  }

  /** Alias of findAll(). */
  findElements(css) {
    return this.findAll(css);
  }

  /** The element, or null when none matches. */
  async maybeFind(css) {
    const all = await this.findAll(css);
    return all[0] ?? null;
  }

  /** Waits until an element matches `css` and returns it. */
  async waitForElement(css, timeout = 5000) {
    return waitFor(() => this.maybeFind(css), { timeout, message: `element ${css}` });
  }

  /** The element that has the focus. */
  async activeElement() {
    const value = await this.cmd("GET", "/element/active");
    return new Element(this, value[ELEMENT], "(active)");
  }

  /**
   * Runs `script` (a function body, or a function whose source is sent) in the
   * page and returns its result. For reading things such as localStorage or the
   * viewport, and for setting up test conditions; not for reading game state.
   */
  async execute(script, ...args) {
    const body = typeof script === "function" ? `return (${script}).apply(null, arguments);` : script;
    return this.cmd("POST", "/execute/sync", { script: body, args: args.map(toWire) });
  }

  /** Alias of execute(). */
  executeScript(script, ...args) {
    return this.execute(script, ...args);
  }

  /** Runs an async script: `script` is a function returning a promise. */
  async executeAsync(script, ...args) {
    const body = `const done = arguments[arguments.length - 1];
      Promise.resolve((${script}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
        .then((v) => done({ok: v}), (e) => done({err: String(e && e.stack || e)}));`;
    const out = await this.cmd("POST", "/execute/async", { script: body, args: args.map(toWire) });
    if (out && "err" in out) throw new Error(`executeAsync: ${out.err}`);
    return out?.ok;
  }

  /**
   * Presses keys on whatever has the focus, through the Actions API. Each
   * argument is a key (a character or a Key code: one press), a string of
   * several characters (typed one after the other), or an array [modifier...,
   * key] for a chord such as [Key.Shift, '3'] or [Key.Control, 'z'].
   */
  async keys(...presses) {
    const actions = [];
    const press = (k) => actions.push({ type: "keyDown", value: k }, { type: "keyUp", value: k });
    for (const p of presses) {
      if (Array.isArray(p)) {
        const mods = p.filter((k) => MODIFIERS.has(k));
        const rest = p.filter((k) => !MODIFIERS.has(k));
        for (const m of mods) actions.push({ type: "keyDown", value: m });
        for (const k of rest) for (const ch of splitKeys(k)) press(ch);
        for (const m of mods.reverse()) actions.push({ type: "keyUp", value: m });
      } else {
        for (const ch of splitKeys(p)) press(ch);
      }
    }
    await this.cmd("POST", "/actions", { actions: [{ type: "key", id: "keyboard", actions }] });
    await this.cmd("DELETE", "/actions");
  }

  /** Alias of keys(): key presses to the active element. */
  sendKeys(...presses) {
    return this.keys(...presses);
  }

  async setWindowRect({ width, height, x, y }) {
    return this.cmd("POST", "/window/rect", { width, height, x, y });
  }

  async getWindowRect() {
    return this.cmd("GET", "/window/rect");
  }

  /** Saves a PNG screenshot of the viewport to `path`; returns the bytes. */
  async screenshot(path) {
    const data = Buffer.from(await this.cmd("GET", "/screenshot"), "base64");
    if (path) writeFileSync(path, data);
    return data;
  }

  /** New browser console entries since the last call (kept in this.console too). */
  async log() {
    const entries = await this.cmd("POST", "/se/log", { type: "browser" });
    this.console.push(...entries);
    return entries;
  }

  /** Every SEVERE console entry so far (reads the log first). */
  async severe() {
    await this.log();
    return this.console.filter((e) => e.level === "SEVERE");
  }

  /** Polls `predicate` until truthy; see waitFor(). */
  waitFor(predicate, timeout = 5000, message) {
    return waitFor(predicate, { timeout, message });
  }

  /** Ends the session (closing Chromium) and removes the profile. */
  async quit() {
    if (!this.id) return;
    const id = this.id;
    try {
      await this.command("DELETE", `/session/${id}`, undefined, { timeout: 10000 });
    } finally {
      this.id = null;
      this.onQuit?.();
      rmSync(this.profile, { recursive: true, force: true, maxRetries: 3 });
      profiles.delete(this.profile);
    }
  }
}

/** An element of the page, by its WebDriver reference. */
export class Element {
  constructor(browser, id, description) {
    this.browser = browser;
    this.id = id;
    this.description = description;
  }

  toJSON() {
    return { [ELEMENT]: this.id };
  }

  cmd(method, path, body) {
    return this.browser.cmd(method, `/element/${this.id}${path}`, body);
  }

  async click() {
    await this.cmd("POST", "/click", {});
  }

  async clear() {
    await this.cmd("POST", "/clear", {});
  }

  /** Types `text` into this element (element send keys). */
  async sendKeys(text) {
    await this.cmd("POST", "/value", { text });
  }

  /** An attribute's value, or null when absent. */
  async attr(name) {
    return this.cmd("GET", `/attribute/${encodeURIComponent(name)}`);
  }

  getAttribute(name) {
    return this.attr(name);
  }

  async prop(name) {
    return this.cmd("GET", `/property/${encodeURIComponent(name)}`);
  }

  getProperty(name) {
    return this.prop(name);
  }

  /** The rendered text. */
  async text() {
    return this.cmd("GET", "/text");
  }

  async displayed() {
    return this.cmd("GET", "/displayed");
  }

  async enabled() {
    return this.cmd("GET", "/enabled");
  }

  async rect() {
    return this.cmd("GET", "/rect");
  }

  async css(property) {
    return this.cmd("GET", `/css/${encodeURIComponent(property)}`);
  }

  async tag() {
    return this.cmd("GET", "/name");
  }

  /** The class list, as an array. */
  async classes() {
    return ((await this.attr("class")) ?? "").split(/\s+/).filter(Boolean);
  }

  async find(css) {
    const value = await this.cmd("POST", "/element", { using: "css selector", value: css });
    return new Element(this.browser, value[ELEMENT], `${this.description} ${css}`);
  }

  async findAll(css) {
    const value = await this.cmd("POST", "/elements", { using: "css selector", value: css });
    return value.map((v, i) => new Element(this.browser, v[ELEMENT], `${this.description} ${css}[${i}]`));
  }
}

function toWire(arg) {
  return arg instanceof Element ? arg.toJSON() : arg;
}

/** A string of several plain characters is typed as several keys; a Key code is one. */
function splitKeys(k) {
  return [...String(k)];
}
