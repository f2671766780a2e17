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
// How the harness works, how it keeps timer noise small and how to run it
// are for the project's developers: they stay in docs/PROOF.md too (about
// 3 KB gzip less for a page every learner may open).
// The harness's section keeps its heading and a summary.
const ASIDE = ['## Running it', '## Timing:'];
const HARNESS = `## What the harness does

A real \`redis-server\` on 127.0.0.1, persistence off, and concurrent API
servers that run each strategy's real code against it, playing the model's
own bursts; each request's outcome is set beside the model's.
`;
const sections = fs.readFileSync(source, 'utf8').split(/\n(?=## )/)
  .filter((s) => !ASIDE.some((a) => s.startsWith(a)))
  .map((s) => (s.startsWith('## What the harness does') ? HARNESS : s));
const full = sections.join('\n') + `

The harness itself, how it keeps the machine's timer noise small, and how
to run it are described in \`docs/PROOF.md\` in the widget's repository.
`;
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
