const path = require('node:path');
const CopyPlugin = require('copy-webpack-plugin');
const { shellConfig, buildRoot } = require('../kit/build/webpack.cjs');

module.exports = shellConfig({
  dir: __dirname,
  extraPlugins: [
    new CopyPlugin({ patterns: [{ from: path.join(__dirname, 'public'), to: path.join(buildRoot, 'shell', 'static') }] }),
  ],
});
