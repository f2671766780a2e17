// An output folder, emptied for a script to fill (scripts/precompress.mjs,
// scripts/scorm.mjs): never one that holds `kept` (the build it reads, the
// repository), which emptying it would delete.
import fs from 'node:fs';
import path from 'node:path';

export function fresh(out, ...kept) {
  for (const k of kept) {
    const up = path.relative(path.resolve(out), path.resolve(k));
    const outside = up === '..' || up.startsWith(`..${path.sep}`) || path.isAbsolute(up);
    if (!outside) throw new Error(`${out} holds ${k}: write into a folder of its own`);
  }
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
}
