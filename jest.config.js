// One jest config; each workspace is a project so `jest --selectProjects mf-menu`
// runs one remote's tests and `npm run test:unit` runs them all in parallel.
const fs = require('node:fs');
const path = require('node:path');
const { workspaces } = require('./package.json');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2020',
    },
  },
];
const project = (name) => ({
  displayName: name,
  rootDir: __dirname,
  roots: [`<rootDir>/${name}/src`],
  testEnvironment: 'jsdom',
  transform: { '^.+\\.[jt]sx?$': swc },
  moduleNameMapper: {
    '^@henhouse/kit/(.*)$': '<rootDir>/kit/src/$1',
    '\\.css$': '<rootDir>/kit/test/cssModule.js',
  },
  setupFilesAfterEnv: ['<rootDir>/kit/test/setup.ts'],
});
// Every workspace with a src/ folder; e2e has none (its browser tests run under node --test).
module.exports = {
  projects: workspaces.filter((w) => fs.existsSync(path.join(__dirname, w, 'src'))).map(project),
};
