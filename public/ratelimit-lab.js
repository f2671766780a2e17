// Rate Limit Lab loader. Load it as a module from any page:
//   <script type="module" src="path/to/ratelimit-lab.js"></script>
// and every element with a data-ratelimit-lab attribute gets its own widget
// (one added later too), as does every <rate-limit-lab> element (defined
// here), whose attributes are the URL's parameters. Everything it loads is
// found relative to this file (import.meta.url), not to the page, so the
// built folder works unchanged from any path of any static host.
//
// While the WebAssembly downloads, each element shows its first screen as
// the build prerendered it (first.json, docs/DECISIONS.md), or a loading
// line for a starting state that was not prerendered; what the learner
// does meanwhile is done again on the live widget. If the files cannot
// load, each waiting element says why, with a button to try again.
const at = (name) => new URL(name, import.meta.url);
const css = at('ratelimit-lab.css').href;
const link = (parent) => {
  const l = document.createElement('link');
  l.rel = 'stylesheet';
  l.href = css;
  parent.append(l);
};
if (![...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === css)) link(document.head);

const HOSTS = '[data-ratelimit-lab], rate-limit-lab';
// The parameters an element may carry: the widget's own table
// (src/sim/params.rs, PARAMS), written in by the build (scripts/hooks/
// loader.mjs runs src/bin/names.rs), so the lists cannot differ.
const NAMES = '@NAMES@'.split(' ');
const LOADING = 'Loading the simulation…';
const own = (el) => el.hasAttribute('data-ratelimit-lab-url');
const live = (el) => el.hasAttribute('data-ratelimit-lab-mounted');

// An element's starting state as a key: its parameters, sorted by name
// (the page's own widget reads the address, the others their attributes).
function key(el) {
  const prefix = el.hasAttribute('data-ratelimit-lab') ? 'data-' : '';
  const pairs = own(el)
    ? [...new URLSearchParams(location.search)].filter(([n]) => NAMES.includes(n))
    : NAMES.filter((n) => el.hasAttribute(prefix + n)).map((n) => [n, el.getAttribute(prefix + n)]);
  return new URLSearchParams(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
}

// Where a waiting element shows things: the page's own element itself, or
// the shadow root the widget will live in (made here, with the stylesheet).
function stage(el) {
  if (own(el)) return el;
  if (el.shadowRoot) return el.shadowRoot;
  const root = el.attachShadow({ mode: 'open' });
  link(root);
  return root;
}

// Resolves once the stylesheet linked in `root` is in (or could not be).
const sheetIn = (root) => new Promise((ok) => {
  const l = root.querySelector('link[rel="stylesheet"]');
  if (!l || l.sheet) return ok();
  const done = () => {
    for (const kind of ['load', 'error']) l.removeEventListener(kind, done);
    ok();
  };
  for (const kind of ['load', 'error']) l.addEventListener(kind, done);
});

// Calls `f` once `screen` is styled, in a frame before it is painted: a
// size read before would be an unstyled page's. Not for a screen taken
// off the page meanwhile (it is never styled).
function styled(screen, f) {
  const go = () => {
    if (!screen.isConnected) return;
    if (getComputedStyle(screen).boxSizing === 'border-box') f();
    else requestAnimationFrame(go);
  };
  go();
}

// Puts `nodes` in `el`'s stage in place of what it showed (not the
// stylesheet, nor the page's note for a stylesheet that could not load).
function show(el, ...nodes) {
  const root = stage(el);
  for (const c of [...root.children]) {
    if (c.localName !== 'link' && c.localName !== 'noscript' && !c.classList.contains('rll-loading--lost')) c.remove();
  }
  root.prepend(...nodes);
}

function line(text, retry) {
  const p = document.createElement('p');
  p.className = 'rll-loading';
  // As the stylesheet has it, from the start: it arrives while the line
  // shows, and must not move it.
  p.style.cssText = 'margin:0;padding:1em;font-family:system-ui,sans-serif;color:#4f5966';
  p.setAttribute('role', 'status');
  p.textContent = text;
  if (retry) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = 'Try again';
    b.addEventListener('click', retry);
    p.append(' ', b);
  }
  return p;
}

// The prerendered first screens, the page's and the hosts', asked for once,
// when an element needs one: one screen whole and each as its edits to it,
// `[at, cut, text]` (scripts/hooks/screens.mjs makes and reads them).
let firsts;
const first = () => (firsts ??= fetch(at('first/screens.json'), { priority: 'high' }).then((r) => (r.ok ? r.json() : {})).catch(() => ({})));
function unpack(screens, page, k) {
  const { base, list } = screens ?? {};
  const hit = typeof base == 'string' && Array.isArray(list) ? list.find((f) => f.page === page && f.keys.includes(k)) : null;
  if (!hit) return;
  let html = '';
  let from = 0;
  for (const [pos, cut, text] of hit.edits) {
    html += base.slice(from, pos) + text;
    from = pos + cut;
  }
  return html + base.slice(from);
}

