// The shell's styles belong to the entry, so the edge links them in the document's head
// and the prerendered chrome is styled before any script runs (docs/shell.md, "First
// paint and layout stability").
import './styles.css';

// Async boundary: shared singletons (React, kit and its router) are negotiated with the
// remotes before any of them is evaluated. The chunk's name marks it as the one the
// first render starts from (firstRenderChunks in kit/build/webpack.cjs).
import(/* webpackChunkName: "shell" */ './main');
