// Lints api/openapi.yaml with Redocly's recommended rules, as `redocly lint` does, and
// fails on any problem. The rules turned off, each with its reason, are in redocly.yaml;
// nothing else may warn. Run by `make lint`.
import { lint, loadConfig } from '@redocly/openapi-core';

const config = await loadConfig({ configPath: 'redocly.yaml' });
const problems = await lint({ ref: 'api/openapi.yaml', config });
for (const p of problems) {
  const where = p.location?.map((l) => l.pointer).join(', ') ?? '';
  console.error(`${p.severity} ${p.ruleId}: ${p.message} ${where}`);
}
if (problems.length > 0) {
  console.error(`api/openapi.yaml: ${problems.length} problem(s) (redocly.yaml lists the deliberate exceptions)`);
  process.exit(1);
}
console.log('api/openapi.yaml: no problems with the recommended rules');
