const { remoteConfig } = require('../kit/build/webpack.cjs');

// Each exposed module is one screen; its default export takes ScreenProps (kit/src/screen.ts).
module.exports = remoteConfig({
  dir: __dirname,
  exposes: {
    './ContentPage': './src/screens/ContentPage.tsx',
    './Contact': './src/screens/Contact.tsx',
    './Jobs': './src/screens/Jobs.tsx',
    './Sitemap': './src/screens/Sitemap.tsx',
    './Typography': './src/screens/Typography.tsx',
  },
  prerender: './src/prerender.tsx',
});
