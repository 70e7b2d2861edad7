const { remoteConfig } = require('../kit/build/webpack.cjs');

// Each exposed module is one screen; its default export takes ScreenProps (kit/src/screen.ts).
module.exports = remoteConfig({
  dir: __dirname,
  prerender: './src/prerender.tsx',
  exposes: {
    './Search': './src/screens/Search.tsx',
    './All': './src/screens/All.tsx',
    './Browse': './src/screens/Browse.tsx',
  },
});
