// The client's features depend on each other in one direction: the graph of
// "features/<a>/ imports features/<b>/" (production code; tests may reach
// further) has no cycle. What two features both need moves down to
// client/src/entities/ or client/src/shared/. Prints the features in layers
// (each importing only features of lower layers) or every cycle found.
// Part of `npm run check:architecture`; .dependency-cruiser.cjs checks the
// per-module rules (only through index.ts, lower layers import no feature).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const features = join(root, 'client/src/features');
// Keep in step with TESTS in .dependency-cruiser.cjs.
const TEST = /\.test\.tsx?$|\/testing\/|\/testing\.ts$|\/given-when-then\.ts$/;
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name) && !TEST.test(path)) yield path;
  }
}

const featureOf = (path) => {
  const inside = relative(features, path);
  return inside.startsWith('..') ? undefined : inside.split('/')[0];
};

/** feature -> feature -> an import that makes the edge (file: specifier) */
const graph = new Map();
for (const name of readdirSync(features)) {
  if (statSync(join(features, name)).isDirectory()) graph.set(name, new Map());
}
for (const file of sources(features)) {
  const from = featureOf(file);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const to = featureOf(normalize(join(dirname(file), specifier)));
    if (to !== undefined && to !== from && !graph.get(from).has(to)) {
      graph.get(from).set(to, `${relative(root, file)}: ${specifier}`);
    }
  }
}

// Tarjan's strongly connected components: any component of two or more features is a cycle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
let counter = 0;
function connect(feature) {
  index.set(feature, counter);
  low.set(feature, counter);
  counter += 1;
  stack.push(feature);
  onStack.add(feature);
  for (const next of graph.get(feature).keys()) {
    if (!index.has(next)) {
      connect(next);
      low.set(feature, Math.min(low.get(feature), low.get(next)));
    } else if (onStack.has(next)) low.set(feature, Math.min(low.get(feature), index.get(next)));
  }
  if (low.get(feature) === index.get(feature)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== feature);
    components.push(component);
  }
}
for (const feature of [...graph.keys()].sort()) if (!index.has(feature)) connect(feature);

const cycles = components.filter((component) => component.length > 1);
if (cycles.length > 0) {
  for (const cycle of cycles) {
    const members = new Set(cycle);
    console.error(`client features import each other in a cycle: ${[...members].sort().join(', ')}`);
    for (const from of [...members].sort()) {
      for (const [to, where] of graph.get(from)) if (members.has(to)) console.error(`  ${from} -> ${to} (${where})`);
    }
  }
  console.error('Move what both sides need to client/src/entities/ or client/src/shared/.');
  process.exit(1);
}
// Acyclic: a feature's layer is one above the highest feature it imports; printed from the top down.
const layer = new Map();
const layerOf = (feature) => {
  if (!layer.has(feature)) layer.set(feature, 1 + Math.max(-1, ...[...graph.get(feature).keys()].map(layerOf)));
  return layer.get(feature);
};
const layers = Array.from({ length: 1 + Math.max(...[...graph.keys()].map(layerOf)) }, () => []);
for (const feature of [...graph.keys()].sort()) layers[layerOf(feature)].push(feature);
console.log('client features in one direction (each imports only features of the layers after it):');
for (const features of layers.reverse()) console.log(`  ${features.join(', ')}`);