// Gives a first screen the sizes the widget would: each canvas's height by
// the widget's own rules (vm::topology::height for the picture, ui::marks
// for the cards' marks; tests/browser/first.test.mjs checks they agree),
// for the width it has here, and any other style the markup keeps aside
// (a strict CSP applies no style attribute).
function size(screen, styles = true) {
  if (styles) for (const e of screen.querySelectorAll('[data-style]')) e.style.cssText = e.dataset.style;
  const picture = screen.querySelector('.rll-picture__canvas');
  const sizes = {};
  if (picture) {
    const n = Number(screen.querySelector('[data-knob="servers"]')?.getAttribute('value') ?? 1);
    const narrow = picture.clientWidth < 420;
    picture.style.height = sizes.picture = `${Math.min(360, Math.max(narrow ? 160 : 200, n * (narrow ? 15 : 21) + 24))}px`;
  }
  const marks = Number(screen.querySelector('[data-marks]')?.dataset.marks ?? 0);
  const cards = [...screen.querySelectorAll('.rll-card__marks')];
  const columns = Math.max(1, Math.floor(((cards[0]?.clientWidth ?? 0) + 3) / 13));
  sizes.card = `${Math.max(0, Math.ceil(marks / columns) * 13 - 3)}px`;
  for (const c of cards) c.style.height = sizes.card;
  return sizes;
}

// The live widget learns its canvases' widths only once it is laid out
// (a resize observer's, after the frame's layout), and a box that grows
// then is a layout shift: until its first frames have gone, each of its
// canvases takes the height it had on the first screen, as it is added.
function carry(el, sizes) {
  const root = stage(el);
  let seen = false;
  const added = new MutationObserver(() => {
    const widget = root.querySelector('.rll:not([data-first])');
    if (!widget) return;
    const picture = widget.querySelector('.rll-picture__canvas');
    if (picture && sizes.picture && !picture.style.height) picture.style.height = sizes.picture;
    for (const c of widget.querySelectorAll('.rll-card__marks')) if (!c.style.height) c.style.height = sizes.card;
    if (seen) return;
    seen = true;
    requestAnimationFrame(() => requestAnimationFrame(() => added.disconnect()));
  });
  added.observe(root, { childList: true, subtree: true });
}

// A starting state with no first screen: the live widget's canvases take
// their heights by the same rules before its first frame is painted (it
// learns their widths only after that frame's layout, and a canvas that
// grows then moves everything below it). In that frame's animation
// callbacks: its own first effects have run (the cards' count of marks).
function fit(el) {
  const root = stage(el);
  const added = new MutationObserver(() => {
    const widget = root.querySelector('.rll:not([data-first])');
    if (!widget) return;
    added.disconnect();
    requestAnimationFrame(() => {
      if (!widget.querySelector('.rll-picture__canvas')?.style.height) styled(widget, () => size(widget, false));
    });
  });
  added.observe(root, { childList: true, subtree: true });
}

// The widget keeps the first screen it is shown (src/ui/adopt.rs): given
// its own markup (`fresh`, not in the page), each of its elements is
// matched with the screen's element in its place (the same tag, id, first
// class and data-* names), or moved in where the screen left it out (what
// is hidden, and what lies below); an element of the screen with no
// match is a binder's (a card, a verdict line) and stays. Nothing moves,
// and false, where the two disagree: the widget then writes its own.
function adopt(screen, fresh) {
  const same = (k, f) => {
    if (k.localName !== f.localName || k.id !== f.id || k.classList[0] !== f.classList[0]) return false;
    for (const n of f.getAttributeNames()) if (n.startsWith('data-') && k.getAttribute(n) !== f.getAttribute(n)) return false;
    return true;
  };
  const named = (f) => f.id || f.getAttributeNames().some((n) => n.startsWith('data-'));
  const plan = (kept, fresh, moves) => {
    const wanted = fresh.children;
    let k = kept.firstElementChild;
    for (let i = 0; i < wanted.length; i++) {
      const f = wanted[i];
      if (!k) moves.push([kept, f, null]);
      else if (same(k, f)) {
        if (!plan(k, f, moves)) return false;
        k = k.nextElementSibling;
      } else if ([...wanted].slice(i + 1).some((w) => same(k, w))) moves.push([kept, f, k]);
      // A binder's own children, where the markup has a placeholder.
      else return ![...wanted].some(named);
    }
    return true;
  };
  const moves = [];
  if (screen.className !== fresh.className || screen.lang !== fresh.lang || !plan(screen, fresh, moves)) return false;
  for (const [parent, node, before] of moves) parent.insertBefore(node, before);
  screen.removeAttribute('data-first');
  screen.hidden = false;
  return true;
}

