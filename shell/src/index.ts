// The shell's styles belong to the entry, so the edge links them in the document's head
// and the prerendered chrome is styled before any script runs (docs/shell.md, "First
// paint and layout stability").
import './styles.css';

// Async boundary: shared singletons (React, kit and its router) are negotiated with the
// remotes before any of them is evaluated.
import('./main');
