// Async boundary: shared singletons (React, kit and its router) are negotiated with the
// remotes before any of them is evaluated.
import('./main');
