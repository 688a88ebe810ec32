// Preloaded by scripts/conformance.sh (`node --import ./globsync-register.mjs`).
//
// The conformance CLI does `import { globSync } from "fs"`, which only Node 22 and later
// provide; on Node 20 the import fails at link time, before any code runs. Adding the
// function to `fs` at run time cannot help (a built-in module's named exports are fixed),
// so on a Node without it this registers a resolve hook that serves `fs` from a module
// that re-exports `node:fs` plus `globSync` from the `glob` package.
import { register } from 'node:module';
import fs from 'node:fs';

if (typeof fs.globSync !== 'function') {
  register('./globsync-hooks.mjs', import.meta.url);
}
