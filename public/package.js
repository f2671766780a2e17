// package.html's script: the author's content file and choices, and the
// build's own package beside this page (ratelimit-lab-scorm.zip, unpacked),
// made into the author's package by the code scripts/package uses.
import { unzipSync, zipSync, strFromU8 } from './fflate.js';
import { STRATEGIES, SECTIONS, build } from './ratelimit-package.js';

const $ = (id) => document.getElementById(id);
for (const s of STRATEGIES) $('strategy').append(new Option(s, s));
for (const s of SECTIONS) {
  const label = document.createElement('label');
  const box = Object.assign(document.createElement('input'), { type: 'checkbox', name: 'hide', value: s });
  label.append(box, ` ${s}`);
  $('hide').append(label);
}

async function make() {
  const file = $('content').files[0];
  if (!file) throw new Error('choose a content file first');
  const text = await file.text();
  const answer = await fetch('ratelimit-lab-scorm.zip');
  if (!answer.ok) throw new Error('the built package (ratelimit-lab-scorm.zip) is not beside this page');
  const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
  const version = strFromU8(files['imsmanifest.xml']).match(/<manifest [^>]*version="([^"]*)"/)[1];
  const options = {
    strategy: $('strategy').value,
    hide: [...document.querySelectorAll('input[name="hide"]:checked')].map((b) => b.value),
    mastery: $('mastery').value,
    title: $('title').value,
  };
  const zip = build({ files, version, text, options, zipSync });
  const link = $('download');
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([zip], { type: 'application/zip' }));
  link.download = `${file.name.replace(/\.json$/i, '')}-scorm.zip`;
  link.hidden = false;
  return `The package is ready: ${link.download}, ${zip.length.toLocaleString('en')} bytes.`;
}

$('form').addEventListener('submit', async (event) => {
  event.preventDefault();
  $('status').textContent = 'Building…';
  $('error').textContent = '';
  try {
    $('status').textContent = await make();
    $('download').focus();
  } catch (e) {
    $('status').textContent = '';
    $('error').textContent = `The package could not be made: ${e.message}.`;
  }
});
