// `node:fs`, plus `globSync` from the `glob` package where Node lacks it (before 22).
import fs from 'node:fs';
import { createRequire } from 'node:module';

export * from 'node:fs';
export default fs;

const require = createRequire(import.meta.url);
export const globSync = fs.globSync ?? require('glob').globSync;
