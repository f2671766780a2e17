// The SCORM 1.2 package a course platform imports (Moodle, Canvas, Open
// edX's SCORM block): every file of the release build in dist/ (the zip
// itself aside) with imsmanifest.xml at the root, describing one SCO whose
// launch page is the widget's own page with embed=1. Written by
// scripts/build after `trunk build --release`, as
// dist/ratelimit-lab-scorm.zip; the page never fetches it. fflate writes
// the zip (docs/LMS.md says why these parts). It then writes the page
// for authors, package.html, which makes their own package in the browser
// (scripts/package does it from the command line), into a folder of its
// own with a copy of the zip: it is not part of what a learner fetches.
//
//   node scripts/scorm.mjs [dist-dir [author-dir]]
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { minify } from 'terser';
import * as pkg from '../public/ratelimit-package.js';
import { fresh } from './folder.mjs';

/** The package's name in dist/. */
export const ZIP_NAME = 'ratelimit-lab-scorm.zip';
/** The launch page, relative to the package's root. */
export const LAUNCH = 'index.html?embed=1';
/** The mastery score the manifest gives the platform (the widget's default). */
export const MASTERY = 80;

/** imsmanifest.xml for the built-in package (the author's own: public/ratelimit-package.js). */
export const manifest = (files, version) => pkg.manifest(files, version);

/**
 * Every file under `dir`, relative, with `/`, sorted; the zip and the
 * precompressed copies (name.gz: a course platform serves the files as
 * they are, and the zip compresses them itself) left out.
 */
export function files(dir) {
  const walk = (d) => fs.readdirSync(d, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  return walk(dir)
    .map((f) => path.relative(dir, f).split(path.sep).join('/'))
    .filter((f) => !f.endsWith('.zip') && !f.endsWith('.gz') && !pkg.AUTHOR_FILES.includes(f))
    .sort();
}

/** The crate's version, from Cargo.toml. */
export function version(root) {
  const toml = fs.readFileSync(path.join(root, 'Cargo.toml'), 'utf8');
  return toml.match(/^version\s*=\s*"([^"]+)"/m)[1];
}

/** The build's files in `dist` by name, for a package. */
export function read(dist) {
  const list = files(dist);
  if (!list.includes('index.html')) throw new Error(`${dist} has no index.html: build first`);
  return Object.fromEntries(list.map((f) => [f, fs.readFileSync(path.join(dist, f))]));
}

/**
 * Writes a package for the build in `dist` (the built-in one, or an
 * author's: their content file's text and choices) to `out`; returns its
 * path, size and files. The entries carry a fixed time stamp: the same
 * build and choices give the same zip.
 */
export function write(dist, root, { text = null, options = {}, out = path.join(dist, ZIP_NAME) } = {}) {
  const built = read(dist);
  const zip = pkg.build({ files: built, version: version(root), text, options, zipSync });
  fs.writeFileSync(out, zip);
  return { path: out, bytes: zip.length, files: ['imsmanifest.xml', ...Object.keys(built), ...(text == null ? [] : [pkg.CONTENT])] };
}

/**
 * The page for authors without a toolchain (package.html, its module and
 * fflate's browser build, minified) in the folder `author`, with the
 * package just written in `dist` beside it, which the page reads: never
 * part of a package, never fetched by the widget, so not in `dist`.
 */
export async function authorPage(dist, author, root) {
  // `author` is emptied first: never a folder holding the build or the repository.
  fresh(author, dist, root);
  for (const f of ['package.html', 'package.js', 'ratelimit-package.js', 'favicon.svg']) fs.copyFileSync(path.join(root, 'public', f), path.join(author, f));
  fs.copyFileSync(path.join(dist, ZIP_NAME), path.join(author, ZIP_NAME));
  const fflate = fs.readFileSync(path.join(root, 'node_modules/fflate/esm/browser.js'), 'utf8');
  const min = await minify(fflate, { module: true, compress: true, mangle: true, format: { comments: false } });
  fs.writeFileSync(path.join(author, 'fflate.js'), `// fflate 0.8 (MIT), https://github.com/101arrowz/fflate\n${min.code}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  const author = path.resolve(process.argv[3] ?? path.join(root, 'dist-author'));
  const r = write(dist, root);
  await authorPage(dist, author, root);
  console.log(`SCORM 1.2 package: ${path.relative(root, r.path)} (${r.bytes.toLocaleString('en')} bytes, ${r.files.length} files); the author's page in ${path.relative(root, author)}/`);
}
