// The command behind scripts/package: reads the options, the content file
// and dist/, and writes the author's package with the code package.html
// uses (public/ratelimit-package.js). A wrong option or content file stops
// it with a sentence saying which, and nothing is written.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { write } from './scorm.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const here = process.env.RLL_CALLER_DIR || process.cwd();
const usage = 'usage: scripts/package --content FILE [--strategy NAME] [--hide a,b] [--mastery 0-100] [--title TEXT] [--out FILE] [--dist DIR]';

function main() {
  const { values } = parseArgs({
    options: {
      content: { type: 'string' },
      strategy: { type: 'string' },
      hide: { type: 'string' },
      mastery: { type: 'string' },
      title: { type: 'string' },
      out: { type: 'string' },
      dist: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return console.log(usage);
  if (!values.content) throw new Error(`--content is needed: the file with the quiz to grade\n${usage}`);
  const at = (p) => path.resolve(here, p);
  const file = at(values.content);
  const text = fs.readFileSync(file, 'utf8');
  const dist = values.dist ? at(values.dist) : path.join(root, 'dist');
  const out = at(values.out ?? `${path.basename(file).replace(/\.json$/i, '')}-scorm.zip`);
  const r = write(dist, root, { text, options: values, out });
  console.log(`SCORM 1.2 package: ${r.path} (${r.bytes.toLocaleString('en')} bytes, ${r.files.length} files)`);
}

try {
  main();
} catch (e) {
  console.error(`scripts/package: ${e.message}`);
  process.exit(1);
}
