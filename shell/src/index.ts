// The shell's styles belong to the entry, so the edge links them in the document's head
// and the prerendered chrome is styled before any script runs (docs/shell.md, "First
// paint and layout stability").
import './styles.css';
import { holdEarlyClicks } from './prerender/earlyClicks';
import { nextTask } from './nextTask';

// A tap on the prerendered menu or cart button before the shell has rendered its own is
// held and given to the shell's button then.
holdEarlyClicks(document.getElementById('root'));

// The shell starts in three tasks, not one: the entry's own (the federation runtime and
// its instance), then React's (react-dom is the largest module the page runs), then the
// shell's (its modules and the kit's, and its start). As one task they kept the page
// from answering a tap or painting for ≈ 0.5 s of a slow phone's CPU; between shorter
// ones the browser can (docs/shell.md, "First-load budget"). The files are already on
// their way (the head preloads them), so nothing waits for the network in between.

// Async boundary: shared singletons (React, kit and its router) are negotiated with the
// remotes before any of them is evaluated. The chunk's name marks it as the one the
// first render starts from (firstRenderChunks in kit/build/webpack.cjs).
void nextTask()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import(/* webpackChunkName: "shell" */ './main'));
