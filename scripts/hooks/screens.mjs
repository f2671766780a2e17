// The prerendered first screens as one screen whole and the others as
// edits to it (scripts/hooks/first.mjs writes them into first/screens.json;
// tests/browser/first.test.mjs reads them back). An edit is
// `[at, cut, text]`: in order, each replaces `cut` characters of the base
// at `at` with `text`. The loader's `unpack` (public/ratelimit-lab.js, a
// browser file with no imports) does what `unpack` does here.
import { diffArrays } from 'diff';

// Tags and the text between them: a change is a whole tag or text.
const tokens = (html) => html.match(/<[^>]*>?|[^<]+/g) ?? [];

/** The edits that turn `base` into `html`. */
export function edits(base, html) {
  const out = [];
  let at = 0;
  for (const part of diffArrays(tokens(base), tokens(html))) {
    const text = part.value.join('');
    if (!part.added && !part.removed) {
      at += text.length;
      continue;
    }
    const last = out.at(-1);
    const open = last && last[0] + last[1] === at;
    const edit = open ? last : [at, 0, ''];
    if (!open) out.push(edit);
    if (part.removed) {
      edit[1] += text.length;
      at += text.length;
    } else edit[2] += text;
  }
  return out;
}

/** The screen that `list` (its edits) makes of `base`. */
export function unpack(base, list) {
  let html = '';
  let from = 0;
  for (const [at, cut, text] of list) {
    html += base.slice(from, at) + text;
    from = at + cut;
  }
  return html + base.slice(from);
}
