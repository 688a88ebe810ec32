// Module resolve hook (see globsync-register.mjs): every ESM import of `fs` or `node:fs`
// gets fs-globsync.mjs instead, except the one that module makes itself.
const SHIM = new URL('./fs-globsync.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL !== SHIM) {
    return { url: SHIM, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
