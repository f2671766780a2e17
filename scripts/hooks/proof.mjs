// Trunk post_build hook: renders docs/PROOF.md (how the model's numbers
// were checked on a real Redis) as proof.html beside the widget, which the
// widget's footer links to. A page of its own: the widget never fetches it.
import fs from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const source = path.join(root, 'docs', 'PROOF.md');
if (!fs.existsSync(source)) process.exit(0);
// The page keeps what the harness does, how noise is handled, the
// comparison and the limits; the seed-by-seed tables (about 4 KB gzip, and
// dist/ counts against the download budget) stay in docs/PROOF.md.
const full = fs.readFileSync(source, 'utf8');
const cut = full.indexOf('\n## The latest table');
const body = marked.parse(cut < 0 ? full : `${full.slice(0, cut)}
## The latest table

The seed-by-seed tables behind the comparison above are in \`docs/PROOF.md\`
in the widget's repository; \`scripts/proof\` there runs the harness and
prints them again.
`);
const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Rate Limit Lab: the proof on a real Redis</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="ratelimit-lab.css">
</head>
<body class="rll-page">
<main class="rll rll-doc">
<p><a href="./">← Rate Limit Lab</a></p>
${body}
</main>
</body>
</html>
`;
fs.writeFileSync(path.join(process.env.TRUNK_STAGING_DIR, 'proof.html'), page);
