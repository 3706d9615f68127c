// Run by prerender.test.tsx as a child process (tsx): React's server renderer and
// the browser's must not share one process's contexts, so the pages are rendered
// here, as the build renders them (scripts/prerender.mjs), and printed as JSON.
import { PRERENDERED, renderPath } from '../prerender';

const out: Record<string, string> = {};
for (const path of Object.keys(PRERENDERED)) out[path] = await renderPath(path);
process.stdout.write(JSON.stringify(out));
