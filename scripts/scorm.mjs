// The SCORM 1.2 package a course platform imports (Moodle, Canvas, Open
// edX's SCORM block): every file of the release build in dist/ (the zip
// itself aside) with imsmanifest.xml at the root, describing one SCO whose
// launch page is the widget's own page with embed=1. Written by
// scripts/build after `trunk build --release`, as
// dist/ratelimit-lab-scorm.zip; the page never fetches it. fflate writes
// the zip (docs/LMS.md says why these parts).
//
//   node scripts/scorm.mjs [dist-dir]
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';

/** The package's name in dist/. */
export const ZIP_NAME = 'ratelimit-lab-scorm.zip';
/** The launch page, relative to the package's root. */
export const LAUNCH = 'index.html?embed=1';
/** The mastery score the manifest gives the platform (the widget's default). */
export const MASTERY = 80;

const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** imsmanifest.xml for one SCO made of `files` (paths with `/`). */
export function manifest(files, version) {
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
      <title>Rate Limit Lab</title>
      <item identifier="ratelimit-lab-item" identifierref="ratelimit-lab-sco" isvisible="true">
        <title>Rate Limit Lab: why per-server rate limits leak behind a load balancer</title>
        <adlcp:masteryscore>${MASTERY}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="ratelimit-lab-sco" type="webcontent" adlcp:scormtype="sco" href="${xml(LAUNCH)}">
${list}
    </resource>
  </resources>
</manifest>
`;
}

/** Every file under `dir`, relative, with `/`, sorted; the zip left out. */
export function files(dir) {
  const walk = (d) => fs.readdirSync(d, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  return walk(dir)
    .map((f) => path.relative(dir, f).split(path.sep).join('/'))
    .filter((f) => !f.endsWith('.zip'))
    .sort();
}

/** The crate's version, from Cargo.toml. */
export function version(root) {
  const toml = fs.readFileSync(path.join(root, 'Cargo.toml'), 'utf8');
  return toml.match(/^version\s*=\s*"([^"]+)"/m)[1];
}

/** Writes the package for the build in `dist`; returns its path and size. */
export function write(dist, root) {
  const list = files(dist);
  if (!list.includes('index.html')) throw new Error(`${dist} has no index.html: build first`);
  // A fixed time stamp: the same build gives the same zip.
  const mtime = new Date('2026-01-01T00:00:00Z');
  const entries = { 'imsmanifest.xml': [new TextEncoder().encode(manifest(list, version(root))), { mtime }] };
  for (const f of list) entries[f] = [fs.readFileSync(path.join(dist, f)), { mtime }];
  const zip = zipSync(entries, { level: 9 });
  const out = path.join(dist, ZIP_NAME);
  fs.writeFileSync(out, zip);
  return { path: out, bytes: zip.length, files: ['imsmanifest.xml', ...list] };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  const r = write(dist, root);
  console.log(`SCORM 1.2 package: ${path.relative(root, r.path)} (${r.bytes.toLocaleString('en')} bytes, ${r.files.length} files)`);
}
