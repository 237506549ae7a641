// `npm start`: prepare the tree (scripts/prepare.mjs: install and build what is missing or stale),
// then run the server in this same process. npm `exec`s it, so Ctrl+C and SIGTERM reach the server
// directly; one process instead of two saves a Node start (docs/decisions/093-start-time.md).
import './prepare.mjs';

await import('../dist/server/main.js');
