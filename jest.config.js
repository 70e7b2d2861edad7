// One jest config; each workspace is a project so `jest --selectProjects mf-menu`
// runs one remote's tests and `npm run test:unit` runs them all in parallel.
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' } },
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
module.exports = {
  projects: ['kit', 'shell', 'mf-locations', 'mf-menu', 'mf-checkout', 'mf-account', 'mf-content'].map(project),
};
