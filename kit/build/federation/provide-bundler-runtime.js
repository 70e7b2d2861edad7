// A federation runtime plugin of the shell: it hands the page's copy of the webpack
// bundler runtime (the functions that load shared modules and start a container) to the
// remotes, as the shell already hands them the federation runtime itself (experiments
// provideExternalRuntime). A remote's entry then carries only the data of its own
// build, not ≈ 3 KB gzip of the same functions again (kit/build/webpack.cjs,
// SharedBundlerRuntimePlugin; docs/shell.md, "First-load budget").
//
// The functions keep no state of their own: each call is given the webpack runtime of
// the build it serves, so the shell and every remote can call the same ones.
import federation from '@module-federation/webpack-bundler-runtime/bundler';

export default function provideBundlerRuntime() {
  return {
    name: 'henhouse-provide-bundler-runtime',
    beforeInit(args) {
      globalThis.__henhouseBundlerRuntime = {
        version: __FEDERATION_VERSION__,
        bundlerRuntime: federation.bundlerRuntime,
        attachShareScopeMap: federation.attachShareScopeMap,
      };
      return args;
    },
  };
}
