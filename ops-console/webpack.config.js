// The ops console is a plain bundle (no module federation): the admin app serves
// BUILD_DIR/ops-console/console.js and console.css under /admin/assets/ on ADMIN_ADDR
// (edge/internal/admin/console.go). The names are fixed because the edge's page names
// them; the edge has the browser revalidate them on each load.
const path = require('node:path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');

const repoRoot = path.resolve(__dirname, '..');
const buildRoot = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : path.join(repoRoot, 'build');

module.exports = (_env, argv) => ({
  mode: argv.mode ?? 'production',
  target: 'web',
  entry: { console: path.join(__dirname, 'src', 'index.tsx') },
  output: {
    path: path.join(buildRoot, 'ops-console'),
    filename: '[name].js',
    clean: true,
  },
  devtool: 'source-map',
  module: {
    rules: [
      {
        test: /\.[jt]sx?$/,
        exclude: /node_modules/,
        use: {
          loader: 'swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2020',
            },
          },
        },
      },
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      { test: /\.(svg|woff2?)$/, type: 'asset/resource', generator: { filename: '[name].[contenthash:8][ext]' } },
    ],
  },
  // One file each: the page links exactly console.js and console.css.
  optimization: { splitChunks: false, runtimeChunk: false, minimizer: ['...', new CssMinimizerPlugin()] },
  plugins: [new MiniCssExtractPlugin({ filename: '[name].css' })],
  resolve: {
    extensions: ['.tsx', '.ts', '.jsx', '.js'],
    alias: { '@henhouse/kit': path.join(repoRoot, 'kit', 'src') },
  },
  performance: { hints: false },
  stats: 'errors-warnings',
  infrastructureLogging: { level: 'warn' },
});
