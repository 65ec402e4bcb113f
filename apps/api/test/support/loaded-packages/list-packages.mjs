// Imports the module named by argv[2] and prints (JSON) the packages from node_modules its import graph resolved,
// as ESM sees them: what a start of that module loads before anything is used.
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const urls = [];
port1.on('message', (url) => urls.push(url));
register('./record-resolve.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
await import(process.argv[2]);
// The hook runs on the loader thread: let its last messages arrive.
await new Promise((resolve) => setTimeout(resolve, 200));
port1.close();
const packages = new Set(
  urls
    .map((url) => url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1])
    .filter((name) => name !== undefined),
);
console.log(JSON.stringify([...packages].sort()));