// What the learner did on a first screen before the widget was live: each
// input or press, by a name that finds the same control in the live widget.
const held = new Map();
function hold(el, screen) {
  styled(screen, () => carry(el, size(screen)));
  screen.rllAdopt = (fresh) => adopt(screen, fresh);
  const acts = [];
  held.set(el, acts);
  const name = (t) => {
    const id = t.getAttribute('data-testid');
    if (id) return `[data-testid="${id}"]`;
    const v = t.getAttribute('data-value');
    return `[data-act="${t.dataset.act}"]${v ? `[data-value="${v}"]` : ''}`;
  };
  const note = (e) => {
    const t = e.target.closest?.('[data-knob], [data-choice], [data-act], [role="tab"]');
    if (!t || (e.type === 'click' && t.type === 'range')) return;
    if (e.type === 'focusin') acts.focus = name(t);
    else if (e.type === 'input' && t.type === 'range') acts.push({ sel: name(t), value: t.value });
    else if (e.type === 'click') acts.push({ sel: name(t) });
  };
  for (const kind of ['input', 'click', 'focusin']) screen.addEventListener(kind, note);
  // The widget keeps the screen's nodes: it stops noting once live.
  acts.stop = () => {
    for (const kind of ['input', 'click', 'focusin']) screen.removeEventListener(kind, note);
  };
}

