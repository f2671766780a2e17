// Rate Limit Lab loader. Load it as a module from any page:
//   <script type="module" src="path/to/ratelimit-lab.js"></script>
// and every element with a data-ratelimit-lab attribute gets its own widget.
// Everything it loads is found relative to this file, so the built folder
// works unchanged from any path of any static host.
import init from './ratelimit_lab.js';

const here = import.meta.url;
const css = new URL('ratelimit-lab.css', here).href;
if (![...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === css)) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = css;
  document.head.append(link);
}

init({ module_or_path: new URL('ratelimit_lab_bg.wasm', here) }).catch((error) => {
  for (const el of document.querySelectorAll('[data-ratelimit-lab]')) {
    el.textContent = 'Rate Limit Lab could not start in this browser: it needs WebAssembly.';
  }
  console.error('Rate Limit Lab could not start:', error);
});
