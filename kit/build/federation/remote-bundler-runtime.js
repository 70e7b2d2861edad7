// Takes the place of the webpack bundler runtime in a remote's entry: the remote uses
// the shell's copy of its functions (provide-bundler-runtime.js) and keeps only what the
// shell's build has no use for, the function that starts a container. The federation
// runtime's small wrapper stays the remote's own: it remembers the instance it created,
// and the shell's must keep remembering the shell's.
//
// A remote runs only on a shell built with the same Module Federation version; the edge
// refuses to publish one built with another (docs/operations.md). Met anyway, the remote
// says so instead of failing somewhere inside.
import * as runtime from '@module-federation/runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

const page = globalThis.__henhouseBundlerRuntime;
if (!page || page.version !== __FEDERATION_VERSION__) {
  throw new Error(
    `This module was built with Module Federation ${__FEDERATION_VERSION__} and runs on the shell's runtime; ` +
      `the page has ${page ? page.version : 'none'}.`,
  );
}

const federation = {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...page.bundlerRuntime, initContainerEntry },
  attachShareScopeMap: page.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

export default federation;
