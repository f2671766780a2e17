// A course author's own SCORM 1.2 package, made from the release build's
// files, their content file and their choices: the same code for
// scripts/package (Node) and for package.html (the browser), so both give
// the same zip. It changes only the manifest (title, mastery score, launch
// page) and adds the content file as content.json; every file of the
// widget is the build's own. The zip writer (fflate's zipSync) is passed
// in. Never loaded by the widget.

/** The strategies `strategy` takes. */
export const STRATEGIES = ['local', 'split', 'sync', 'edge', 'getset', 'incr', 'lua'];
/** The sections `hide` takes. */
export const SECTIONS = 'title tabs summary controls picture totals cards timeline log charts explanation quiz takeaways footer code glossary tour'.split(' ');
/** The author's content file, inside the package. */
export const CONTENT = 'content.json';
/** Files of dist/ that are for authors, not for a package. */
export const AUTHOR_FILES = ['package.html', 'package.js', 'ratelimit-package.js', 'fflate.js'];
/** The default title and mastery score (the widget's own). */
export const TITLE = 'Rate Limit Lab: why per-server rate limits leak behind a load balancer';
export const MASTERY = 80;

const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The author's choices checked: `{ strategy, hide, mastery, title }`, each
 * optional. Throws an Error saying which choice is wrong and what it takes.
 */
export function choices({ strategy = '', hide = '', mastery = '', title = '' } = {}) {
  const out = { strategy: String(strategy).trim(), hide: [], mastery: MASTERY, title: String(title).trim() || TITLE };
  if (out.strategy && !STRATEGIES.includes(out.strategy)) {
    throw new Error(`strategy “${out.strategy}” is not one of ${STRATEGIES.join(', ')}`);
  }
  const parts = Array.isArray(hide) ? hide : String(hide).split(',');
  for (const h of parts.map((x) => String(x).trim()).filter(Boolean)) {
    if (!SECTIONS.includes(h)) throw new Error(`hide “${h}” is not one of ${SECTIONS.join(', ')}`);
    if (!out.hide.includes(h)) out.hide.push(h);
  }
  if (String(mastery).trim() !== '') {
    const m = String(mastery).trim();
    if (!/^\d{1,3}$/.test(m) || Number(m) > 100) throw new Error(`mastery “${m}” is not a whole number from 0 to 100`);
    out.mastery = Number(m);
  }
  if (out.title.length > 200) throw new Error('the title is longer than 200 characters');
  return out;
}

/**
 * The content file checked as far as a package needs: JSON, one object,
 * with a quiz of questions that each have exactly one right option (the
 * widget checks the rest when it loads the file, and says where).
 */
export function content(text) {
  let file;
  try {
    file = JSON.parse(String(text).replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new Error(`the content file is not JSON: ${e.message}`);
  }
  if (!file || typeof file !== 'object' || Array.isArray(file)) throw new Error('the content file must be one object, { … }');
  if (!Array.isArray(file.quiz) || file.quiz.length === 0) throw new Error('the content file has no quiz to grade ("quiz": [ … ])');
  file.quiz.forEach((q, i) => {
    const right = Array.isArray(q?.options) ? q.options.filter((o) => o?.correct === true).length : 0;
    if (right !== 1) throw new Error(`quiz[${i}]: ${right} options are marked correct (exactly one must be)`);
  });
  return file;
}

/** The launch page: the widget's page, framed, with the author's file and choices. */
export function launch(c, withContent) {
  const q = new URLSearchParams({ embed: '1' });
  if (withContent) q.set('content', CONTENT);
  if (c.strategy) q.set('strategy', c.strategy);
  if (c.hide.length) q.set('hide', c.hide.join(','));
  if (c.mastery !== MASTERY) q.set('mastery', String(c.mastery));
  return `index.html?${q.toString().replace(/%2C/g, ',')}`;
}

/** imsmanifest.xml for one SCO made of `files` (paths with `/`). */
export function manifest(files, version, c = choices(), href = launch(c, false)) {
  const list = files.map((f) => `      <file href="${xml(f)}"/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="ratelimit-lab" version="${xml(version)}"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="ratelimit-lab-org">
    <organization identifier="ratelimit-lab-org">
      <title>${xml(c.title)}</title>
      <item identifier="ratelimit-lab-item" identifierref="ratelimit-lab-sco" isvisible="true">
        <title>${xml(c.title)}</title>
        <adlcp:masteryscore>${c.mastery}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="ratelimit-lab-sco" type="webcontent" adlcp:scormtype="sco" href="${xml(href)}">
${list}
    </resource>
  </resources>
</manifest>
`;
}

/**
 * The package: `files` the build's files by name (Uint8Array; a manifest
 * and author files among them are left out), `text` the content file's
 * text or null, `options` the author's choices, `zipSync` fflate's.
 */
export function build({ files, version, text = null, options = {}, zipSync }) {
  const c = choices(options);
  const names = Object.keys(files)
    .filter((f) => f !== 'imsmanifest.xml' && f !== CONTENT && !AUTHOR_FILES.includes(f) && !f.endsWith('.zip') && !f.endsWith('.gz'))
    .sort();
  if (!names.includes('index.html')) throw new Error('the build has no index.html');
  const enc = new TextEncoder();
  const mtime = new Date('2026-01-01T00:00:00Z');
  const own = text == null ? [] : [CONTENT];
  if (text != null) content(text);
  const all = [...names, ...own].sort();
  const entries = { 'imsmanifest.xml': [enc.encode(manifest(all, version, c, launch(c, text != null))), { mtime }] };
  for (const f of names) entries[f] = [files[f], { mtime }];
  if (text != null) entries[CONTENT] = [enc.encode(String(text)), { mtime }];
  return zipSync(entries, { level: 9 });
}
