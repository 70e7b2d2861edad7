const { remoteConfig } = require('../kit/build/webpack.cjs');

// Each exposed module is one screen; its default export takes ScreenProps (kit/src/screen.ts).
module.exports = remoteConfig({
  dir: __dirname,
  exposes: {
    './MenuIndex': './src/screens/MenuIndex.tsx',
    './Menu': './src/screens/Menu.tsx',
    './Category': './src/screens/Category.tsx',
    './Product': './src/screens/Product.tsx',
    './Group': './src/screens/Group.tsx',
  },
  prerender: './src/prerender.tsx',
});