// Does again, on the live widget, what was done on its first screen;
// false while the widget is not built yet (its content file loads).
function replay(el) {
  const acts = held.get(el);
  const root = el.shadowRoot ?? el;
  const widget = root.querySelector('.rll:not([data-first])');
  if (!acts) return true;
  if (!widget) return false;
  held.delete(el);
  acts.stop?.();
  for (const a of acts) {
    const t = widget.querySelector(a.sel);
    if (!t) continue;
    if (a.value === undefined) t.click();
    else {
      t.value = a.value;
      t.dispatchEvent(new Event('input', { bubbles: true }));
      t.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
  const focused = acts.focus && widget.querySelector(acts.focus);
  const now = root.activeElement ?? document.activeElement;
  if (focused && (!now || now === document.body)) focused.focus();
  return true;
}

// An element waiting for the WebAssembly: its first screen, prerendered
// for its starting state, or the loading line.
function wait(el) {
  if (live(el) || held.has(el)) return;
  const k = key(el);
  const inline = stage(el).querySelector('.rll[data-first]');
  if (inline?.dataset.first.split(' ').includes(k)) return hold(el, inline);
  show(el, line(LOADING));
  held.set(el, []);
  fit(el);
  // The host's screen once its stylesheet is in too (unstyled, it would
  // flash); never once the files have failed (their words stay).
  const gone = () => live(el) || failed || !el.isConnected || key(el) !== k;
  first().then(async (screens) => {
    const html = unpack(screens, own(el), k);
    if (html === undefined || gone()) return;
    await sheetIn(stage(el));
    if (gone()) return;
    const t = document.createElement('template');
    t.innerHTML = html;
    // In a host, in the box the widget will live in, which keeps it.
    let box = t.content;
    if (!own(el)) {
      box = document.createElement('div');
      box.append(t.content);
    }
    show(el, box);
    const screen = stage(el).querySelector('.rll[data-first]');
    // The page framed (embed=1) takes its frame's margins, as the widget does.
    if (own(el) && screen.classList.contains('rll--embed')) document.body.classList.add('rll-page--embed');
    hold(el, screen);
  });
}

// Why the files could not be used, in words that fit: no WebAssembly, a
// file missing (the server answered, without it), or the network.
async function why(error) {
  if (typeof WebAssembly != 'object') return ['Rate Limit Lab could not start in this browser: it needs WebAssembly.', false];
  const network = `Rate Limit Lab could not download its files from ${at('./')}: the network failed. Check the connection, then try again.`;
  if (error?.network) return [network, true];
  let status = error?.status;
  if (!status) {
    try {
      status = (await fetch(at('ratelimit_lab.js'), { method: 'HEAD', cache: 'no-store' })).status;
    } catch {
      return [network, true];
    }
  }
  const file = error?.file ?? 'ratelimit_lab.js';
  if (status >= 400) return [`Rate Limit Lab could not find ${file} at ${at('./')} (the server answered ${status}): check that the whole built folder is there.`, true];
  return [`Rate Limit Lab could not start from the files at ${at('./')}: check that they all come from one build.`, true];
}

// Whether the last attempt to load the files failed.
let failed = false;

// Loads the glue and the WebAssembly (asked for at once, while the glue
// loads); the `tries`th attempt asks again past any cache.
let ready;
function load(tries) {
  // After what the first screen needs, on a slow line (Chromium's
  // priority hints; elsewhere an ordinary fetch).
  const again = tries ? { cache: 'reload', priority: 'low' } : { priority: 'low' };
  const file = 'ratelimit_lab_bg.wasm';
  const wasm = fetch(at(file), again).then((r) => {
    if (!r.ok) throw Object.assign(new Error(`HTTP ${r.status}`), { status: r.status, file });
    return r;
  }, (e) => {
    throw Object.assign(e, { network: true });
  });
  wasm.catch(() => {});
  ready = import(tries ? `./ratelimit_lab.js?try=${tries}` : './ratelimit_lab.js').then(async (glue) => {
    await glue.default({ module_or_path: await wasm });
    // The texts a learner reads later are fetched from this folder too.
    glue.files(at('./').href);
    return glue;
  });
  ready.then(() => {
    for (const el of held.keys()) if (live(el)) done(el);
  }, async (error) => {
    failed = true;
    const [text, retry] = await why(error);
    const again = () => {
      failed = false;
      for (const el of document.querySelectorAll(HOSTS)) if (!live(el)) show(el, line(LOADING));
      load(tries + 1);
    };
    for (const el of document.querySelectorAll(HOSTS)) if (!live(el)) show(el, line(text, retry && again));
    console.error('Rate Limit Lab could not start:', error);
  });
}
// Replays once the widget is built (after its content file, if it has one).
function done(el) {
  if (replay(el)) return;
  const root = el.shadowRoot ?? el;
  const seen = new MutationObserver(() => {
    if (!root.querySelector('.rll:not([data-first])')) return;
    seen.disconnect();
    replay(el);
  });
  seen.observe(root, { childList: true });
}
for (const el of document.querySelectorAll(HOSTS)) wait(el);
load(0);
const glue = (f) => ready.then(f, () => {});

// Changed parameters, sent to the widget together once the current task
// ends: a scenario change applies at once, anything else rebuilds it.
const changes = new Map();
function changed(el, name, value) {
  if (!changes.has(el)) {
    changes.set(el, new Map());
    queueMicrotask(() => {
      const pairs = changes.get(el);
      changes.delete(el);
      glue((lab) => {
        if ([...pairs.values()].includes(null)) {
          lab.unmount(el);
          if (el.isConnected) lab.mount(el);
        } else {
          lab.update(el, new URLSearchParams([...pairs]).toString());
        }
      });
    });
  }
  changes.get(el).set(name, value);
}

// The API on every widget's element: reset(), set(params), destroy().
const api = {
  reset() { glue((lab) => lab.reset(this)); },
  set(params) {
    const custom = !this.hasAttribute('data-ratelimit-lab');
    for (const [name, value] of new URLSearchParams(params)) {
      if (!NAMES.includes(name)) continue;
      this.setAttribute(custom ? name : `data-${name}`, value);
      // A custom element hears its own attributes change.
      if (!custom) changed(this, name, value);
    }
  },
  destroy() { glue((lab) => lab.unmount(this)); },
};
for (const el of document.querySelectorAll('[data-ratelimit-lab]')) Object.assign(el, api);
// A data-ratelimit-lab element added later gets the API and its widget.
new MutationObserver((records) => {
  for (const r of records) {
    for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      for (const el of [n, ...n.querySelectorAll('[data-ratelimit-lab]')]) {
        if (!el.matches('[data-ratelimit-lab]') || el.destroy) continue;
        Object.assign(el, api);
        wait(el);
        glue((lab) => el.isConnected && (lab.mount(el), done(el)));
      }
    }
  }
}).observe(document.documentElement, { childList: true, subtree: true });

class RateLimitLab extends HTMLElement {
  static observedAttributes = NAMES;
  connectedCallback() {
    wait(this);
    glue((lab) => this.isConnected && (lab.mount(this), done(this)));
  }
  disconnectedCallback() {
    glue((lab) => this.isConnected || (lab.unmount(this), held.delete(this)));
  }
  attributeChangedCallback(name, old, value) {
    // Before the widget is built it reads its attributes itself.
    if (old !== value && live(this)) changed(this, name, value);
  }
}
Object.assign(RateLimitLab.prototype, api);
if (!customElements.get('rate-limit-lab')) customElements.define('rate-limit-lab', RateLimitLab);
