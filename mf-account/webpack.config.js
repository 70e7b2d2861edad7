const { remoteConfig } = require('../kit/build/webpack.cjs');

// Each exposed module is one screen; its default export takes ScreenProps (kit/src/screen.ts).
module.exports = remoteConfig({
  dir: __dirname,
  exposes: {
    './Dashboard': './src/screens/Dashboard.tsx',
    './Confirmed': './src/screens/Confirmed.tsx',
    './Forgot': './src/screens/Forgot.tsx',
    './Settings': './src/screens/Settings.tsx',
    './SignIn': './src/screens/SignIn.tsx',
    './SignUp': './src/screens/SignUp.tsx',
    './AppCode': './src/screens/AppCode.tsx',
    './Subscribe': './src/screens/Subscribe.tsx',
  },
  prerender: './src/prerender.tsx',
});
