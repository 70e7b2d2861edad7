// Takes the place of the federation runtime's asset preloading in the shell's build
// (kit/build/webpack.cjs, LeanFederationRuntimePlugin): preloadRemote() and the helpers
// behind it, which fetch a remote's files ahead from its manifest's snapshot. The page
// never calls it: the edge writes the preload links of the route's screen into the
// page's HTML (docs/shell.md, "First-load budget"). A call says so instead.
function notBuiltIn() {
  throw new Error("preloadRemote() is not built into this page: the edge preloads each screen's files.");
}

export const defaultPreloadArgs = notBuiltIn;
export const formatPreloadArgs = notBuiltIn;
export const normalizePreloadExposes = notBuiltIn;
export const preloadAssets = notBuiltIn;
