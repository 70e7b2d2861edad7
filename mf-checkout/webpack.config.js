const { remoteConfig } = require('../kit/build/webpack.cjs');

// Each exposed module is one screen; its default export takes ScreenProps (kit/src/screen.ts).
module.exports = remoteConfig({
  dir: __dirname,
  exposes: {
    './Order': './src/screens/Order.tsx',
    './CartDrawer': './src/screens/CartDrawer.tsx',
    './Checkout': './src/screens/Checkout.tsx',
    './Confirmation': './src/screens/Confirmation.tsx',
    './TestCheckout': './src/screens/TestCheckout.tsx',
    './GiftCardsBuy': './src/screens/GiftCardsBuy.tsx',
    './GiftCardsBalance': './src/screens/GiftCardsBalance.tsx',
  },
  prerender: './src/prerender.tsx',
});
