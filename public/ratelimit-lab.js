// Rate Limit Lab loader. Load it as a module from any page:
//   <script type="module" src="path/to/ratelimit-lab.js"></script>
// and every element with a data-ratelimit-lab attribute gets its own widget,
// as does every <rate-limit-lab> element (defined here), whose attributes
// are the URL's parameters. Everything it loads is found relative to this
// file (import.meta.url), not to the page, so the built folder works
// unchanged from any path of any static host. If something cannot load,
// each waiting element says so.
const at = (name) => new URL(name, import.meta.url);
const css = at('ratelimit-lab.css').href;
if (![...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === css)) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = css;
  document.head.append(link);
}

// The wasm is asked for now, while the glue loads.
const wasm = fetch(at('ratelimit_lab_bg.wasm'));
wasm.catch(() => {});
const ready = import('./ratelimit_lab.js').then(async (glue) => {
  await glue.default({ module_or_path: wasm });
  return glue;
});
const HOSTS = '[data-ratelimit-lab], rate-limit-lab';
ready.catch((error) => {
  const text = typeof WebAssembly == 'object'
    ? `Rate Limit Lab could not load its files from ${at('./')}: check that the whole built folder is there.`
    : 'Rate Limit Lab could not start in this browser: it needs WebAssembly.';
  for (const el of document.querySelectorAll(HOSTS)) {
    if (el.hasAttribute('data-ratelimit-lab-mounted')) continue;
    const p = document.createElement('p');
    p.className = 'rll-loading';
    p.setAttribute('role', 'status');
    p.textContent = text;
    el.replaceChildren(p);
  }
  console.error('Rate Limit Lab could not start:', error);
});

// The parameters an element may carry (the widget's own list, which a test
// keeps equal to this one).
const NAMES = 'preset strategy servers burst rtt limit window span lb move plan sync redis timeout fail traffic seed t predict embed hide tabs compact content lang mastery fallback theme tour'.split(' ');
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

class RateLimitLab extends HTMLElement {
  static observedAttributes = NAMES;
  connectedCallback() { glue((lab) => this.isConnected && lab.mount(this)); }
  disconnectedCallback() { glue((lab) => this.isConnected || lab.unmount(this)); }
  attributeChangedCallback(name, old, value) {
    // Before the widget is built it reads its attributes itself.
    if (old !== value && this.hasAttribute('data-ratelimit-lab-mounted')) changed(this, name, value);
  }
}
Object.assign(RateLimitLab.prototype, api);
if (!customElements.get('rate-limit-lab')) customElements.define('rate-limit-lab', RateLimitLab);
