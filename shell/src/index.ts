// Async boundary: shared singletons (React, the router, kit) are negotiated with the
// remotes before any of them is evaluated.
import('./main');
