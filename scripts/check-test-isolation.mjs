#!/usr/bin/env node
/**
 * Every Vitest project in a process pool starts each file with fresh modules and no mocks (decision 0039). The root
 * config turns the forks pool's isolation off, so that a process runs file after file; each forks project then has to
 * ask for isolation of its own (`isolate: true`), and one that forgets it would share modules and mocks between its
 * files without any test failing. This walks the projects as Vitest resolves them and reads the isolation their
 * workers get. The web project is the one meant to share (one thread keeps its jsdom and modules: decision 0038).
 */
import { createVitest } from 'vitest/node';

/** Projects whose files are meant to share a worker's modules. */
const SHARING = new Set(['web']);

const vitest = await createVitest('test', { watch: false }, {}, {});
const problems = [];
try {
  for (const project of vitest.projects) {
    const { pool, poolOptions } = project.serializedConfig;
    const isolated = pool === 'forks' || pool === 'threads' ? (poolOptions?.[pool]?.isolate ?? true) : true;
    if (SHARING.has(project.name)) {
      if (isolated) problems.push(`${project.name}: meant to share its ${pool} worker, but runs isolated`);
    } else if (!isolated) {
      problems.push(
        `${project.name}: its ${pool} worker keeps modules and mocks from file to file (set isolate: true)`,
      );
    }
  }
  for (const name of SHARING) {
    if (!vitest.projects.some((project) => project.name === name)) problems.push(`${name}: no such project`);
  }
} finally {
  await vitest.close();
}
if (problems.length > 0) {
  console.error(`Test isolation (decision 0039):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Test isolation: ${vitest.projects.length} projects as decision 0039 says`);
