// Rate Limit Lab loader. Load it as a module from any page:
//   <script type="module" src="path/to/ratelimit-lab.js"></script>
// and every element with a data-ratelimit-lab attribute gets its own widget.
// Everything it loads is found relative to this file (import.meta.url), not
// to the page, so the built folder works unchanged from any path of any
// static host. If something cannot load, each waiting element says so.
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
import('./ratelimit_lab.js')
  .then((glue) => glue.default({ module_or_path: wasm }))
  .catch((error) => {
    const text = typeof WebAssembly == 'object'
      ? `Rate Limit Lab could not load its files from ${at('./')}: check that the whole built folder is there.`
      : 'Rate Limit Lab could not start in this browser: it needs WebAssembly.';
    for (const el of document.querySelectorAll('[data-ratelimit-lab]:not([data-ratelimit-lab-mounted])')) {
      const p = document.createElement('p');
      p.className = 'rll-loading';
      p.setAttribute('role', 'status');
      p.textContent = text;
      el.replaceChildren(p);
    }
    console.error('Rate Limit Lab could not start:', error);
  });
