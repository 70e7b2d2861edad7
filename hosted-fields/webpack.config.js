// The hosted card fields are not a federated remote: they are the card processor's own
// files, served from /payments/<version>/ (docs/checkout.md, "Card fields"). Two
// scripts: checkout.js, which a page loads to put the frame in, and frame.js (with
// frame.css), which runs inside the frame.
const path = require('node:path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { buildRoot, PrecompressPlugin } = require('../kit/build/webpack.cjs');
const { version } = require('./package.json');

module.exports = (_env, argv) => {
  const prod = argv.mode !== 'development';
  return {
    context: __dirname,
    mode: prod ? 'production' : 'development',
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { checkout: './src/checkout-entry.ts', frame: './src/frame-entry.ts' },
    output: { path: path.join(buildRoot, 'payments', version), filename: '[name].js', clean: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.[jt]s$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    plugins: [new MiniCssExtractPlugin({ filename: '[name].css' }), new PrecompressPlugin()],
    performance: { hints: false },
    stats: 'errors-warnings',
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(__dirname, '..', 'node_modules', '.cache', 'webpack', 'hosted-fields'),
    },
  };
};
