// Entry of the shell's prerender build (shell/webpack.config.js): a Node bundle that
// exports the chrome of every layout, written to build/shell/chrome.json.
export { renderAllChrome } from './chrome';
